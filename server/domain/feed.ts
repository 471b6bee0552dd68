// The community feed (docs/product.md §3 feed types, §4 new-post polling;
// docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'New posts'). Pages of 20, newest
// first, one channel, public posts plus the caller's own.
import { and, count, eq, gt, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { CHANNELS, type ChannelId, type FeedType, type PostPage } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { firstRow } from '../db/first-row';
import { posts } from '../db/schema/posts';
import { bookmarks, prayers } from '../db/schema/prayers';
import { fieldError, HttpError, UNAUTHENTICATED } from '../http/errors';
import { notHiddenPostFor } from './hidden-people';
import { branchSource, indexSource, keyOrder, type FeedOrder, type FeedSource } from './feed-source';
import { toApiPost, visibleTo, type PostRow, type ViewerId } from './post-view';

type FeedQuery = {
  type?: FeedType | undefined;
  search?: string | undefined;
  page: number;
  since?: Date | undefined;
  onlyNew: boolean;
  loadMore?: number | undefined;
  /** Issue #28: one group's feed (GET group/{id}/posts, its membership checked by the caller). */
  groupId?: number | undefined;
};

function typeFilter(type: FeedType | undefined, viewerId: ViewerId): SQL | undefined {
  switch (type) {
    case undefined: return undefined;
    case 'REQUEST': return and(eq(posts.type, 'REQUEST'), eq(posts.atendido, false));
    case 'THANK': return eq(posts.type, 'THANK');
    case 'ANSWERED': return and(eq(posts.type, 'REQUEST'), eq(posts.atendido, true));
    // Answered posts always carry their answer time; saying so lets posts_answer_idx order the page.
    case 'ANSWER': return and(eq(posts.atendido, true), isNotNull(posts.updatedAnswerAt));
    case 'PRAYED_BY_USER':
      if (viewerId === null) throw new HttpError(401, UNAUTHENTICATED);
      // Prayed posts are dense enough that walking posts_feed_idx finds a page (and the count's cap) quickly.
      return sql`exists (select 1 from ${prayers} where ${prayers.postId} = ${posts.id} and ${prayers.userId} = ${viewerId})`;
    case 'BOOKMARKED':
      if (viewerId === null) throw new HttpError(401, UNAUTHENTICATED);
      // Bookmarks are sparse: as an exists() the planner hash-joins them to a Seq Scan of posts
      // (bench/feed.ts). An id list is a posts_pkey lookup per bookmark: bounded by the caller's own set.
      return sql`${posts.id} = any(array(select ${bookmarks.postId} from ${bookmarks} where ${bookmarks.userId} = ${viewerId} and ${bookmarks.postId} is not null))`;
  }
}

/** Postgres full-text search in the channel's language (docs/architecture/server.md 'Reference server'). */
function searchFilter(search: string | undefined, channelId: ChannelId): SQL | undefined {
  if (search === undefined || search.trim() === '') return undefined;
  const config = CHANNELS.find((c) => c.id === channelId)?.ftsConfig ?? 'english';
  return sql`${posts.searchVector} @@ websearch_to_tsquery(${config}::regconfig, ${search.trim()})`;
}

/** How many posts the text index may name before a search walks the feed's index instead (issue #50 item 1). */
export const SEARCH_CANDIDATE_CAP = 5000;

/** The ids of the channel's live posts that match `search` (what the text index names), in no order. */
function liveMatches(db: Db, search: string | undefined, channelId: ChannelId) {
  return db.select({ id: posts.id }).from(posts).where(and(eq(posts.channelId, channelId), isNull(posts.deletedAt), searchFilter(search, channelId)));
}

/**
 * The channel's live posts that match `search`, as many as SEARCH_CANDIDATE_CAP + 1, in no order:
 * for a rare word the planner reads them from posts_search_idx (a bitmap of the few matches); for a
 * common one it may as well walk posts_feed_idx, which soon finds that many.
 */
export function searchCandidatesQuery(db: Db, search: string | undefined, channelId: ChannelId) {
  const found = liveMatches(db, search, channelId).limit(SEARCH_CANDIDATE_CAP + 1).as('found');
  // One row back, not thousands: how many, and their ids as an array literal's inside.
  return db.select({ n: count(), ids: sql<string>`coalesce(string_agg(${found.id}::text, ','), '')` }).from(found);
}

/**
 * How many of the channel's live posts the planner expects `search` to match: EXPLAIN without
 * ANALYZE plans and runs nothing (about 0.3 ms). Its estimate comes from the text column's
 * statistics (the most common lexemes and their frequencies, kept by ANALYZE and autovacuum); a
 * word they do not list is rarer than every one they do, and is estimated so.
 */
async function estimatedMatches(db: Db, search: string | undefined, channelId: ChannelId): Promise<number> {
  const row = firstRow(await db.execute(sql`explain (format json) ${liveMatches(db, search, channelId)}`), 'a search estimate');
  // node-postgres parses the json column; PGlite may hand it over as text.
  const cell: unknown = Object.values(row)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  return plan?.[0]?.Plan?.['Plan Rows'] ?? 0;
}

/**
 * A search starts from the text index when the word is rare
 * (docs/decisions/0148-a-rare-word-is-searched-from-the-text-index.md): the posts it names, at most
 * SEARCH_CANDIDATE_CAP, become an id list that the page and its count read by posts_pkey and sort,
 * instead of walking the channel's feed newest first and testing every post's search_vector (430 ms
 * at 1,000,000 posts to find 55). Past the cap the word is common, and the feed's walk finds a page
 * of it soon: undefined, no list. The list only narrows: the search's own filter stays, so the
 * answer is the same either way.
 */
async function searchCandidates(db: Db, search: string | undefined, channelId: ChannelId): Promise<SQL | undefined> {
  if (searchFilter(search, channelId) === undefined) return undefined;
  // A word the planner's statistics already know as common skips the candidates' read (its bitmap
  // of ~100,000 matches was 20-30 ms of a 'healing' search at 1,000,000 posts, bench:scale).
  if (await estimatedMatches(db, search, channelId) > SEARCH_CANDIDATE_CAP) return undefined;
  const [found] = await searchCandidatesQuery(db, search, channelId);
  if (found === undefined || found.n > SEARCH_CANDIDATE_CAP) return undefined;
  return sql`${posts.id} = any(${`{${found.ids}}`}::int[])`;
}

/** ANSWER lists testimonies by answer time (docs/product.md §3); every other feed by creation time. */
function sortKey(type: FeedType | undefined) {
  return type === 'ANSWER' ? posts.updatedAnswerAt : posts.createdAt;
}

function baseFilter(query: FeedQuery, channelId: ChannelId, viewerId: ViewerId, candidates: SQL | undefined): SQL | undefined {
  return and(
    candidates,
    eq(posts.channelId, channelId),
    visibleTo(viewerId),
    // Issue #12: what the viewer reported, and people they hid, leave their feeds (hidden-people.ts).
    notHiddenPostFor(viewerId),
    typeFilter(query.type, viewerId),
    searchFilter(query.search, channelId),
    query.groupId === undefined ? undefined : eq(posts.groupId, query.groupId),
    query.since === undefined ? undefined : gt(posts.createdAt, query.since),
    // The new-posts control loads what new-count counted: other people's posts (docs/product.md §4).
    query.onlyNew && viewerId !== null ? ne(posts.userId, viewerId) : undefined,
  );
}

/** Pages counted beyond the one asked for; past that, `total` is a lower bound (docs/decisions/0136-feed-totals-are-capped.md). */
export const COUNT_AHEAD_PAGES = 10;
/** Rows counted before a loadMore cursor (500 pages); deeper, `current_page` is a lower bound too. */
export const CURSOR_POSITION_CAP = 500 * PAGE_SIZE;

/** The feed's order, the order of posts_feed_idx / posts_answer_idx (plain DESC: 'nulls last' made every page a full sort). */
function feedOrder(type: FeedType | undefined): FeedOrder {
  return keyOrder(sortKey(type));
}

/** A signed-in member's community feed reads the community and each of their groups apart (feed-source.ts). */
async function feedSource(db: Db, query: FeedQuery, channelId: ChannelId, viewerId: ViewerId): Promise<FeedSource> {
  if (query.onlyNew && query.since === undefined) throw fieldError('since', 'since is required with new=1', 'validation.required');
  const candidates = await searchCandidates(db, query.search, channelId);
  const filter = baseFilter(query, channelId, viewerId, candidates);
  // A rare word's candidates are a few thousand ids at most: read by posts_pkey, each checked
  // against the member's groups, sorted. The branches would walk each group's feed index beside
  // the text index (a busy group's 6,600 entries, for a word with 50 matches: bench:scale).
  if (viewerId === null || query.groupId !== undefined || candidates !== undefined) return indexSource(db, viewerId, filter, feedOrder(query.type));
  return branchSource(db, viewerId, filter, sortKey(query.type));
}

/** Keyset cursor: rows strictly after post `cursorId` in feed order (stable while new posts arrive). */
async function afterCursor(db: Db, type: FeedType | undefined, cursorId: number): Promise<{ after: SQL; upTo: SQL }> {
  const key = sortKey(type);
  const [cursor] = await db.select({ at: key, id: posts.id }).from(posts).where(eq(posts.id, cursorId)).limit(1);
  if (cursor === undefined || cursor.at === null) throw fieldError('loadMore', 'loadMore must be the id of a post in this feed');
  // Row comparisons are index conditions on (key DESC, id DESC): the page starts at the cursor
  // instead of filtering every newer row (bench/feed.ts: ~700 ms -> ~1 ms at 100,000 posts on PGlite).
  // `upTo` is spelled >= rather than not(<), so the capped count of the rows up to the cursor is an index range too.
  const at = sql`(${cursor.at.toISOString()}::timestamptz, ${cursor.id})`;
  return { after: sql`(${key}, ${posts.id}) < ${at}`, upTo: sql`(${key}, ${posts.id}) >= ${at}` };
}

type FeedCount = { currentPage: number; total: number; isEstimate: boolean };

/**
 * loadMore: the page is fixed by the rows up to the cursor (bounded by CURSOR_POSITION_CAP), the
 * total by those plus up to COUNT_AHEAD_PAGES pages after it: two short index range scans that
 * meet at the cursor, instead of two counts of the whole channel. The second is read by the page's
 * own statement, with the last post of the next page (the 40th after the cursor): a client reading
 * through asks for the page after next while the next one comes (worker/feed-read-ahead.ts, issue
 * #25 P5). Two statements, run side by side.
 */
async function cursorPage(source: FeedSource, cursor: { after: SQL; upTo: SQL }): Promise<{ rows: PostRow[]; counted: FeedCount; aheadId: number | null }> {
  const aheadCap = COUNT_AHEAD_PAGES * PAGE_SIZE + 1;
  const [upTo, found] = await Promise.all([
    source.count(cursor.upTo, CURSOR_POSITION_CAP + 1),
    source.rows(cursor.after, PAGE_SIZE, 0, { cap: aheadCap, aheadAt: 2 * PAGE_SIZE - 1 }),
  ]);
  // No row after the cursor carries no count: there are none.
  const after = found.total ?? 0;
  const position = Math.min(upTo, CURSOR_POSITION_CAP);
  return {
    rows: found.rows, aheadId: found.aheadId ?? null,
    counted: { currentPage: Math.floor(position / PAGE_SIZE) + 1, total: position + after, isEstimate: upTo > CURSOR_POSITION_CAP || after >= aheadCap },
  };
}

/**
 * An offset page and its capped count in one statement (issue #14 point 4). A page past the last
 * has no row to carry the count, so only then is it asked for on its own.
 */
async function offsetPage(source: FeedSource, page: number): Promise<{ rows: PostRow[]; counted: FeedCount }> {
  // Offset pages: count up to COUNT_AHEAD_PAGES past the page; reaching the cap means "at least this many".
  const cap = (page + COUNT_AHEAD_PAGES) * PAGE_SIZE + 1;
  const found = await source.rows(undefined, PAGE_SIZE, (page - 1) * PAGE_SIZE, { cap });
  const total = found.total ?? await source.count(undefined, cap);
  return { rows: found.rows, counted: { currentPage: page, total, isEstimate: total >= cap } };
}

export async function listFeed(db: Db, query: FeedQuery, channelId: ChannelId, viewerId: ViewerId): Promise<PostPage> {
  const source = await feedSource(db, query, channelId, viewerId);
  let rows: PostRow[];
  let counted: FeedCount;
  let ahead: number | null = null;
  if (query.loadMore === undefined) {
    ({ rows, counted } = await offsetPage(source, query.page));
  } else {
    ({ rows, counted, aheadId: ahead } = await cursorPage(source, await afterCursor(db, query.type, query.loadMore)));
  }
  const { currentPage, total, isEstimate } = counted;
  // An estimated total is a lower bound: there is at least one more page, so clients keep paging.
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE), isEstimate ? currentPage + 1 : 1);
  const page: PostPage = {
    data: rows.map((row) => toApiPost(row, viewerId)),
    current_page: currentPage, last_page: lastPage, total, total_is_estimate: isEstimate,
    ...(ahead === null ? {} : { ahead_cursor: ahead }),
  };
  // new_count is then a lower bound too; the new-posts control reads it only to page (worker/pull.ts).
  return query.onlyNew ? { ...page, new_count: total } : page;
}

/** Exact count: only for sets an index bounds (new-count: created_at > since, bench/feed.ts). */
async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(posts).where(where);
  return row?.n ?? 0;
}

/** docs/product.md §4 new-post polling: posts by others created after `since` in the caller's channel. */
export async function countNewPosts(db: Db, since: Date, channelId: ChannelId, viewerId: ViewerId): Promise<number> {
  return countWhere(db, and(
    eq(posts.channelId, channelId),
    visibleTo(viewerId),
    notHiddenPostFor(viewerId),
    gt(posts.createdAt, since),
    viewerId === null ? undefined : ne(posts.userId, viewerId),
  ));
}
