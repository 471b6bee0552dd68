// What anyone who can see a list item does with it (docs/product.md §7 List items): pray, bookmark, see who
// prayed; and the cross-list reads: the caller's bookmarked items, the channel's biblical prayers.
import { and, count, countDistinct, desc, eq, ilike, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import {
  CHANNELS, type ApiList, type ApiListItem, type ApiUserSummary, type ChannelId, type ListDetailResponse, type ListItemBookmarkResponse,
  type ListItemPrayResponse, type Page,
} from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { listItems, lists } from '../db/schema/lists';
import { bookmarks, prayers } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import { shownAvatar } from './avatars';
import { requireActiveItem, requireVisibleItem } from './list-items';
import { itemVisibleTo, likePattern, selectItems, toApiListItem, type ViewerId } from './list-view';
import { pageOffset, toPage } from './paging';
import { requireBiblicalList } from './lists';
import { todayPrayerCount } from './users';

/**
 * docs/product.md §10: every prayer counts, a second one by the same person too. The prayer row and the
 * item's counter change in one transaction, and today_prayer_count is the one shared count of
 * prayers on posts and list items (domain/users.ts), so docs/product.md §4's "today +1" holds for both.
 */
export async function prayForItem(db: Db, listId: number, itemId: number, userId: number): Promise<ListItemPrayResponse> {
  await requireActiveItem(db, listId, itemId, userId);
  await db.insert(prayers).values({ userId, listItemId: itemId });
  await db.update(listItems).set({ prayedCount: sql`${listItems.prayedCount} + 1` }).where(eq(listItems.id, itemId));
  return { item: await requireVisibleItem(db, listId, itemId, userId), today_prayer_count: await todayPrayerCount(db, userId) };
}

/** docs/product.md §4: bookmark toggling sets is_bookmarked from the response (docs/product.md §10: the server wins). */
export async function toggleItemBookmark(db: Db, listId: number, itemId: number, userId: number): Promise<ListItemBookmarkResponse> {
  await requireActiveItem(db, listId, itemId, userId);
  const mine = and(eq(bookmarks.userId, userId), eq(bookmarks.listItemId, itemId));
  const removed = await db.delete(bookmarks).where(mine).returning({ id: bookmarks.id });
  if (removed.length === 0) await db.insert(bookmarks).values({ userId, listItemId: itemId }).onConflictDoNothing();
  const item = await requireVisibleItem(db, listId, itemId, userId);
  return { item, is_bookmarked: item.is_bookmarked };
}

/** GET list/item/bookmark: most recently bookmarked first; items that are archived or no longer visible drop out. */
function bookmarkedWhere(userId: number) {
  return and(eq(bookmarks.userId, userId), itemVisibleTo(userId), isNull(listItems.deletedAt));
}

function bookmarkedRows(db: Db, userId: number, limit: number, offset: number) {
  return selectItems(db, userId).innerJoin(bookmarks, eq(bookmarks.listItemId, listItems.id)).where(bookmarkedWhere(userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id)).limit(limit).offset(offset);
}

export async function bookmarkedItems(db: Db, userId: number, page: number): Promise<Page<ApiListItem>> {
  const [counted] = await db.select({ n: count() }).from(bookmarks)
    .innerJoin(listItems, eq(listItems.id, bookmarks.listItemId)).innerJoin(lists, eq(lists.id, listItems.postListId)).where(bookmarkedWhere(userId));
  const rows = await bookmarkedRows(db, userId, PAGE_SIZE, pageOffset(page));
  return toPage(rows.map((row) => toApiListItem(row, userId)), page, counted?.n ?? 0);
}

/** The first `limit` bookmarked items, one statement (GET sync/pull). */
export async function bookmarkedItemsUpTo(db: Db, userId: number, limit: number): Promise<ApiListItem[]> {
  return (await bookmarkedRows(db, userId, limit, 0)).map((row) => toApiListItem(row, userId));
}

/** docs/product.md §10: distinct people, most recent prayer first; only what a card shows of a person. */
export async function itemPrayedUsers(db: Db, listId: number, itemId: number, viewerId: ViewerId, page: number): Promise<Page<ApiUserSummary>> {
  await requireVisibleItem(db, listId, itemId, viewerId);
  const where = and(eq(prayers.listItemId, itemId), isNull(users.deletedAt));
  const [counted] = await db.select({ n: countDistinct(prayers.userId) }).from(prayers).innerJoin(users, eq(users.id, prayers.userId)).where(where);
  const lastPrayed = max(prayers.createdAt);
  const rows = await db.select({ id: users.id, username: users.username, name: users.name, avatar: shownAvatar(viewerId), lastPrayed })
    .from(prayers).innerJoin(users, eq(users.id, prayers.userId)).where(where)
    .groupBy(users.id).orderBy(desc(lastPrayed), desc(users.id)).limit(PAGE_SIZE).offset(pageOffset(page));
  return toPage(rows.map((r) => ({ id: r.id, username: r.username, name: r.name, avatar: r.avatar })), page, counted?.n ?? 0);
}

/** Full text in the channel's language over title and text, or a substring of the title or reference ('Psalm 23', '6:9'). */
function itemSearch(search: string | undefined, channelId: ChannelId): SQL | undefined {
  const q = search?.trim();
  if (q === undefined || q === '') return undefined;
  const config = CHANNELS.find((c) => c.id === channelId)?.ftsConfig ?? 'english';
  const document = sql`to_tsvector(${config}::regconfig, coalesce(${listItems.title}, '') || ' ' || ${listItems.text})`;
  const pattern = likePattern(q);
  return or(sql`${document} @@ websearch_to_tsquery(${config}::regconfig, ${q})`, ilike(listItems.title, pattern), ilike(listItems.reference, pattern));
}

/** GET list/item/biblical-prayers: the channel's biblical prayers in list order, searchable, paged. */
export async function biblicalPrayers(
  db: Db, channelId: ChannelId, viewerId: ViewerId, query: { search?: string | undefined; page: number },
): Promise<ListDetailResponse> {
  const list = await requireBiblicalList(db, channelId, viewerId);
  const where = and(eq(listItems.postListId, list.id), isNull(listItems.deletedAt), itemSearch(query.search, channelId));
  const [counted] = await db.select({ n: count() }).from(listItems).where(where);
  const rows = await biblicalRows(db, where, viewerId).limit(PAGE_SIZE).offset(pageOffset(query.page));
  return { list, items: toPage(rows.map((row) => toApiListItem(row, viewerId)), query.page, counted?.n ?? 0) };
}

function biblicalRows(db: Db, where: SQL | undefined, viewerId: ViewerId) {
  return selectItems(db, viewerId).where(where).orderBy(listItems.position, listItems.id);
}

/** The first `limit` biblical prayers of the channel's list (requireBiblicalList), one statement (GET sync/pull). */
export async function biblicalPrayersUpTo(db: Db, list: ApiList, viewerId: ViewerId, limit: number): Promise<ApiListItem[]> {
  const rows = await biblicalRows(db, and(eq(listItems.postListId, list.id), isNull(listItems.deletedAt)), viewerId).limit(limit);
  return rows.map((row) => toApiListItem(row, viewerId));
}
