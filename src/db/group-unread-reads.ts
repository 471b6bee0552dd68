// Issue #49 item 4 (docs/product.md §11 'Unread'): how many posts by others came into each of my groups
// since I last had its page open on this device. A group's count is one range of the `groupOthers`
// index ([group id, createdAtMs] of the posts by others its feed shows, src/model/feed-key.ts) above
// the group's mark (meta.groupsSeen, kept by src/state/group-seen.ts), read as at most UNREAD_CAP
// keys: the cost follows the groups and their unread posts, never the store
// (docs/architecture/local-store.md 'Reads that follow the screen, not the store'). A pray, a
// comment or a community post moves no key of that index, so it re-runs no count.
import { Dexie } from 'dexie';
import { db } from '../model/db';
import { getMeta } from '../model/meta';

/** A group's count stops here: the badge shows "99+" from 100 on, so more is never read. */
export const UNREAD_CAP = 100;

/**
 * Where each group's unread posts begin: the viewer's mark (another account's marks count as none),
 * else where this device began to count (posts before the upgrade to version 13 never count).
 */
async function readMarks(): Promise<{ marks: Record<string, number>; from: number | undefined }> {
  const [seen, viewer] = await Promise.all([getMeta('groupsSeen'), getMeta('rowsViewer')]);
  return { marks: seen?.viewer === (viewer ?? null) ? seen.marks : {}, from: seen?.from };
}

/** Posts by others in the group above `mark` (all of them for a group never opened here), at most UNREAD_CAP. */
async function countAbove(groupId: number, mark: number = Dexie.minKey): Promise<number> {
  const range = db.posts.where('groupOthers').between([groupId, mark], [groupId, Dexie.maxKey], false, true);
  return (await range.limit(UNREAD_CAP).primaryKeys()).length;
}

/** Each of my groups (not one I am leaving) with its unread count. */
export async function readGroupsUnread(): Promise<Map<number, number>> {
  const [{ marks, from }, groups] = await Promise.all([readMarks(), db.groups.toArray()]);
  const mine = groups.filter((group) => !group.local.deleted);
  const counts = await Promise.all(mine.map((group) => countAbove(group.id, marks[group.id] ?? from)));
  return new Map(mine.map((group, i) => [group.id, counts[i] ?? 0]));
}

/** The navigation's badge: the unread posts of all my groups (at most UNREAD_CAP a group). */
export async function readUnreadTotal(): Promise<number> {
  let total = 0;
  for (const count of (await readGroupsUnread()).values()) total += count;
  return total;
}

/** createdAtMs of the newest post by others held in the group: where its page, open, marks it seen. */
export async function readNewestByOthers(groupId: number): Promise<number | null> {
  const newest = await db.posts.where('groupOthers').between([groupId, Dexie.minKey], [groupId, Dexie.maxKey]).last();
  return newest?.createdAtMs ?? null;
}
