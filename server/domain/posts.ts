// Post commands and reads of the foundation slice (docs/product.md §7 Posts; docs/product.md §10 decisions).
import { and, eq, sql } from 'drizzle-orm';
import type { ApiPost, BookmarkResponse, ChannelId, PostKind, PrayResponse } from '../../common/contract';
import type { Db } from '../db/client';
import { perSession } from '../db/per-session';
import { keepPrepared } from '../db/pglite-statements';
import { posts } from '../db/schema/posts';
import { bookmarks, prayers } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import { notifyGroupPost } from './group-notifications';
import { claimInsert, type KeyClaim } from './idempotency';
import { notFound } from '../http/errors';
import { loadVisiblePost, postFields, toApiPost, visibleTo } from './post-view';
import { utcMidnight } from './users';

/** groupId: the group it is posted in (docs/product.md §11), for good; null for the community. */
type NewPost = { text: string; type: PostKind; isAnonymous: boolean; channelId: ChannelId; groupId: number | null };

async function requireVisiblePost(db: Db, postId: number, viewerId: number | null): Promise<ApiPost> {
  const post = await loadVisiblePost(db, postId, viewerId);
  if (post === undefined) throw notFound('Post');
  return post;
}

export function getPost(db: Db, postId: number, viewerId: number | null): Promise<ApiPost> {
  return requireVisiblePost(db, postId, viewerId);
}

export async function createPost(db: Db, userId: number, input: NewPost): Promise<ApiPost> {
  const [row] = await db.insert(posts).values({
    userId, channelId: input.channelId, type: input.type, text: input.text, isAnonymous: input.isAnonymous, groupId: input.groupId,
  }).returning({ id: posts.id });
  if (row === undefined) throw new Error('post insert returned no row');
  // Issue #28 item 6: the group's other members are told, in the same transaction.
  if (input.groupId !== null) await notifyGroupPost(db, row.id);
  return requireVisiblePost(db, row.id, userId);
}

/**
 * docs/product.md §10: every prayer counts, also a second one by the same person. The prayer row and the
 * post's counter change in one statement (so in the caller's transaction), so prayedCount always
 * equals the rows; a post the caller may not see (missing, deleted, hidden) gets no prayer: 404.
 * One statement because a pray is the hot path of a batched push (issue #10): the prayer is
 * inserted in a CTE, and the UPDATE counts it and returns the post as the caller now sees it. Its
 * subqueries do not see the CTE's row (one snapshot), hence isPrayed true and today's count + 1.
 * With a `claim` (a batched pray, http/mutation.ts), the Idempotency-Key's row is inserted by the
 * same statement; a pray that answers has then claimed it, a 404 is rolled back with its savepoint.
 */
function prepareQuery(db: Db, claimed: boolean) {
  const userId = sql.placeholder('userId');
  const postId = sql.placeholder('postId');
  const prayed = db.$with('prayed', { postId: sql<number>`post_id` }).as(sql`insert into ${prayers} (user_id, post_id)
    select ${userId}, ${posts.id} from ${posts} where ${posts.id} = ${postId} and ${visibleTo(userId)} returning post_id`);
  const claim = { userId, key: sql.placeholder('key'), requestHash: sql.placeholder('requestHash') };
  const ctes = claimed ? [prayed, db.$with('claimed', { one: sql<number>`1` }).as(claimInsert(claim))] : [prayed];
  const today = sql<number>`(select count(*)::int from ${prayers} where ${prayers.userId} = ${userId} and ${prayers.createdAt} >= ${sql.placeholder('since')}::timestamptz) + 1`;
  const query = db.with(...ctes).update(posts).set({ prayedCount: sql`${posts.prayedCount} + 1` }).from(users)
    .where(and(eq(posts.id, postId), eq(users.id, posts.userId), sql`exists (select 1 from ${prayed})`))
    .returning({ ...postFields(userId), isPrayed: sql<boolean>`true`, today })
    .prepare(claimed ? 'pray_for_post_claimed' : 'pray_for_post');
  keepPrepared(query.getQuery().sql);
  return query;
}

/**
 * The pray's statement is built once per database session: the savepoints of a batched push share
 * its transaction's session, so a push of 100 prays builds it once, not 100 times (issue #10 P4);
 * on PostgreSQL the name also makes it a prepared statement of the connection, and on PGlite it
 * is kept prepared too (db/pglite-statements.ts): planned once, not per pray.
 */
const prayQuery = perSession(prepareQuery);

export async function prayForPost(db: Db, postId: number, userId: number, claim?: KeyClaim): Promise<PrayResponse> {
  const since = utcMidnight().toISOString();
  const values = { userId, postId, since, key: claim?.key ?? null, requestHash: claim?.requestHash ?? null };
  const [row] = await prayQuery(db, claim !== undefined).execute(values);
  if (row === undefined) throw notFound('Post');
  return { post: toApiPost(row, userId), today_prayer_count: Number(row.today) };
}

/** docs/product.md §4: bookmark toggling sets is_bookmarked from the response (docs/product.md §10: the server wins). */
export async function toggleBookmark(db: Db, postId: number, userId: number): Promise<BookmarkResponse> {
  await requireVisiblePost(db, postId, userId);
  const removed = await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId))).returning({ id: bookmarks.id });
  if (removed.length === 0) await db.insert(bookmarks).values({ userId, postId });
  const post = await requireVisiblePost(db, postId, userId);
  return { post, is_bookmarked: post.is_bookmarked };
}
