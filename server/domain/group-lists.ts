// Prayer lists of a prayer group (issue #28 item 4; docs/product.md §11 Prayer groups;
// docs/decisions/0196-group-lists.md). Who sees one is group-visibility.ts groupListAudience
// (inside list-view.ts listVisibleTo): its group's live members, nobody else. Here: who may change
// what. Every member adds, edits, prays for, archives and restores its items; renaming or deleting
// the list is for its creator or a group admin; removing someone else's comment, for its creator or
// a group moderator or admin.
import { and, desc, inArray, isNull } from 'drizzle-orm';
import type { ApiList } from '../../common/contract';
import type { Db } from '../db/client';
import { lists } from '../db/schema/lists';
import { requireRole } from './groups';
import { listVisibleTo, selectLists, toApiList } from './list-view';
import { requireVisibleList } from './lists';

/** GET group/{id}/lists: the group's lists, most recently changed first; members only (404). A group holds a handful: not paged. */
export async function groupLists(db: Db, groupId: number, userId: number): Promise<ApiList[]> {
  await requireRole(db, groupId, userId);
  return (await groupsLists(db, [groupId], userId)).get(groupId) ?? [];
}

/**
 * The lists of several groups in one statement, by group, each most recently changed first
 * (GET sync/pull reads all of the member's groups'). listVisibleTo keeps any group the caller is
 * not a live member of empty.
 */
export async function groupsLists(db: Db, groupIds: number[], userId: number): Promise<Map<number, ApiList[]>> {
  const byGroup = new Map<number, ApiList[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await selectLists(db, userId)
    .where(and(inArray(lists.groupId, groupIds), isNull(lists.archivedAt), listVisibleTo(userId)))
    .orderBy(desc(lists.updatedAt), desc(lists.id));
  for (const row of rows) if (row.groupId !== null) byGroup.get(row.groupId)?.push(toApiList(row, userId));
  return byGroup;
}

/** Whether the caller may remove other people's comments on the list's items: the owner; in a group, its moderators and admins. */
export async function mayModerateListComments(db: Db, listId: number, userId: number): Promise<boolean> {
  const list = await requireVisibleList(db, listId, userId);
  if (list.is_mine) return true;
  const groupId = list.group_id ?? null;
  return groupId !== null && (await requireRole(db, groupId, userId)) !== 'member';
}
