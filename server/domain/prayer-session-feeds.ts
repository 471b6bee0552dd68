// The prayer-session feeds (docs/product.md §7 GET post/session/*), each a Page<ApiPost>. Semantics are ours
// (docs/decisions/0082-posts-the-prayer-session-feeds-loadmore-is-a-cursor.md): "requests" means
// unanswered REQUEST posts, never deleted or hidden.
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ApiPost, ChannelId, PostPage } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { posts } from '../db/schema/posts';
import { bookmarks, prayers } from '../db/schema/prayers';
import { COUNT_AHEAD_PAGES } from './feed';
import { indexSource, keyOrder } from './feed-source';
import { groupNotFound, requireRole } from './groups';
import { pageOffset, toPage } from './paging';
import { selectPosts, toApiPost, visibleTo, type ViewerId } from './post-view';
import { utcMidnight } from './users';

const openRequests = (): SQL | undefined => and(eq(posts.type, 'REQUEST'), eq(posts.atendido, false));

/**
 * A session feed: which posts, newest first, and how many a page holds. Read as a page with its
 * total (its GET post/session route) or as its first rows only (GET sync/pull, which keeps no total).
 */
export type SessionFeed = { where: SQL | undefined; viewerId: ViewerId; pageSize: number };

const sessionOrder = () => keyOrder(posts.createdAt);

/**
 * A page, counted like the community feed (docs/decisions/0137-capped-totals-what-stays-exact.md):
 * at most COUNT_AHEAD_PAGES pages past this one, so a channel's size never costs a full count; a
 * total that reaches the cap is flagged as an estimate and promises at least one more page. The
 * count is read by the page's own statement; only a page past the last row counts apart.
 */
export async function sessionPage(db: Db, { where, viewerId, pageSize }: SessionFeed, page: number): Promise<PostPage> {
  const cap = (page + COUNT_AHEAD_PAGES) * pageSize + 1;
  const source = indexSource(db, viewerId, where, sessionOrder());
  const found = await source.rows(undefined, pageSize, pageOffset(page, pageSize), { cap });
  const total = found.total ?? await source.count(undefined, cap);
  const isEstimate = total >= cap;
  const result = toPage(found.rows.map((row) => toApiPost(row, viewerId)), page, total, pageSize);
  return isEstimate ? { ...result, last_page: Math.max(result.last_page, page + 1), total_is_estimate: true } : result;
}

/** The feed's first page of rows, one statement and no count (GET sync/pull: docs/architecture/sync-protocol.md 'Outbox and sync protocol'). */
export async function sessionFirstRows(db: Db, { where, viewerId, pageSize }: SessionFeed): Promise<ApiPost[]> {
  const { rows } = await indexSource(db, viewerId, where, sessionOrder()).rows(undefined, pageSize, 0);
  return rows.map((row) => toApiPost(row, viewerId));
}

/**
 * quick: other people's open requests in the channel that the caller has not prayed for since UTC
 * midnight (the same day as today_prayer_count), newest first; the page size is the caller's
 * prayer-session item count (users.prayer_session_items_qtd), so a quick session is short.
 */
export function quickFeed(userId: number, channelId: ChannelId, itemsQtd: number, now = new Date()): SessionFeed {
  const prayedToday = sql`exists (select 1 from ${prayers} where ${prayers.postId} = ${posts.id} and ${prayers.userId} = ${userId} and ${prayers.createdAt} >= ${utcMidnight(now)})`;
  const where = and(eq(posts.channelId, channelId), visibleTo(userId), openRequests(), ne(posts.userId, userId), sql`not ${prayedToday}`);
  return { where, viewerId: userId, pageSize: Math.max(1, itemsQtd) };
}

/** my-prayers: the caller's own open requests in any channel, newest first (answered ones are testimonies). */
export function myPrayersFeed(userId: number): SessionFeed {
  return { where: and(eq(posts.userId, userId), visibleTo(userId), openRequests()), viewerId: userId, pageSize: PAGE_SIZE };
}

/** community: open requests of the channel by others (the caller's own are in my-prayers), newest first; public to visitors. */
export function communityFeed(viewerId: ViewerId, channelId: ChannelId): SessionFeed {
  const where = and(eq(posts.channelId, channelId), visibleTo(viewerId), openRequests(), viewerId === null ? undefined : ne(posts.userId, viewerId));
  return { where, viewerId, pageSize: PAGE_SIZE };
}

/**
 * group (issue #28 item 4): a group's open requests by others, newest first, as the community
 * session is for the channel. The visibility rule (post-view.ts visibleTo) shows a group's posts to
 * its live members only; `groupSession` also answers anyone else 404 (no token included).
 */
export function groupFeed(groupId: number, viewerId: number): SessionFeed {
  return { where: and(eq(posts.groupId, groupId), visibleTo(viewerId), openRequests(), ne(posts.userId, viewerId)), viewerId, pageSize: PAGE_SIZE };
}

export async function groupSession(db: Db, groupId: number, viewerId: ViewerId, page: number): Promise<PostPage> {
  if (viewerId === null) throw groupNotFound();
  await requireRole(db, groupId, viewerId);
  return sessionPage(db, groupFeed(groupId, viewerId), page);
}

/** bookmark: the caller's bookmarked posts in any channel, most recently bookmarked first. */
const bookmarkWhere = (userId: number) => and(eq(bookmarks.userId, userId), visibleTo(userId));

function bookmarkRows(db: Db, userId: number, limit: number, offset: number) {
  return selectPosts(db, userId).innerJoin(bookmarks, eq(bookmarks.postId, posts.id)).where(bookmarkWhere(userId))
    .orderBy(desc(bookmarks.createdAt), desc(posts.id)).limit(limit).offset(offset);
}

export async function bookmarkSession(db: Db, userId: number, page: number): Promise<PostPage> {
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(posts).innerJoin(bookmarks, eq(bookmarks.postId, posts.id)).where(bookmarkWhere(userId)),
    bookmarkRows(db, userId, PAGE_SIZE, pageOffset(page)),
  ]);
  return toPage(rows.map((row) => toApiPost(row, userId)), page, counted?.n ?? 0);
}

/** The bookmark session's first page of rows, no count (GET sync/pull). */
export async function bookmarkFirstRows(db: Db, userId: number): Promise<ApiPost[]> {
  return (await bookmarkRows(db, userId, PAGE_SIZE, 0)).map((row) => toApiPost(row, userId));
}
