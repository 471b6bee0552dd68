// docs/product.md §2 /lists/{listId}/item/{itemId}: one item, its comments and the viewer's notes, written
// and rebased in one transaction each (a pull never undoes a pending local action).
import { SYNC_LOCK } from '../common/constants';
import type { ApiListItemComment, ApiListItemNote, ListItemResponse, Page } from '../common/contract';
import { db, writeTables } from '../src/model/db';
import { bearerToken, getAuth, mappedId } from '../src/model/meta';
import type { RowRef } from '../src/model/types';
import { rebaseRows } from '../src/commands/ops/registry';
import { forgetRows, putServerRows } from '../src/model/rows';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { withLock } from './locks';
import { MAX_LIST_PAGES } from './pull-lists';

type Fetched<T> = { ok: true; rows: T[]; isComplete: boolean } | Extract<PullResult, { ok: false }>;

async function fetchAll<T>(api: ApiClient, path: string): Promise<Fetched<T>> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page += 1) {
    const result = await api.call<Page<T>>({ path, query: { page } });
    if (!result.ok) return { ok: false, error: result.error };
    rows.push(...result.data.data);
    if (page >= result.data.last_page) return { ok: true, rows, isComplete: true };
  }
  return { ok: true, rows, isComplete: false };
}

async function storeChildren(itemId: number, table: 'itemComments' | 'itemNotes', rows: (ApiListItemComment | ApiListItemNote)[], isComplete: boolean): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    const tableRef = table === 'itemComments' ? db.itemComments : db.itemNotes;
    if (isComplete) {
      const onServer = new Set(rows.map((row) => row.id));
      const local = await tableRef.where('list_item_id').equals(itemId).primaryKeys();
      await tableRef.bulkDelete(local.filter((id) => id > 0 && !onServer.has(id)));
    }
    if (table === 'itemComments') await putServerRows('itemComments', rows.filter((row): row is ApiListItemComment => 'comment' in row));
    else await putServerRows('itemNotes', rows.filter((row): row is ApiListItemNote => 'note' in row));
    const refs: RowRef[] = rows.map((row) => ({ table, id: row.id }));
    await rebaseRows([...refs, { table: 'listItems', id: itemId }]);
  });
}

async function pullLocked(api: ApiClient, id: number): Promise<PullResult> {
  const itemId = id > 0 ? id : ((await mappedId('listIdMap', id)) ?? null);
  const row = itemId === null ? undefined : await db.listItems.get(itemId);
  // Made here and not yet on the server, or not known locally (its list is needed for the path).
  if (itemId === null || !row) return { ok: true, currentPage: 1, lastPage: 1, total: 0, count: 0 };
  const base = `list/${row.post_list_id}/item/${itemId}`;
  const item = await api.call<ListItemResponse>({ path: base });
  if (!item.ok) {
    if (item.status === 404) await db.transaction('rw', writeTables(), () => forgetRows('listItems', [itemId]));
    return { ok: false, error: item.error };
  }
  await db.transaction('rw', writeTables(), async () => {
    await putServerRows('listItems', [item.data.item]);
    await rebaseRows([{ table: 'listItems', id: itemId }]);
  });
  const comments = await fetchAll<ApiListItemComment>(api, `${base}/comments`);
  if (!comments.ok) return comments;
  await storeChildren(itemId, 'itemComments', comments.rows, comments.isComplete);
  // Notes are private to their author: a visitor has none (the server says 401).
  if (bearerToken(await getAuth()) === null) return { ok: true, currentPage: 1, lastPage: 1, total: 1, count: 1 };
  const notes = await fetchAll<ApiListItemNote>(api, `${base}/note`);
  if (!notes.ok) return notes;
  await storeChildren(itemId, 'itemNotes', notes.rows, notes.isComplete);
  return { ok: true, currentPage: 1, lastPage: 1, total: 1, count: 1 };
}

export async function pullListItem(api: ApiClient, id: number): Promise<PullResult> {
  return withLock(SYNC_LOCK, () => pullLocked(api, id));
}
