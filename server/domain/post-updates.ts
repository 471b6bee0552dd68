// Updates of a request (issue #28 item 3; docs/product.md §4 Post 'Updates'): only its author adds
// or removes them, on a post they can still see (a group's post: while a live member). The count
// on the post row moves in the same transaction (migration 0015): that bounds a post's updates and
// puts the post in the change feed, so every device of its readers gets them through the pull.
// Those who prayed are told by the trigger of 0015 (notification 'post_update').
import { and, eq, lt, sql } from 'drizzle-orm';
import { POST_UPDATES_MAX } from '../../common/constants';
import type { ApiPost } from '../../common/contract';
import type { PostUpdateDeletedResponse, PostUpdateResponse } from '../../common/post-updates-contract';
import type { Db } from '../db/client';
import { postUpdates } from '../db/schema/post-updates';
import { posts } from '../db/schema/posts';
import { fieldError, httpError, notFound } from '../http/errors';
import { requireVisiblePost } from './post-owner';

/** 404 before 403: a post the caller may not see is never confirmed to exist. */
async function requireAuthor(db: Db, postId: number, userId: number): Promise<ApiPost> {
  const post = await requireVisiblePost(db, postId, userId);
  if (!post.is_mine) throw httpError(403, 'post.not_author', 'Only the author can give updates of this request');
  return post;
}

export async function addPostUpdate(db: Db, postId: number, userId: number, text: string): Promise<PostUpdateResponse> {
  await requireAuthor(db, postId, userId);
  // One statement counts and checks the limit, and locks the post until the transaction ends.
  const counted = await db.update(posts).set({ updateCount: sql`${posts.updateCount} + 1` })
    .where(and(eq(posts.id, postId), lt(posts.updateCount, POST_UPDATES_MAX))).returning({ id: posts.id });
  if (counted.length === 0) {
    throw fieldError('text', `A request holds at most ${POST_UPDATES_MAX} updates`, 'validation.too_large', { max: POST_UPDATES_MAX });
  }
  const [row] = await db.insert(postUpdates).values({ postId, text })
    .returning({ id: postUpdates.id, text: postUpdates.text, createdAt: postUpdates.createdAt });
  if (row === undefined) throw new Error('post update insert returned no row');
  const update = { id: row.id, text: row.text, created_at: row.createdAt.toISOString() };
  return { update, post: await requireVisiblePost(db, postId, userId) };
}

/** Deleted for good; an update of another post, or gone already, is a 404. */
export async function deletePostUpdate(db: Db, postId: number, updateId: number, userId: number): Promise<PostUpdateDeletedResponse> {
  await requireAuthor(db, postId, userId);
  const removed = await db.delete(postUpdates).where(and(eq(postUpdates.id, updateId), eq(postUpdates.postId, postId)))
    .returning({ id: postUpdates.id });
  if (removed.length === 0) throw notFound('Update');
  await db.update(posts).set({ updateCount: sql`greatest(${posts.updateCount} - 1, 0)` }).where(eq(posts.id, postId));
  return { id: updateId, deleted: true, post: await requireVisiblePost(db, postId, userId) };
}
