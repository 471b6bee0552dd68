// The prayer-session feeds (docs/product.md §7 GET post/session/*), each a Page<ApiPost>. Semantics are ours
// (docs/decisions.md 'Posts'): "requests" means unanswered REQUEST posts, never deleted or hidden.
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ChannelId, PostPage } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { posts } from '../db/schema/posts';
import { bookmarks, prayers } from '../db/schema/prayers';
import { COUNT_AHEAD_PAGES } from './feed';
import { cappedCount, keyOrder } from './feed-source';
import { groupNotFound, requireRole } from './groups';
import { pageOffset, toPage } from './paging';
import { selectPosts, toApiPost, visibleTo, type ViewerId } from './post-view';
import { utcMidnight } from './users';

type PageRequest = { page: number; pageSize: number };

const openRequests = (): SQL | undefined => and(eq(posts.type, 'REQUEST'), eq(posts.atendido, false));

/**
 * Newest first, counted like the community feed (docs/decisions.md 'Capped totals'): at most
 * COUNT_AHEAD_PAGES pages past this one, so a channel's size never costs a full count; a total that
 * reaches the cap is flagged as an estimate and promises at least one more page.
 */
async function postPage(db: Db, where: SQL | undefined, viewerId: ViewerId, { page, pageSize }: PageRequest): Promise<PostPage> {
  const order = keyOrder(posts.createdAt);
  const cap = (page + COUNT_AHEAD_PAGES) * pageSize + 1;
  const [total, rows] = await Promise.all([
    cappedCount(db, where, order, cap),
    selectPosts(db, viewerId).where(where).orderBy(...order).limit(pageSize).offset(pageOffset(page, pageSize)),
  ]);
  const isEstimate = total >= cap;
  const result = toPage(rows.map((row) => toApiPost(row, viewerId)), page, total, pageSize);
  return isEstimate ? { ...result, last_page: Math.max(result.last_page, page + 1), total_is_estimate: true } : result;
}

/**
 * quick: other people's open requests in the channel that the caller has not prayed for since UTC
 * midnight (the same day as today_prayer_count), newest first; the page size is the caller's
 * prayer-session item count (users.prayer_session_items_qtd), so a quick session is short.
 */
export function quickSession(db: Db, userId: number, channelId: ChannelId, page: number, itemsQtd: number, now = new Date()): Promise<PostPage> {
  const prayedToday = sql`exists (select 1 from ${prayers} where ${prayers.postId} = ${posts.id} and ${prayers.userId} = ${userId} and ${prayers.createdAt} >= ${utcMidnight(now)})`;
  const where = and(eq(posts.channelId, channelId), visibleTo(userId), openRequests(), ne(posts.userId, userId), sql`not ${prayedToday}`);
  return postPage(db, where, userId, { page, pageSize: Math.max(1, itemsQtd) });
}

/** bookmark: the caller's bookmarked posts in any channel, most recently bookmarked first. */
export async function bookmarkSession(db: Db, userId: number, page: number): Promise<PostPage> {
  const where = and(eq(bookmarks.userId, userId), visibleTo(userId));
  const [counted] = await db.select({ n: count() }).from(posts).innerJoin(bookmarks, eq(bookmarks.postId, posts.id)).where(where);
  const total = counted?.n ?? 0;
  const rows = await selectPosts(db, userId).innerJoin(bookmarks, eq(bookmarks.postId, posts.id)).where(where)
    .orderBy(desc(bookmarks.createdAt), desc(posts.id)).limit(PAGE_SIZE).offset(pageOffset(page));
  return toPage(rows.map((row) => toApiPost(row, userId)), page, total);
}

/** my-prayers: the caller's own open requests in any channel, newest first (answered ones are testimonies). */
export function myPrayersSession(db: Db, userId: number, page: number): Promise<PostPage> {
  return postPage(db, and(eq(posts.userId, userId), visibleTo(userId), openRequests()), userId, { page, pageSize: PAGE_SIZE });
}

/** community: open requests of the channel by others (the caller's own are in my-prayers), newest first; public to visitors. */
export function communitySession(db: Db, viewerId: ViewerId, channelId: ChannelId, page: number): Promise<PostPage> {
  const where = and(eq(posts.channelId, channelId), visibleTo(viewerId), openRequests(), viewerId === null ? undefined : ne(posts.userId, viewerId));
  return postPage(db, where, viewerId, { page, pageSize: PAGE_SIZE });
}

/**
 * group (issue #28 item 4): a group's open requests by others, newest first, as the community
 * session is for the channel; members only (404 for anyone else, no token included).
 */
export async function groupSession(db: Db, groupId: number, viewerId: ViewerId, page: number): Promise<PostPage> {
  if (viewerId === null) throw groupNotFound();
  await requireRole(db, groupId, viewerId);
  const where = and(eq(posts.groupId, groupId), visibleTo(viewerId), openRequests(), ne(posts.userId, viewerId));
  return postPage(db, where, viewerId, { page, pageSize: PAGE_SIZE });
}
