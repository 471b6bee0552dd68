// Lists (docs/product.md §3 List; §6 owner actions; §7 Lists): reading one list, and what only its owner may
// do (edit, delete). System lists have no owner (user_id null), so nobody edits them via the API.
// A group's list (issue #28 item 4; docs/decisions/0196-group-lists.md): its members add items; its
// creator or a group admin renames or deletes it.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ApiList, ChannelId, DeletedResponse } from '../../common/contract';
import { LIST_KEYS, VISIBILITY } from '../../common/contract';
import type { Db } from '../db/client';
import { listItems, lists } from '../db/schema/lists';
import { fieldError, httpError, notFound } from '../http/errors';
import { requirePostingGroup } from './group-posts';
import { requireRole } from './groups';
import { loadVisibleList, type ViewerId } from './list-view';

/** The API writes only these two (docs/product.md §3 visibility levels PUBLIC 0 and PRIVATE 2). */
type ListVisibility = 0 | 2;
type ListInput = { name: string; description: string | null; visibility: ListVisibility };
type ListEdit = { [K in keyof ListInput]?: ListInput[K] | undefined };
type NewList = ListInput & { group_id?: number | undefined };

/** A list the caller may see, else 404 (a private list of someone else is never confirmed to exist). */
export async function requireVisibleList(db: Db, listId: number, viewerId: ViewerId): Promise<ApiList> {
  const list = await loadVisibleList(db, listId, viewerId);
  if (list === undefined) throw notFound('List');
  return list;
}

/** docs/product.md §6: lists have owner actions; 404 before 403, as for posts. */
export async function requireOwnList(db: Db, listId: number, userId: number): Promise<ApiList> {
  const list = await requireVisibleList(db, listId, userId);
  if (!list.is_mine) throw httpError(403, 'list.not_owner', 'Only the owner can change this list');
  return list;
}

/** Adding items: the list's owner, or any member of the group a group list belongs to; 404 before 403. */
export async function requireListEditor(db: Db, listId: number, userId: number): Promise<ApiList> {
  const list = await requireVisibleList(db, listId, userId);
  if (!list.is_mine && (list.group_id ?? null) === null) throw httpError(403, 'list.not_owner', 'Only the owner can change this list');
  return list;
}

/** Renaming or deleting: the owner; for a group's list also a group admin. */
export async function requireListManager(db: Db, listId: number, userId: number): Promise<ApiList> {
  const list = await requireVisibleList(db, listId, userId);
  if (list.is_mine) return list;
  const groupId = list.group_id ?? null;
  if (groupId === null || (await requireRole(db, groupId, userId)) !== 'admin') throw httpError(403, 'list.not_owner', 'Only the owner can change this list');
  return list;
}

/** With group_id (issue #28 item 4): a list of a group the caller is a live member of (else 422), in its channel, always PRIVATE. */
export async function createList(db: Db, userId: number, channelId: ChannelId, input: NewList): Promise<ApiList> {
  const group = input.group_id === undefined ? undefined : await requirePostingGroup(db, input.group_id, userId);
  const [row] = await db.insert(lists).values({
    userId, channelId: group?.channel_id ?? channelId, name: input.name, description: input.description,
    visibility: group === undefined ? input.visibility : VISIBILITY.PRIVATE, groupId: group?.id ?? null,
  }).returning({ id: lists.id });
  if (row === undefined) throw new Error('list insert returned no row');
  return requireVisibleList(db, row.id, userId);
}

export async function updateList(db: Db, listId: number, userId: number, edit: ListEdit): Promise<ApiList> {
  const list = await requireListManager(db, listId, userId);
  // A group's list stays within its group (docs/product.md §11): it is never made public.
  if ((list.group_id ?? null) !== null && edit.visibility === VISIBILITY.PUBLIC) {
    throw fieldError('visibility', 'A group\'s list stays within the group', 'validation.invalid');
  }
  await db.update(lists).set({
    // Drizzle leaves a key whose value is undefined out of the SET: what the edit does not name stays.
    name: edit.name, description: edit.description, visibility: edit.visibility,
    updatedAt: new Date(),
  }).where(eq(lists.id, listId));
  return requireVisibleList(db, listId, userId);
}

/** A hard delete: items, their prayers, bookmarks, notes and comments go with it (ON DELETE CASCADE). */
export async function deleteList(db: Db, listId: number, userId: number): Promise<DeletedResponse> {
  await requireListManager(db, listId, userId);
  await db.delete(lists).where(eq(lists.id, listId));
  return { id: listId, deleted: true };
}

/** The channel's 'biblical-prayers' system list (seeded in every channel, server/db/seed-lists.ts). */
export async function requireBiblicalList(db: Db, channelId: ChannelId, viewerId: ViewerId): Promise<ApiList> {
  const [row] = await db.select({ id: lists.id }).from(lists)
    .where(and(eq(lists.channelId, channelId), eq(lists.key, LIST_KEYS.biblicalPrayers), isNull(lists.userId))).limit(1);
  if (row === undefined) throw notFound('List');
  return requireVisibleList(db, row.id, viewerId);
}

/** A list in the channel's garden of prayer (is_garden), else 404. */
export async function requireGardenList(db: Db, listId: number, viewerId: ViewerId): Promise<ApiList> {
  const [row] = await db.select({ id: lists.id }).from(lists).where(and(eq(lists.id, listId), isNotNull(lists.gardenPosition))).limit(1);
  if (row === undefined) throw notFound('List');
  return requireVisibleList(db, row.id, viewerId);
}

/** Keeps docs/product.md §3 config.qtd (active items) exact: recounted in the transaction that changed the items. */
export async function refreshItemCount(db: Db, listId: number, now = new Date()): Promise<void> {
  await db.update(lists).set({
    itemCount: sql`(select count(*)::int from ${listItems} where ${listItems.postListId} = ${listId} and ${listItems.deletedAt} is null)`,
    updatedAt: now,
  }).where(eq(lists.id, listId));
}
