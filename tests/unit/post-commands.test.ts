// Post commands (src/commands/post-commands.ts): the optimistic change, the outbox entry, and
// the rollback a refusal makes (the rebase once the entry is gone), against fake-indexeddb.
import { beforeEach, describe, expect, it } from 'vitest';
import { answerPost, createComment, createNote, createRequest, deletePost, editPost, prayForPost, removeAnswer, reportPost } from '../../src/commands';
import { clearAllTables, db, writeTables } from '../../src/model/db';
import { changeInFlight } from '../../src/model/in-flight';
import { setMeta } from '../../src/model/meta';
import { actionsMenu } from '../../src/db/actions-menu';
import { readFeed, readPost } from '../../src/db/reads';
import type { ShownPost } from '../../src/model/shown';
import { onlyEntry, refuseEntry } from './outbox-helpers';
import { apiPost, MEMBER, postRow } from './fixtures';
import { rebaseRows } from '../../src/commands/ops/registry';
import { putServerRows } from '../../src/model/rows';

const hour = (h: number) => `2025-01-01T${String(h).padStart(2, '0')}:00:00.000Z`;

beforeEach(async () => {
  await clearAllTables();
  await setMeta('auth', { memberToken: 'm', guestToken: null, user: MEMBER, guest: null, expired: false });
  await db.posts.bulkPut([
    postRow({ id: 3, created_at: hour(12), user_id: 9, is_mine: false }),
    postRow({ id: 2, created_at: hour(11), text: 'Mine', user_id: MEMBER.id, is_mine: true }),
    postRow({ id: 1, created_at: hour(10), text: 'Also mine', user_id: MEMBER.id, is_mine: true }),
  ]);
});

async function shown(id: number): Promise<ShownPost> {
  const post = await readPost(id);
  if (!post) throw new Error(`post ${id} is not shown`);
  return post;
}

describe('editPost', () => {
  it('shows the edit at once, survives a pull, and a refusal rolls it back', async () => {
    await editPost(2, { text: '  Mine, edited ' });
    expect(await onlyEntry()).toMatchObject({ op: 'post.edit', target: { postId: 2 }, body: { text: 'Mine, edited' }, accountId: MEMBER.id });
    expect(await readPost(2)).toMatchObject({ text: 'Mine, edited', isPending: true });

    await db.transaction('rw', writeTables(), async () => {
      await putServerRows('posts', [apiPost({ id: 2, created_at: hour(11), text: 'Mine', is_mine: true, user_id: MEMBER.id })]);
      await rebaseRows([{ table: 'posts', id: 2 }]);
    });
    expect((await readPost(2))?.text).toBe('Mine, edited');

    await refuseEntry(await onlyEntry());
    expect(await readPost(2)).toMatchObject({ text: 'Mine', isPending: false });
  });

  it.each([
    ["someone else's post", 3, { text: 'x' }, 403],
    ['a post not here', 404, { text: 'x' }, 404],
    ['nothing changed', 2, {}, 422],
    ['empty text', 2, { text: '  ' }, 422],
  ] as const)('refuses %s, writing nothing', async (_case, id, edit, status) => {
    await expect(editPost(id, edit)).rejects.toMatchObject({ status });
    expect(await db.outbox.count()).toBe(0);
  });

  it('turning a post anonymous hides its author at once', async () => {
    await editPost(2, { is_anonymous: true });
    expect(await readPost(2)).toMatchObject({ is_anonymous: true, user: { username: 'anonymous', id: null } });
  });
});

describe('answerPost / removeAnswer (docs/product.md §4)', () => {
  it('answering moves the post to the top; removing the answer puts it back in place', async () => {
    expect((await readFeed({})).map((p) => p.id)).toEqual([3, 2, 1]);
    await answerPost(1, ' He is healed ');
    expect((await readFeed({})).map((p) => p.id)).toEqual([1, 3, 2]);
    expect(await readPost(1)).toMatchObject({ atendido: true, answer_text: 'He is healed' });
    expect(actionsMenu(await shown(1), MEMBER)).toEqual(['editAnsweredPost', 'deleteAnsweredPost', 'editPost', 'deletePost']);

    await removeAnswer(1);
    expect(await readPost(1)).toMatchObject({ atendido: false, answer_text: null, updated_answer_at: null });
    expect((await readFeed({})).map((p) => p.id)).toEqual([3, 2, 1]);
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual(['post.answer', 'post.unanswer']);
  });

  it('stays at the top after a pull brings the server’s answer time', async () => {
    await db.transaction('rw', writeTables(), async () => {
      await putServerRows('posts', [apiPost({ id: 1, created_at: hour(10), atendido: true, updated_answer_at: hour(13), is_mine: true })]);
    });
    expect((await readFeed({})).map((p) => p.id)).toEqual([1, 3, 2]);
  });

  it('an empty testimony answers without one', async () => {
    await answerPost(2, '   ');
    expect((await onlyEntry()).body).toEqual({ answer_text: null });
  });

  it('a refused answer rolls back to unanswered, in place', async () => {
    await answerPost(1, 'Yes');
    await refuseEntry(await onlyEntry(), 403);
    expect(await readPost(1)).toMatchObject({ atendido: false, answer_text: null });
    expect((await readFeed({})).map((p) => p.id)).toEqual([3, 2, 1]);
  });
});

describe('deletePost', () => {
  it('hides the post until the server answers; a refusal shows it again', async () => {
    await deletePost(2);
    expect(await readPost(2)).toBeNull();
    expect((await readFeed({})).map((p) => p.id)).toEqual([3, 1]);
    await refuseEntry(await onlyEntry(), 404);
    expect((await readFeed({})).map((p) => p.id)).toEqual([3, 2, 1]);
  });

  it('of a post never sent: cancels it and all queued on it, sends nothing, records no failure', async () => {
    const { id } = await createRequest({ text: 'Offline request', type: 'REQUEST', is_anonymous: false });
    await prayForPost(id);
    await createComment(id, 'A first comment');
    await createNote(id, 'A private note');
    await prayForPost(3);
    await deletePost(id);
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual(['post.pray']);
    expect(await db.posts.get(id)).toBeUndefined();
    expect(await db.comments.count()).toBe(0);
    expect(await db.notes.count()).toBe(0);
    expect(await db.failed.count()).toBe(0);
  });

  it('of a post whose creation is in flight: queues the delete behind it', async () => {
    const { id } = await createRequest({ text: 'Offline request', type: 'REQUEST', is_anonymous: false });
    const create = await onlyEntry();
    await changeInFlight({ add: [create.seq] });
    await deletePost(id);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.op, e.target])).toEqual([
      ['post.create', { postId: id }],
      ['post.delete', { postId: id }],
    ]);
  });
});

describe('reportPost', () => {
  it("reports someone else's post once; the menu stops offering it while pending", async () => {
    await reportPost(3, 'spam');
    expect(await onlyEntry()).toMatchObject({ op: 'post.report', target: { postId: 3 }, body: { type: 'spam' } });
    const post = await shown(3);
    expect(post.isReported).toBe(true);
    expect(actionsMenu(post, MEMBER)).toEqual([]);
  });

  it('refuses one’s own post (docs/product.md §6) and an unknown reason', async () => {
    await expect(reportPost(2, 'spam')).rejects.toMatchObject({ status: 403 });
    await expect(reportPost(3, 'boring' as never)).rejects.toMatchObject({ status: 422 });
    expect(await db.outbox.count()).toBe(0);
  });
});
