// Prayer sessions over lists (docs/product.md §7: list/{id}/session/specific, list/{id}/gardens-prayer/session,
// list/session/biblical-prayers, list/session/my-lists). A session is at most the caller's
// prayer_session_items_qtd active items, those the caller prayed least recently first (never
// prayed first), then in list order: consecutive sessions walk through a list instead of
// repeating its top. docs/architecture/sync-protocol.md 'Outbox and sync protocol' prefetches these
// so a session works offline.
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ApiList, ChannelId, ListSessionResponse, MyListsSessionResponse } from '../../common/contract';
import type { Db } from '../db/client';
import { listItems } from '../db/schema/lists';
import { prayers } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import { ownLists } from './list-discovery';
import { itemVisibleTo, selectItems, toApiListItem, type ViewerId } from './list-view';
import { requireBiblicalList, requireGardenList, requireVisibleList } from './lists';

/** The column default of users.prayer_session_items_qtd (0001), for visitors without a row. */
const DEFAULT_SESSION_ITEMS = 5;
/** Guards against a setting outside what a session screen can show. */
const MAX_SESSION_ITEMS = 100;

async function sessionSize(db: Db, viewerId: ViewerId): Promise<number> {
  if (viewerId === null) return DEFAULT_SESSION_ITEMS;
  const [row] = await db.select({ qtd: users.prayerSessionItemsQtd }).from(users).where(eq(users.id, viewerId)).limit(1);
  return sessionSizeOf(row?.qtd);
}

/** A session's item count from the caller's setting (users.prayer_session_items_qtd), within what a session screen shows. */
export function sessionSizeOf(qtd: number | undefined): number {
  return Math.min(Math.max(qtd ?? DEFAULT_SESSION_ITEMS, 1), MAX_SESSION_ITEMS);
}

function lastPrayedByViewer(viewerId: ViewerId): SQL {
  return sql`(select max(${prayers.createdAt}) from ${prayers}
    where ${prayers.listItemId} = ${listItems.id} and ${prayers.userId} = ${viewerId ?? -1}) asc nulls first`;
}

async function sessionItems(db: Db, listIds: number[], viewerId: ViewerId, size?: number) {
  if (listIds.length === 0) return [];
  const rows = await selectItems(db, viewerId)
    .where(and(inArray(listItems.postListId, listIds), isNull(listItems.deletedAt), itemVisibleTo(viewerId)))
    .orderBy(lastPrayedByViewer(viewerId), asc(listItems.postListId), asc(listItems.position), asc(listItems.id))
    .limit(size ?? await sessionSize(db, viewerId));
  return rows.map((row) => toApiListItem(row, viewerId));
}

/** A list's session; `size` (sessionSizeOf) when the caller's setting is already read (GET sync/pull, one per list). */
export async function sessionOf(db: Db, list: ApiList, viewerId: ViewerId, size?: number): Promise<ListSessionResponse> {
  return { list, items: await sessionItems(db, [list.id], viewerId, size) };
}

export async function listSession(db: Db, listId: number, viewerId: ViewerId): Promise<ListSessionResponse> {
  return sessionOf(db, await requireVisibleList(db, listId, viewerId), viewerId);
}

export async function gardenSession(db: Db, listId: number, viewerId: ViewerId): Promise<ListSessionResponse> {
  return sessionOf(db, await requireGardenList(db, listId, viewerId), viewerId);
}

export async function biblicalSession(db: Db, channelId: ChannelId, viewerId: ViewerId): Promise<ListSessionResponse> {
  return sessionOf(db, await requireBiblicalList(db, channelId, viewerId), viewerId);
}

/** One session across all of the caller's own lists. */
export async function myListsSession(db: Db, userId: number, channelId: ChannelId): Promise<MyListsSessionResponse> {
  const myLists = await ownLists(db, userId, channelId);
  return { myLists, items: await sessionItems(db, myLists.map((l) => l.id), userId) };
}
