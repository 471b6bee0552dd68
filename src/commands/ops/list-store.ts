// The list side's reconciliation primitives (DESIGN §3, §4): server lists and items in (local
// intent dropped, then rebased by the caller), temporary ids replaced, rows forgotten. Plain
// Dexie code run inside the caller's rw transaction over writeTables(); used by the op modules
// (acks) and by worker/pull-lists.ts, so an ack and a pull merge a row the same way.
import type { ApiList, ApiListItem, ApiListItemComment, ApiListItemNote } from '../../../common/contract';
import { db } from '../../db/db';
import { getMeta, setMeta } from '../../db/meta';
import type { TargetIds } from '../../db/outbox-types';
import {
  EMPTY_COMMENT_LOCAL, EMPTY_LIST_ITEM_LOCAL, EMPTY_LIST_LOCAL, EMPTY_NOTE_LOCAL, type ItemCommentRow, type ItemNoteRow,
  type ListItemRow, type ListRow, type RowRef,
} from '../../db/types';

/**
 * A server item over the local row. As for posts, prayedCount and isPrayed only grow (DESIGN §7:
 * a prayer is never taken back), so a replayed older answer never lowers a newer pull.
 */
export function mergeServerItem(existing: ListItemRow | undefined, incoming: ApiListItem): ListItemRow {
  return {
    ...incoming,
    prayedCount: Math.max(existing?.prayedCount ?? 0, incoming.prayedCount),
    isPrayed: (existing?.isPrayed ?? false) || incoming.isPrayed,
    local: { ...EMPTY_LIST_ITEM_LOCAL },
  };
}

export async function putServerLists(lists: ApiList[]): Promise<void> {
  if (lists.length === 0) return;
  await db.lists.bulkPut(lists.map((list) => ({ ...list, local: { ...EMPTY_LIST_LOCAL } })));
}

export async function putServerItems(items: ApiListItem[]): Promise<void> {
  if (items.length === 0) return;
  const existing = await db.listItems.bulkGet(items.map((item) => item.id));
  await db.listItems.bulkPut(items.map((item, i) => mergeServerItem(existing[i], item)));
}

export async function putServerItemComments(comments: ApiListItemComment[]): Promise<void> {
  const rows: ItemCommentRow[] = comments.map((c) => ({ ...c, createdAtMs: Date.parse(c.created_at), local: { ...EMPTY_COMMENT_LOCAL } }));
  await db.itemComments.bulkPut(rows);
}

export async function putServerItemNotes(notes: ApiListItemNote[]): Promise<void> {
  const rows: ItemNoteRow[] = notes.map((n) => ({ ...n, createdAtMs: Date.parse(n.created_at), local: { ...EMPTY_NOTE_LOCAL } }));
  await db.itemNotes.bulkPut(rows);
}

export async function modifyList(id: number, change: (row: ListRow) => void): Promise<void> {
  await db.lists.where('id').equals(id).modify(change);
}

export async function modifyItem(id: number, change: (row: ListItemRow) => void): Promise<void> {
  await db.listItems.where('id').equals(id).modify(change);
}

export const listRow = (listId: number): RowRef[] => [{ table: 'lists', id: listId }];
export const itemRow = (itemId: number): RowRef[] => [{ table: 'listItems', id: itemId }];
/** An item and its list (whose shown config.qtd the create, archive, restore and delete move). */
export const itemRows = (target: { listId: number; itemId: number }): RowRef[] => [...itemRow(target.itemId), ...listRow(target.listId)];

const TARGET_FIELDS = ['postId', 'commentId', 'noteId', 'listId', 'itemId', 'itemNoteId', 'itemCommentId'] as const;

/**
 * Temporary ids come from one sequence, so a value names one entity whatever field holds it. Only
 * the entries naming it are read (the outbox's `ids` index); the hooks of src/db/db.ts re-index them.
 */
export async function rewriteTargetIds(tempId: number, realId: number): Promise<void> {
  await db.outbox.where('ids').equals(tempId).modify((entry) => {
    const ids: TargetIds = entry.target;
    for (const field of TARGET_FIELDS) if (ids[field] === tempId) ids[field] = realId;
  });
}

/** temp -> real ids of lists and items made offline, so a screen holding the old id follows. */
async function rememberId(tempId: number, realId: number): Promise<void> {
  const map = (await getMeta('listIdMap')) ?? {};
  await setMeta('listIdMap', { ...map, [String(tempId)]: realId });
}

export async function rewriteListId(tempId: number, realId: number): Promise<void> {
  await db.lists.delete(tempId);
  await db.listItems.where('post_list_id').equals(tempId).modify({ post_list_id: realId });
  await rewriteTargetIds(tempId, realId);
  await rememberId(tempId, realId);
}

export async function rewriteItemId(tempId: number, realId: number): Promise<void> {
  await db.listItems.delete(tempId);
  await db.itemComments.where('list_item_id').equals(tempId).modify({ list_item_id: realId });
  await db.itemNotes.where('list_item_id').equals(tempId).modify({ list_item_id: realId });
  await rewriteTargetIds(tempId, realId);
  await rememberId(tempId, realId);
}

/** The server says the item is gone: it goes with its comments and notes. */
export async function forgetItem(itemId: number): Promise<void> {
  await db.listItems.delete(itemId);
  await db.itemComments.where('list_item_id').equals(itemId).delete();
  await db.itemNotes.where('list_item_id').equals(itemId).delete();
}

export async function forgetList(listId: number): Promise<void> {
  const items = await db.listItems.where('post_list_id').equals(listId).primaryKeys();
  for (const id of items) await forgetItem(id);
  await db.lists.delete(listId);
}

/** The id a list or item has now (a temporary id whose entity got its real one is followed). */
export async function currentListEntityId(id: number, table: 'lists' | 'listItems'): Promise<number> {
  if (id > 0 || (await db[table].get(id))) return id;
  return (await getMeta('listIdMap'))?.[String(id)] ?? id;
}
