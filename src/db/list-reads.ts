// The read functions behind the list hooks of queries.ts: plain async functions over Dexie, so
// tests call them directly and useLiveQuery re-runs them whenever a table they read changes.
import { LIST_KEYS, VISIBILITY } from '../../common/contract';
import { db } from '../model/db';
import { getMeta, mappedId } from '../model/meta';
import { readChannel } from './reads';
import { readPendingPrayTimes } from './pending-prays';
import { orderForSession } from './session-order';
import {
  selectItemComments, selectItemNotes, selectItems, toShownItem, toShownList,
  type ShownItemComment, type ShownItemNote, type ShownList, type ShownListItem,
} from './shown-lists';

/** docs/product.md §4 default when neither the server nor a pending change has said (docs/api.md: 5). */
const DEFAULT_SESSION_ITEMS = 5;

/** A temporary id whose list or item has since got its real one is followed (meta.listIdMap). */
async function currentId(id: number, table: 'lists' | 'listItems'): Promise<number> {
  if (id > 0 || (await db[table].get(id))) return id;
  return (await mappedId('listIdMap', id)) ?? id;
}

export const byNewestChange = (a: ShownList, b: ShownList) => Number(b.id < 0) - Number(a.id < 0) || b.updated_at.localeCompare(a.updated_at);

/** The viewer's own lists, newest change first (lists made here on top); a group's lists are the group's (issue #28 item 4). */
export async function readMyLists(): Promise<ShownList[]> {
  const rows = await db.lists.filter((row) => row.is_mine && (row.group_id ?? null) === null && !row.local.deleted).toArray();
  return rows.map(toShownList).sort(byNewestChange);
}

/** Others' public lists of the current channel, most prayed first (docs/api.md GET list/community). */
export async function readCommunityLists(): Promise<ShownList[]> {
  const { channelId } = await readChannel();
  const rows = await db.lists
    .filter((row) => !row.is_mine && row.key === null && row.visibility === VISIBILITY.PUBLIC && row.channel_id === channelId)
    .toArray();
  return rows.map(toShownList).sort((a, b) => b.qtd - a.qtd || a.id - b.id);
}

export async function readList(id: number): Promise<ShownList | null> {
  const row = await db.lists.get(await currentId(id, 'lists'));
  return row && !row.local.deleted ? toShownList(row) : null;
}

export async function readListItems(listId: number, archived = false): Promise<ShownListItem[]> {
  const id = await currentId(listId, 'lists');
  return selectItems(await db.listItems.where('post_list_id').equals(id).toArray(), archived);
}

export async function readListItem(id: number): Promise<ShownListItem | null> {
  const row = await db.listItems.get(await currentId(id, 'listItems'));
  return row && !row.local.deleted ? toShownItem(row) : null;
}

/** The current channel's biblical prayers list, in order (docs/product.md §2 /lists/biblical-prayers). */
export async function readBiblicalPrayers(): Promise<ShownListItem[]> {
  const { channelId } = await readChannel();
  const list = await db.lists.where('key').equals(LIST_KEYS.biblicalPrayers).filter((row) => row.channel_id === channelId).first();
  return list ? readListItems(list.id) : [];
}

/** Items the viewer bookmarked (shown state), most recently changed first (docs/product.md §2 /lists/bookmarks). */
export async function readBookmarkedItems(): Promise<ShownListItem[]> {
  const rows = await db.listItems.filter((row) => !row.local.deleted).toArray();
  return rows
    .map(toShownItem)
    .filter((item) => item.is_bookmarked && !item.isArchived)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}

export async function readItemNotes(itemId: number): Promise<ShownItemNote[]> {
  return selectItemNotes(await db.itemNotes.where('list_item_id').equals(await currentId(itemId, 'listItems')).toArray());
}

export async function readItemComments(itemId: number): Promise<ShownItemComment[]> {
  return selectItemComments(await db.itemComments.where('list_item_id').equals(await currentId(itemId, 'listItems')).toArray());
}

/** prayer_session_items_qtd as shown: the last pending change, else the server's, else 5. */
export async function readSessionSize(): Promise<number> {
  const pending = await db.outbox.where('op').equals('user.prayerSessionItemsQtd').sortBy('seq');
  const last = pending.at(-1);
  if (last?.op === 'user.prayerSessionItemsQtd') return last.body.qtd;
  return (await getMeta('sessionItemsQtd')) ?? DEFAULT_SESSION_ITEMS;
}

/**
 * A prayer session over one list, offline: at most `size` (default: the viewer's session size)
 * active items, least recently prayed first as far as this device knows (src/db/session-order.ts).
 * `queueKey` names the server queue in meta.sessionQueues (default 'list:<server id>').
 */
export async function readSessionItems(listId: number, options: { queueKey?: string; size?: number } = {}): Promise<ShownListItem[]> {
  const [items, size, queues, pending] = await Promise.all([
    readListItems(listId),
    options.size ?? readSessionSize(),
    getMeta('sessionQueues'),
    readPendingPrayTimes('listItem.pray'),
  ]);
  const serverId = items.find((item) => item.post_list_id > 0)?.post_list_id ?? listId;
  return orderForSession(items, queues?.[options.queueKey ?? `list:${serverId}`], pending, size);
}
