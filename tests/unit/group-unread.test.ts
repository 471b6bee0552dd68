// Issue #49 item 4: the unread counts of Groups (src/db/group-unread-reads.ts, src/state/group-seen.ts).
// A group's count is its posts by others above the mark its page left: the viewer's own posts, hidden
// posts and a group being left never count; each count is an index range, capped at 100 keys; the
// live read of the badge is not re-run by a pray or a community post; another account's marks count
// as none; a database of version 12 upgrades to count from then on.
import { Dexie, liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, clearAllTables, db } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { EMPTY_GROUP_LOCAL, type GroupRow } from '../../src/model/group-types';
import { readGroupsUnread, readNewestByOthers, readUnreadTotal, UNREAD_CAP } from '../../src/db/group-unread-reads';
import { markGroupSeen } from '../../src/state/group-seen';
import { postRow } from './fixtures';
import { expectSoon } from '../helpers/wait-until';

const ME = 7;
const OTHER = 8;

function groupRow(id: number, local: Partial<GroupRow['local']> = {}): GroupRow {
  const at = '2025-01-01T00:00:00.000Z';
  return {
    id, name: `Group ${String(id)}`, description: null, channel_id: 1, picture: null, created_at: at, updated_at: at,
    member_count: 2, my_role: 'member', my_notify: 'all', invite: null, local: { ...EMPTY_GROUP_LOCAL, ...local },
  };
}

/** A group post at minute `minute` of 2025-03-01, by the viewer or by someone else. */
function groupPost(id: number, groupId: number, minute: number, by: 'me' | 'other' = 'other') {
  const at = new Date(Date.UTC(2025, 2, 1, 0, minute)).toISOString();
  const user = by === 'me' ? ME : OTHER;
  return postRow({ id, group_id: groupId, created_at: at, user_id: user, user: { id: user, username: `u${String(user)}`, name: 'U', avatar: null }, is_mine: by === 'me' });
}

const minuteMs = (minute: number) => Date.UTC(2025, 2, 1, 0, minute);

beforeEach(async () => {
  await clearAllTables();
  await setMeta('rowsViewer', ME);
});

describe('the unread count of a group', () => {
  it('counts posts by others above the mark; the viewer’s own, hidden ones and a group being left do not count', async () => {
    await db.groups.bulkPut([groupRow(1), groupRow(2), groupRow(3, { deleted: true })]);
    await db.posts.bulkPut([groupPost(11, 1, 1), groupPost(12, 1, 2, 'me'), groupPost(13, 1, 3), groupPost(21, 2, 1), groupPost(31, 3, 5)]);
    await db.posts.put(postRow({ id: 99, user_id: OTHER })); // a community post
    // Never opened here: every post by others held counts.
    expect(await readGroupsUnread()).toEqual(new Map([[1, 2], [2, 1]]));
    expect(await readUnreadTotal()).toBe(3);

    // Its page was open with post 13 the newest by others: group 1 is read.
    expect(await readNewestByOthers(1)).toBe(minuteMs(3));
    await markGroupSeen(1, minuteMs(3));
    expect(await readGroupsUnread()).toEqual(new Map([[1, 0], [2, 1]]));

    // Another member posts; the viewer posts too; one more by another is reported here (hidden).
    await db.posts.bulkPut([groupPost(14, 1, 4), groupPost(15, 1, 5, 'me'), groupPost(16, 1, 6)]);
    expect((await readGroupsUnread()).get(1)).toBe(2);
    await db.posts.update(16, { 'local.reported': true });
    expect((await readGroupsUnread()).get(1)).toBe(1);
    // An older post pulled later (a "load more") is below the mark: not new.
    await db.posts.put(groupPost(10, 1, 0));
    expect((await readGroupsUnread()).get(1)).toBe(1);
  });

  it('keeps a mark from moving back, and counts another account’s marks as none', async () => {
    await db.groups.put(groupRow(1));
    await db.posts.bulkPut([groupPost(11, 1, 1), groupPost(12, 1, 2)]);
    await markGroupSeen(1, minuteMs(2));
    await markGroupSeen(1, minuteMs(1)); // another tab, behind
    expect(await readUnreadTotal()).toBe(0);
    // Someone else signs in on this device (the rows are rebuilt for them): my marks are not theirs.
    await setMeta('rowsViewer', OTHER + 1);
    expect(await readUnreadTotal()).toBe(2);
  });

  it('reads at most 100 keys a group', async () => {
    await db.groups.bulkPut([groupRow(1), groupRow(2)]);
    await db.posts.bulkPut(Array.from({ length: 130 }, (_, i) => groupPost(1000 + i, 1, i)));
    await db.posts.put(groupPost(2000, 2, 1));
    expect(await readGroupsUnread()).toEqual(new Map([[1, UNREAD_CAP], [2, 1]]));
    expect(await readUnreadTotal()).toBe(UNREAD_CAP + 1);
  });
});

describe('the live read of the badge', () => {
  it('is not re-run by a pray on a group post or by a community post, and is by a new post by others', async () => {
    await db.groups.put(groupRow(1));
    await db.posts.bulkPut([groupPost(11, 1, 1), postRow({ id: 99, user_id: OTHER })]);
    const emissions: number[] = [];
    const subscription = liveQuery(readUnreadTotal).subscribe((total) => emissions.push(total));
    await expectSoon(() => emissions.length === 1);
    await db.posts.where('id').anyOf(11, 99).modify((row) => {
      row.local.pendingPrays += 1;
    });
    await db.posts.put(postRow({ id: 98, user_id: OTHER, created_at: '2025-04-01T00:00:00.000Z' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(emissions).toEqual([1]);
    await db.posts.put(groupPost(12, 1, 2));
    await expectSoon(() => emissions.length === 2);
    await markGroupSeen(1, minuteMs(2));
    await expectSoon(() => emissions.length === 3);
    subscription.unsubscribe();
    expect(emissions).toEqual([1, 2, 0]);
  });
});

describe('version 13', () => {
  const NAME = 'prayer-group-unread-upgrade';
  afterEach(async () => {
    await Dexie.delete(NAME);
  });

  it('starts counting at the upgrade: the group posts held never count, a later one by others does', async () => {
    const v12 = new Dexie(NAME);
    v12.version(12).stores({
      posts: 'id, [channel_id+createdAtMs], user_id, feed, mine, bookmarked, group_id, groupFeed, noteCount', lists: 'id, key, user_id, group_id',
      listItems: 'id, post_list_id', comments: 'id, post_id', notes: 'id, post_id', users: 'id, username',
      outbox: '++seq, &key, op, acct, *rowKeys, *ids, [op+acct], holdUntil', meta: 'key', failed: '++id, failedAt',
      itemComments: 'id, list_item_id', itemNotes: 'id, list_item_id', notifications: 'id, viewerId', reminders: 'id, accountId',
      drafts: 'key, accountId', groups: 'id',
    });
    await v12.open();
    await v12.table('meta').put({ key: 'rowsViewer', value: { rowsViewer: ME } });
    await v12.table('groups').put(groupRow(1));
    await v12.table('posts').bulkPut([groupPost(11, 1, 1), groupPost(12, 1, 3)]);
    v12.close();

    const before = Date.now();
    const current = new AppDb(NAME);
    const seen = (await current.meta.get('groupsSeen'))?.value.groupsSeen;
    expect(seen).toMatchObject({ viewer: null, marks: {} });
    expect(seen?.from).toBeGreaterThanOrEqual(before);
    current.close();
  });
});

describe('the start of counting', () => {
  it('leaves out what came before it, even a post rewritten since (a pull), and counts what comes after', async () => {
    await db.groups.put(groupRow(1));
    await db.posts.bulkPut([groupPost(11, 1, 1), groupPost(12, 1, 3)]);
    await setMeta('groupsSeen', { viewer: null, marks: {}, from: minuteMs(3) });
    await db.posts.put(groupPost(12, 1, 3)); // pulled again
    expect(await readUnreadTotal()).toBe(0);
    await db.posts.put(groupPost(13, 1, 4));
    expect(await readUnreadTotal()).toBe(1);
    // A mark kept since keeps the start.
    await markGroupSeen(1, minuteMs(4));
    expect((await db.meta.get('groupsSeen'))?.value.groupsSeen).toEqual({ viewer: ME, marks: { 1: minuteMs(4) }, from: minuteMs(3) });
  });
});
