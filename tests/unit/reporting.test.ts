// Issue #12 item 8 on the device, against fake-indexeddb: a report chooses no reason for the user
// and carries optional details; the reported post leaves the feed at once and stays out after the
// ack; "Hide posts from this person" takes the person's signed posts out of the feed at once and
// "Show again" brings them back; a refusal undoes either. The menu offers hiding only where it means something.
import { beforeEach, describe, expect, it } from 'vitest';
import { hidePerson, reportPost, showPerson } from '../../src/commands';
import { reportBody } from '../../src/commands/report-body';
import { personActionsMenu } from '../../src/db/actions-menu';
import { clearAllTables, db, writeTables } from '../../src/model/db';
import { readFeedWindow } from '../../src/db/feed-reads';
import { readHiddenPeople } from '../../src/db/hidden-people';
import { setMeta } from '../../src/model/meta';
import { opFor, rebaseRows } from '../../src/commands/ops/registry';
import { opContext } from '../../worker/local-store';
import { mergeServerPost } from '../../src/model/merge';
import { onlyEntry, refuseEntry } from './outbox-helpers';
import { apiPost, MEMBER, postRow } from './fixtures';
import { putServerRows } from '../../src/model/rows';

const hour = (h: number) => `2025-01-01T${String(h).padStart(2, '0')}:00:00.000Z`;
const HUGO = { id: 9, username: 'hugo-1a2b3c', name: 'Hugo', avatar: null };

beforeEach(async () => {
  await clearAllTables();
  await setMeta('auth', { memberToken: 'm', guestToken: null, user: MEMBER, guest: null, expired: false });
  await db.posts.bulkPut([
    postRow({ id: 4, created_at: hour(13), user_id: null, is_anonymous: true, is_mine: false }),
    postRow({ id: 3, created_at: hour(12), user_id: HUGO.id, is_mine: false }),
    postRow({ id: 2, created_at: hour(11), user_id: HUGO.id, is_mine: false }),
    postRow({ id: 1, created_at: hour(10), text: 'Mine', user_id: MEMBER.id, is_mine: true }),
  ]);
});

const feedIds = async () => (await readFeedWindow({}, 20)).items.flatMap((item) => [item.id, ...item.collapsedIds]);

describe('reportBody', () => {
  it('needs a reason chosen by the user; details are trimmed, blank is none, over 500 is refused', () => {
    expect(() => reportBody(null)).toThrow('Choose a reason.');
    expect(reportBody('other', '  Asks for money.  ')).toEqual({ type: 'other', details: 'Asks for money.' });
    expect(reportBody('spam', '   ')).toEqual({ type: 'spam' });
    expect(reportBody('spam', 'x'.repeat(500))).toEqual({ type: 'spam', details: 'x'.repeat(500) });
    expect(() => reportBody('spam', 'x'.repeat(501))).toThrow(/500/);
  });
});

describe('reportPost', () => {
  it('queues the details, takes the post out of the feed at once, keeps it out after the ack', async () => {
    await reportPost(3, 'other', 'Asks for money.');
    const entry = await onlyEntry();
    if (entry.op !== 'post.report') throw new Error(`expected post.report, got ${entry.op}`);
    expect(entry).toMatchObject({ target: { postId: 3 }, body: { type: 'other', details: 'Asks for money.' } });
    expect(opFor('post.report').request(entry)).toMatchObject({ body: { type: 'other', details: 'Asks for money.' } });
    expect(await feedIds()).not.toContain(3);

    // The ack: the entry leaves the outbox; a later pull of the same post does not bring it back.
    await db.transaction('rw', writeTables(), async () => {
      await db.outbox.delete(entry.seq);
      await opFor('post.report').onAck(entry, { reported: true, type: 'other' }, opContext);
      await putServerRows('posts', [apiPost({ id: 3, created_at: hour(12), user_id: HUGO.id })]);
      await rebaseRows([{ table: 'posts', id: 3 }]);
    });
    expect(await feedIds()).not.toContain(3);
  });

  it('a refused report shows the post again', async () => {
    await reportPost(3, 'spam');
    await refuseEntry(await onlyEntry());
    expect(await feedIds()).toContain(3);
  });
});

describe('hidePerson / showPerson', () => {
  it('hides the person’s signed posts at once and lists them; Show again brings them back', async () => {
    await hidePerson(HUGO);
    const entry = await onlyEntry();
    if (entry.op !== 'person.hide') throw new Error(`expected person.hide, got ${entry.op}`);
    expect(entry.body).toEqual({ person: HUGO });
    expect(opFor('person.hide').request(entry)).toEqual({ method: 'PUT', path: 'user/hidden-people/9' });
    expect(await feedIds()).toEqual([4, 1]);
    expect(await readHiddenPeople()).toEqual([HUGO]);

    // A pull of a hidden person's post keeps it hidden.
    await db.transaction('rw', writeTables(), async () => {
      await putServerRows('posts', [apiPost({ id: 2, created_at: hour(11), user_id: HUGO.id, text: 'Edited' })]);
    });
    expect(await feedIds()).toEqual([4, 1]);

    await showPerson(HUGO);
    expect(await feedIds()).toEqual([4, 3, 2, 1]);
    expect(await readHiddenPeople()).toEqual([]);
  });

  it('a refused hide shows the posts again; nobody can hide themselves', async () => {
    await hidePerson(HUGO);
    await refuseEntry(await onlyEntry());
    expect(await feedIds()).toEqual([4, 3, 2, 1]);
    expect(await readHiddenPeople()).toEqual([]);
    await expect(hidePerson({ ...HUGO, id: MEMBER.id })).rejects.toMatchObject({ status: 422 });
  });
});

describe('personActionsMenu', () => {
  const others = { is_mine: false, user_id: 9, is_anonymous: false };
  it.each([
    ["someone else's signed post", others, { id: 7 }, ['hidePerson']],
    ["someone else's anonymous post", { ...others, user_id: null, is_anonymous: true }, { id: 7 }, []],
    ['my own post', { ...others, is_mine: true, user_id: 7 }, { id: 7 }, []],
    ['an anonymous visitor', others, null, []],
  ] as const)('%s', (_case, post, viewer, expected) => {
    expect(personActionsMenu(post, viewer)).toEqual(expected);
  });
});

describe('mergeServerPost', () => {
  it('keeps hiddenAuthor for the same signed author and reportedHere always', () => {
    const existing = { ...postRow({ id: 5, user_id: 9 }), hiddenAuthor: true as const, reportedHere: true as const };
    expect(mergeServerPost(existing, apiPost({ id: 5, user_id: 9 }))).toMatchObject({ hiddenAuthor: true, reportedHere: true });
    expect(mergeServerPost(existing, apiPost({ id: 5, user_id: null, is_anonymous: true })).hiddenAuthor).toBeUndefined();
  });
});
