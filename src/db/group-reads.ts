// The read functions of prayer groups (issue #28 item 5; docs/product.md §11): plain async functions
// over Dexie, for the group screens' hooks (to come) and for tests. A group being left here is not
// shown, nor are its posts; a group made or joined here shows at once (`isPending`).
import { Dexie } from 'dexie';
import { db } from '../model/db';
import { mappedId } from '../model/meta';
import type { GroupRow } from '../model/group-types';
import { toShownPost, type ShownPost } from '../model/shown';

export type ShownGroup = Omit<GroupRow, 'local' | 'provisional'> & { isPending: boolean };

function toShownGroup(row: GroupRow): ShownGroup {
  const { local, provisional: _provisional, ...server } = row;
  // Issue #28 item 6: my waiting choice of the group's notifications shows at once ('group.notify').
  // Issue #28 item 1: a waiting rename or role change of mine shows at once ('group.edit', 'group.setRole').
  return { ...server, ...local.edit, my_role: local.role ?? server.my_role, my_notify: local.notify ?? server.my_notify, isPending: row.id < 0 || local.joining };
}

/** A temporary id whose group has since got its real one is followed (meta.groupIdMap). */
export async function currentGroupId(id: number): Promise<number> {
  if (id > 0 || (await db.groups.get(id))) return id;
  return (await mappedId('groupIdMap', id)) ?? id;
}

/**
 * Issue #28 item 3: whether I review the group's reports in the moderation screen: it is on the
 * server and I am its moderator or admin (a waiting change of my own role counts).
 */
export function isModeratedByMe(group: ShownGroup): boolean {
  return group.id > 0 && !group.isPending && group.my_role !== 'member';
}

/** My groups by name (the server's order), those made here first. */
export async function readMyGroups(): Promise<ShownGroup[]> {
  const rows = await db.groups.filter((row) => !row.local.deleted).toArray();
  return rows.map(toShownGroup).sort((a, b) => Number(b.id < 0) - Number(a.id < 0) || a.name.localeCompare(b.name) || a.id - b.id);
}

export async function readGroup(id: number): Promise<ShownGroup | undefined> {
  const row = await db.groups.get(await currentGroupId(id));
  return row && !row.local.deleted ? toShownGroup(row) : undefined;
}

/** A group's feed, newest first (the `groupFeed` index: feed order, hidden posts left out), at most `limit` posts. */
export async function readGroupFeed(id: number, limit: number): Promise<ShownPost[]> {
  const groupId = await currentGroupId(id);
  const group = await db.groups.get(groupId);
  if (!group || group.local.deleted) return [];
  const rows = await db.posts.where('groupFeed').between([groupId, Dexie.minKey], [groupId, Dexie.maxKey]).reverse().limit(limit).toArray();
  return rows.map(toShownPost);
}
