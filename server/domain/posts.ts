// Post commands and reads of the foundation slice (SPEC §7 Posts; DESIGN.md §7 decisions).
import { and, eq, sql } from 'drizzle-orm';
import type { ApiPost, BookmarkResponse, ChannelId, PostKind, PrayResponse } from '../../common/contract';
import type { Db } from '../db/client';
import { bookmarks, posts, prayers } from '../db/schema';
import { notFound } from '../http/errors';
import { loadVisiblePost } from './post-view';
import { todayPrayerCount } from './users';

export type NewPost = { text: string; type: PostKind; isAnonymous: boolean; channelId: ChannelId };

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
    userId, channelId: input.channelId, type: input.type, text: input.text, isAnonymous: input.isAnonymous,
  }).returning({ id: posts.id });
  if (row === undefined) throw new Error('post insert returned no row');
  return requireVisiblePost(db, row.id, userId);
}

/**
 * DESIGN.md §7: every prayer counts, also a second one by the same person. The prayer row and the
 * post's counter change in one transaction (the caller's), so prayedCount always equals the rows.
 */
export async function prayForPost(db: Db, postId: number, userId: number): Promise<PrayResponse> {
  await requireVisiblePost(db, postId, userId);
  await db.insert(prayers).values({ userId, postId });
  await db.update(posts).set({ prayedCount: sql`${posts.prayedCount} + 1` }).where(eq(posts.id, postId));
  return { post: await requireVisiblePost(db, postId, userId), today_prayer_count: await todayPrayerCount(db, userId) };
}

/** SPEC §4: bookmark toggling sets is_bookmarked from the response (DESIGN.md §7: the server wins). */
export async function toggleBookmark(db: Db, postId: number, userId: number): Promise<BookmarkResponse> {
  await requireVisiblePost(db, postId, userId);
  const removed = await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId))).returning({ id: bookmarks.id });
  if (removed.length === 0) await db.insert(bookmarks).values({ userId, postId });
  const post = await requireVisiblePost(db, postId, userId);
  return { post, is_bookmarked: post.is_bookmarked };
}
