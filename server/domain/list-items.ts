// List items (docs/product.md §3 List item; §4 List item states; §7 List items). Only the list's owner
// creates, edits, archives, restores and deletes items; in a group's list, every member (issue #28 item 4). docs/product.md §4: an active item can be edited,
// archived or deleted; an archived one (deleted_at set) can only be restored: anything else is a 422.
import { and, asc, count, desc, eq, isNotNull, isNull, max, type SQL } from 'drizzle-orm';
import type {
  ApiList, ApiListItem, DeletedResponse, ListDetailResponse, ListItemChangeResponse, ListItemDeletedResponse, Page,
} from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { listItems, lists } from '../db/schema/lists';
import { fieldError, httpError, notFound } from '../http/errors';
import { itemVisibleTo, loadVisibleItem, selectItems, toApiListItem, type ViewerId } from './list-view';
import { pageOffset, toPage } from './paging';
import { refreshItemCount, requireListEditor, requireVisibleList } from './lists';
import { loadVisiblePost } from './post-view';

type ItemsQuery = { page: number; archived: boolean };
type ItemInput = { text: string | undefined; title: string | null; reference: string | null; postId: number | undefined };
type ItemEdit = { text?: string | undefined; title?: string | null | undefined; reference?: string | null | undefined };

const ARCHIVED_MESSAGE = 'This item is archived: restore it first';
const NOT_ARCHIVED_MESSAGE = 'This item is not archived';

/** Active items in list order; with archived=1 the archived ones (only the owner ever sees them). */
function itemsOf(list: ApiList, viewerId: ViewerId, archived: boolean) {
  const where: SQL | undefined = and(
    eq(listItems.postListId, list.id),
    itemVisibleTo(viewerId),
    archived ? isNotNull(listItems.deletedAt) : isNull(listItems.deletedAt),
  );
  const order = archived ? [desc(listItems.deletedAt), desc(listItems.id)] : [asc(listItems.position), asc(listItems.id)];
  return { where, order };
}

export async function listItemsPage(db: Db, list: ApiList, viewerId: ViewerId, query: ItemsQuery): Promise<Page<ApiListItem>> {
  const { where, order } = itemsOf(list, viewerId, query.archived);
  const [counted] = await db.select({ n: count() }).from(listItems).innerJoin(lists, eq(lists.id, listItems.postListId)).where(where);
  const rows = await selectItems(db, viewerId).where(where).orderBy(...order).limit(PAGE_SIZE).offset(pageOffset(query.page));
  return toPage(rows.map((row) => toApiListItem(row, viewerId)), query.page, counted?.n ?? 0);
}

/** The first `limit` active items of a list the caller sees, in list order, one statement (GET sync/pull). */
export async function listItemsUpTo(db: Db, list: ApiList, viewerId: ViewerId, limit: number): Promise<ApiListItem[]> {
  const { where, order } = itemsOf(list, viewerId, false);
  const rows = await selectItems(db, viewerId).where(where).orderBy(...order).limit(limit);
  return rows.map((row) => toApiListItem(row, viewerId));
}

export async function getListDetail(db: Db, listId: number, viewerId: ViewerId, query: ItemsQuery): Promise<ListDetailResponse> {
  const list = await requireVisibleList(db, listId, viewerId);
  return { list, items: await listItemsPage(db, list, viewerId, query) };
}

export async function requireVisibleItem(db: Db, listId: number, itemId: number, viewerId: ViewerId): Promise<ApiListItem> {
  const item = await loadVisibleItem(db, listId, itemId, viewerId);
  if (item === undefined) throw notFound('Item');
  return item;
}

/** Praying, bookmarking, commenting and notes act on active items only (docs/product.md §4). */
export async function requireActiveItem(db: Db, listId: number, itemId: number, viewerId: ViewerId): Promise<ApiListItem> {
  const item = await requireVisibleItem(db, listId, itemId, viewerId);
  if (item.deleted_at !== null) throw httpError(422, 'item.archived', ARCHIVED_MESSAGE);
  return item;
}

async function requireOwnItem(db: Db, listId: number, itemId: number, userId: number, archived: boolean): Promise<ApiListItem> {
  const item = await requireVisibleItem(db, listId, itemId, userId);
  if (!item.is_mine) throw httpError(403, 'item.not_owner', 'Only the owner of the list can change its items');
  if (archived && item.deleted_at === null) throw httpError(422, 'item.not_archived', NOT_ARCHIVED_MESSAGE);
  if (!archived && item.deleted_at !== null) throw httpError(422, 'item.archived', ARCHIVED_MESSAGE);
  return item;
}

async function change(db: Db, listId: number, itemId: number, userId: number): Promise<ListItemChangeResponse> {
  await refreshItemCount(db, listId);
  return { item: await requireVisibleItem(db, listId, itemId, userId), list: await requireVisibleList(db, listId, userId) };
}

async function resolveText(db: Db, userId: number, input: ItemInput): Promise<string> {
  if (input.postId === undefined) {
    if (input.text === undefined) throw fieldError('text', 'Write your prayer', 'validation.required');
    return input.text;
  }
  // An item may point at a community post (the request was added to a list); its text is the default.
  const post = await loadVisiblePost(db, input.postId, userId);
  if (post === undefined) throw fieldError('post_id', 'post_id must be a post you can see');
  // Issue #28: a list can be shown to anyone, so a group's post never becomes a list item (docs/product.md §11).
  if (post.group_id !== null && post.group_id !== undefined) throw fieldError('post_id', 'A group\'s request cannot be added to a list');
  return input.text ?? post.text;
}

/** docs/product.md §4: creating adds the item at the end of the list. */
export async function createItem(db: Db, listId: number, userId: number, input: ItemInput): Promise<ListItemChangeResponse> {
  await requireListEditor(db, listId, userId);
  const text = await resolveText(db, userId, input);
  // Lock the list row so two concurrent appends cannot take the same position.
  await db.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for('update');
  const [last] = await db.select({ position: max(listItems.position) }).from(listItems).where(eq(listItems.postListId, listId));
  const [row] = await db.insert(listItems).values({
    postListId: listId, userId, postId: input.postId ?? null, text, title: input.title, reference: input.reference,
    position: (last?.position ?? 0) + 1,
  }).returning({ id: listItems.id });
  if (row === undefined) throw new Error('list item insert returned no row');
  return change(db, listId, row.id, userId);
}

/** docs/product.md §4: updating replaces the item in place (its position is kept). */
export async function updateItem(db: Db, listId: number, itemId: number, userId: number, edit: ItemEdit): Promise<ApiListItem> {
  await requireOwnItem(db, listId, itemId, userId, false);
  await db.update(listItems).set({
    // Drizzle leaves a key whose value is undefined out of the SET: what the edit does not name stays.
    text: edit.text, title: edit.title, reference: edit.reference,
    updatedAt: new Date(),
  }).where(eq(listItems.id, itemId));
  return requireVisibleItem(db, listId, itemId, userId);
}

/** A hard delete of an active item; its prayers, bookmarks, notes and comments go with it. */
export async function deleteItem(db: Db, listId: number, itemId: number, userId: number): Promise<ListItemDeletedResponse> {
  await requireOwnItem(db, listId, itemId, userId, false);
  await db.delete(listItems).where(eq(listItems.id, itemId));
  await refreshItemCount(db, listId);
  const deleted: DeletedResponse = { id: itemId, deleted: true };
  return { ...deleted, list: await requireVisibleList(db, listId, userId) };
}

export async function archiveItem(db: Db, listId: number, itemId: number, userId: number): Promise<ListItemChangeResponse> {
  await requireOwnItem(db, listId, itemId, userId, false);
  const now = new Date();
  await db.update(listItems).set({ deletedAt: now, updatedAt: now }).where(eq(listItems.id, itemId));
  return change(db, listId, itemId, userId);
}

export async function restoreItem(db: Db, listId: number, itemId: number, userId: number): Promise<ListItemChangeResponse> {
  await requireOwnItem(db, listId, itemId, userId, true);
  await db.update(listItems).set({ deletedAt: null, updatedAt: new Date() }).where(eq(listItems.id, itemId));
  return change(db, listId, itemId, userId);
}
