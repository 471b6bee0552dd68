// Finding lists (docs/product.md §7 Lists: GET list, list/community, list/suggestions, list/gardens-prayer).
// myLists: the caller's own lists (every channel: they stay theirs when they switch). community:
// public lists of members in the caller's channel, most prayed first. gardens: the channel's
// curated public lists (garden_position, migration 0003). Search: full text in the channel's
// language, or a substring of the name.
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { CHANNELS, VISIBILITY, type ApiList, type ChannelId, type ListIndexResponse, type Page } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { listItems, lists } from '../db/schema/lists';
import { prayers } from '../db/schema/prayers';
import { likePattern, listVisibleTo, selectLists, toApiList, type ViewerId } from './list-view';
import { COUNT_AHEAD_PAGES } from './feed';
import { pageOffset, toPage } from './paging';

type ListQuery = { search?: string | undefined; page: number };

/** How many lists GET list/suggestions offers. */
const SUGGESTIONS_LIMIT = 10;

function searchFilter(search: string | undefined, channelId: ChannelId): SQL | undefined {
  const q = search?.trim();
  if (q === undefined || q === '') return undefined;
  const config = CHANNELS.find((c) => c.id === channelId)?.ftsConfig ?? 'english';
  return or(sql`${lists.searchVector} @@ websearch_to_tsquery(${config}::regconfig, ${q})`, ilike(lists.name, likePattern(q)));
}

/** Public lists of members (not system lists) in one channel, other than the caller's own. */
function communityFilter(channelId: ChannelId, viewerId: ViewerId): SQL | undefined {
  return and(
    eq(lists.channelId, channelId),
    eq(lists.visibility, VISIBILITY.PUBLIC),
    isNull(lists.archivedAt),
    isNull(lists.groupId),
    isNotNull(lists.userId),
    viewerId === null ? undefined : ne(lists.userId, viewerId),
  );
}

async function pageOf(db: Db, where: SQL | undefined, order: SQL[], page: number, viewerId: ViewerId): Promise<Page<ApiList>> {
  const [counted] = await db.select({ n: count() }).from(lists).where(where);
  const rows = await selectLists(db, viewerId).where(where).orderBy(...order).limit(PAGE_SIZE).offset(pageOffset(page));
  return toPage(rows.map((row) => toApiList(row, viewerId)), page, counted?.n ?? 0);
}

/** The order of lists_most_prayed_idx (migration 0023): a page reads its 20 entries, not every public list's prayers. */
const MOST_PRAYED: SQL[] = [desc(lists.prayedPeople), desc(lists.updatedAt), desc(lists.id)];

/** A page of community lists (exported for tests/server/scale-plans.test.ts, which EXPLAINs it). */
export function communityPageQuery(db: Db, channelId: ChannelId, viewerId: ViewerId, query: ListQuery) {
  const where = and(communityFilter(channelId, viewerId), searchFilter(query.search, channelId));
  return selectLists(db, viewerId).where(where).orderBy(...MOST_PRAYED).limit(PAGE_SIZE).offset(pageOffset(query.page));
}

/** How many community lists match, counting at most `cap`, in the index's order (exported for the same test). */
export function communityCountQuery(db: Db, channelId: ChannelId, viewerId: ViewerId, query: ListQuery, cap: number) {
  const where = and(communityFilter(channelId, viewerId), searchFilter(query.search, channelId));
  const walk = db.select({ one: sql<number>`1`.as('one') }).from(lists).where(where).orderBy(...MOST_PRAYED).limit(cap);
  return db.select({ n: count() }).from(walk.as('capped'));
}

/**
 * Most prayed first. The total is the channel's and grows with it, so it is capped like the feed's
 * (docs/decisions/0136-feed-totals-are-capped.md): at most COUNT_AHEAD_PAGES pages past this one;
 * at the cap `total_is_estimate` and a `last_page` of at least the next page.
 */
export async function communityPage(db: Db, channelId: ChannelId, viewerId: ViewerId, query: ListQuery): Promise<Page<ApiList>> {
  const cap = (query.page + COUNT_AHEAD_PAGES) * PAGE_SIZE + 1;
  const [[counted], rows] = await Promise.all([
    communityCountQuery(db, channelId, viewerId, query, cap), communityPageQuery(db, channelId, viewerId, query),
  ]);
  const total = counted?.n ?? 0;
  const found = toPage(rows.map((row) => toApiList(row, viewerId)), query.page, total);
  return total >= cap ? { ...found, last_page: Math.max(found.last_page, query.page + 1), total_is_estimate: true } : found;
}

/** The caller's own lists (any channel), most recently changed first; a group's lists are the group's (GET group/{id}/lists), not here. */
export async function ownLists(db: Db, viewerId: ViewerId, channelId: ChannelId, search?: string): Promise<ApiList[]> {
  if (viewerId === null) return [];
  const rows = await selectLists(db, viewerId)
    .where(and(eq(lists.userId, viewerId), isNull(lists.groupId), isNull(lists.archivedAt), searchFilter(search, channelId)))
    .orderBy(desc(lists.updatedAt), desc(lists.id));
  return rows.map((row) => toApiList(row, viewerId));
}

/** GET list: all of the caller's lists, and a page of the channel's community lists (anonymous: community only). */
export async function listIndex(db: Db, channelId: ChannelId, viewerId: ViewerId, query: ListQuery): Promise<ListIndexResponse> {
  return {
    myLists: await ownLists(db, viewerId, channelId, query.search),
    community: await communityPage(db, channelId, viewerId, query),
  };
}

/** GET list/gardens-prayer: the garden, in its curated order, the caller's own lists included. */
export function gardensPage(db: Db, channelId: ChannelId, viewerId: ViewerId, query: ListQuery): Promise<Page<ApiList>> {
  const where = and(eq(lists.channelId, channelId), isNotNull(lists.gardenPosition), listVisibleTo(viewerId), searchFilter(query.search, channelId));
  return pageOf(db, where, [asc(lists.gardenPosition), asc(lists.id)], query.page, viewerId);
}

/** GET list/suggestions: community lists the caller has not prayed from yet, most prayed first. */
export async function suggestions(db: Db, channelId: ChannelId, viewerId: ViewerId): Promise<ApiList[]> {
  const notPrayedYet = viewerId === null ? undefined : sql`not exists (select 1 from ${prayers}
    inner join ${listItems} on ${listItems.id} = ${prayers.listItemId}
    where ${listItems.postListId} = ${lists.id} and ${prayers.userId} = ${viewerId})`;
  const rows = await selectLists(db, viewerId).where(and(communityFilter(channelId, viewerId), notPrayedYet))
    .orderBy(...MOST_PRAYED).limit(SUGGESTIONS_LIMIT);
  return rows.map((row) => toApiList(row, viewerId));
}
