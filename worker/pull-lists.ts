// Pulls of the list side (docs/architecture/sync-protocol.md 'Outbox and sync protocol' Pull):
// lists, a list's items, the biblical prayers, bookmarked items, an item's notes and comments. Each
// page is written and rebased in one transaction under SYNC_LOCK, so a pull never undoes a pending
// local action and no ack lands in between.
import { SYNC_LOCK } from '../common/constants';
import type { ApiList, ApiListItem, ListDetailResponse, ListIndexResponse, ListItemsResponse, Page } from '../common/contract';
import { db, writeTables } from '../src/model/db';
import { getAuth, mappedId, viewerId } from '../src/model/meta';
import type { RowRef } from '../src/model/types';
import { rebasePutRows, rebaseRows } from '../src/commands/ops/registry';
import { forgetRows, putServerRows } from '../src/model/rows';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { withLock } from './locks';

/** Bound on the pages pulled for one list (20 a page). */
export const MAX_LIST_PAGES = 10;

type Failure = Extract<PullResult, { ok: false }>;
const done = (count: number): PullResult => ({ ok: true, currentPage: 1, lastPage: 1, total: count, count });

export function listRefs(lists: ApiList[], items: ApiListItem[]): RowRef[] {
  return [...lists.map((l) => ({ table: 'lists' as const, id: l.id })), ...items.map((i) => ({ table: 'listItems' as const, id: i.id }))];
}

/** Writes lists and items and rebases them (and, first, removes what `prune` proves gone). */
export async function storeLists(lists: ApiList[], items: ApiListItem[], prune: () => Promise<void> = async () => undefined): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    await prune();
    await putServerRows('lists', lists);
    await putServerRows('listItems', items);
    await rebasePutRows(listRefs(lists, items));
  });
}

/** GET list: the viewer's own lists (all of them, so a list deleted elsewhere goes) and community page 1. */
export async function pullLists(api: ApiClient): Promise<PullResult> {
  return withLock(SYNC_LOCK, async () => {
    const result = await api.call<ListIndexResponse>({ path: 'list' });
    if (!result.ok) return { ok: false, error: result.error };
    await storeListIndex(result.data);
    return done(result.data.myLists.length);
  });
}

/** GET list's answer (also GET sync/pull's `lists`): my lists not in it were deleted elsewhere and go. */
export async function storeListIndex({ myLists, community }: ListIndexResponse): Promise<void> {
  const viewer = viewerId(await getAuth());
  await storeLists([...myLists, ...community.data], [], async () => {
    const onServer = new Set(myLists.map((l) => l.id));
    // A group's lists are not among mine (issue #28 item 4): the group's pull names them (storeGroupLists).
    const mine = await db.lists.where('user_id').equals(viewer ?? -1).filter((row) => (row.group_id ?? null) === null).primaryKeys();
    for (const id of mine) if (id > 0 && !onServer.has(id)) await forgetRows('lists', [id]);
  });
}

/** One group's lists as the server has them now (complete; issue #28 item 4): its server lists it does not name were deleted and go. */
export async function storeGroupLists(groupId: number, lists: ApiList[]): Promise<void> {
  await storeLists(lists, [], async () => {
    const named = new Set(lists.map((l) => l.id));
    const held = await db.lists.where('group_id').equals(groupId).primaryKeys();
    await forgetRows('lists', held.filter((id) => id > 0 && !named.has(id)));
  });
}

async function fetchListPages(api: ApiClient, listId: number, archived: boolean): Promise<{ list: ApiList; items: ApiListItem[]; isComplete: boolean } | Failure> {
  const items: ApiListItem[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page += 1) {
    const result = await api.call<ListDetailResponse>({ path: `list/${listId}`, query: { page, archived: archived ? 1 : undefined } });
    if (!result.ok) return { ok: false, error: result.error };
    items.push(...result.data.items.data);
    if (page >= result.data.items.last_page) return { list: result.data.list, items, isComplete: true };
  }
  const last = await api.call<ListDetailResponse>({ path: `list/${listId}`, query: { page: 1 } });
  if (!last.ok) return { ok: false, error: last.error };
  return { list: last.data.list, items, isComplete: false };
}

/** The real id of a list a screen may hold under its temporary id; null = not on the server yet. */
async function serverListId(id: number): Promise<number | null> {
  if (id > 0) return id;
  return (await mappedId('listIdMap', id)) ?? null;
}

/**
 * GET list/{id} (every page): the list and its active (or, `archived`, archived) items. A
 * complete pull proves which server items of that state are gone; a 404 removes the list.
 */
async function pullListLocked(api: ApiClient, id: number, archived = false): Promise<PullResult> {
  const listId = await serverListId(id);
  if (listId === null) return done(0);
  const fetched = await fetchListPages(api, listId, archived);
  if ('ok' in fetched) {
    if (fetched.error.status === 404) await db.transaction('rw', writeTables(), () => forgetRows('lists', [listId]));
    return fetched;
  }
  await storeListItems(fetched.list, fetched.items, fetched.isComplete, archived);
  return done(fetched.items.length);
}

/** A list and its items of one state (also GET sync/pull's `list_items`); a complete set proves which server items of that state are gone. */
export async function storeListItems(list: ApiList, items: ApiListItem[], isComplete: boolean, archived = false): Promise<void> {
  await storeLists([list], items, async () => {
    if (!isComplete) return;
    const onServer = new Set(items.map((item) => item.id));
    const local = await db.listItems.where('post_list_id').equals(list.id).toArray();
    const gone = local.filter((row) => row.id > 0 && (row.deleted_at !== null) === archived && !onServer.has(row.id));
    for (const row of gone) await forgetRows('listItems', [row.id]);
  });
}

export async function pullList(api: ApiClient, id: number, archived = false): Promise<PullResult> {
  return withLock(SYNC_LOCK, () => pullListLocked(api, id, archived));
}

/** Paged item feeds: GET list/item/biblical-prayers ({list, items}) and list/item/bookmark ({items}). */
export async function pullItemPages(api: ApiClient, path: 'list/item/biblical-prayers' | 'list/item/bookmark'): Promise<PullResult> {
  return withLock(SYNC_LOCK, async () => {
    let count = 0;
    const seen = new Set<number>();
    for (let page = 1; page <= MAX_LIST_PAGES; page += 1) {
      const result = await api.call<ListItemsResponse & { list?: ApiList }>({ path, query: { page } });
      if (!result.ok) return { ok: false, error: result.error };
      const items: Page<ApiListItem> = result.data.items;
      await storeLists(result.data.list ? [result.data.list] : [], items.data);
      for (const item of items.data) seen.add(item.id);
      count += items.data.length;
      if (page >= items.last_page) {
        if (path === 'list/item/bookmark') await unbookmarkMissing(seen);
        break;
      }
    }
    return done(count);
  });
}

/**
 * A complete pull of the bookmarked items proves which were unbookmarked elsewhere: their server
 * value becomes false (a pending toggle of this device still wins through the rebase).
 */
export async function unbookmarkMissing(onServer: Set<number>): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    const gone = await db.listItems.filter((row) => row.id > 0 && row.is_bookmarked && !onServer.has(row.id)).primaryKeys();
    if (gone.length === 0) return;
    await db.listItems.where('id').anyOf(gone).modify({ is_bookmarked: false });
    await rebaseRows(gone.map((id) => ({ table: 'listItems' as const, id })));
  });
}
