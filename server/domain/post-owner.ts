// What only a post's owner may do (docs/product.md §6: the owner edits, deletes and marks answered; docs/product.md §4
// Post states): edit, delete, answer (testimony), remove the answer; plus the visible-post guard
// that every post sub-resource (comments, notes, reports, users-prayed) checks first.
import { and, eq } from 'drizzle-orm';
import type { ApiPost, DeletedResponse, PostKind } from '../../common/contract';
import type { Db } from '../db/client';
import { posts } from '../db/schema/posts';
import { httpError, notFound } from '../http/errors';
import { loadVisiblePost, type ViewerId } from './post-view';

type PostEdit = { text?: string | undefined; type?: PostKind | undefined; isAnonymous?: boolean | undefined };

/** A visible post of the caller's; 404 before 403 so a hidden post is never confirmed to exist. */
async function requireOwnPost(db: Db, postId: number, userId: number): Promise<ApiPost> {
  const post = await requireVisiblePost(db, postId, userId);
  if (!post.is_mine) throw httpError(403, 'post.not_author', 'Only the author can change this post');
  return post;
}

/** The post as the caller may see it, else 404 (missing, deleted, or hidden from them). */
export async function requireVisiblePost(db: Db, postId: number, viewerId: ViewerId): Promise<ApiPost> {
  const post = await loadVisiblePost(db, postId, viewerId);
  if (post === undefined) throw notFound('Post');
  return post;
}

/** Edits keep the visibility: a denounced post stays hidden after an edit (docs/product.md §10 'pending review'). */
export async function editPost(db: Db, postId: number, userId: number, edit: PostEdit): Promise<ApiPost> {
  await requireOwnPost(db, postId, userId);
  await db.update(posts).set({
    // Drizzle leaves a key whose value is undefined out of the SET: what the edit does not name stays.
    text: edit.text, type: edit.type, isAnonymous: edit.isAnonymous,
    updatedAt: new Date(),
  }).where(eq(posts.id, postId));
  return requireVisiblePost(db, postId, userId);
}

/**
 * Soft delete (docs/decisions/0077-posts-soft-delete-for-posts-and-comments-hard-delete-for.md):
 * the row stays for reports and list items that point at it, but visibleTo() excludes it, so every
 * read, feed and mutation answers 404 from now on.
 */
export async function deletePost(db: Db, postId: number, userId: number): Promise<DeletedResponse> {
  await requireOwnPost(db, postId, userId);
  await db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, postId));
  return { id: postId, deleted: true };
}

/** docs/product.md §4: answering moves the post to the top of the testimonies (ANSWER sorts by updated_answer_at). Posting again edits the testimony. */
export async function answerPost(db: Db, postId: number, userId: number, answerText: string | null): Promise<ApiPost> {
  await requireOwnPost(db, postId, userId);
  const now = new Date();
  await db.update(posts).set({ atendido: true, answerText, updatedAnswerAt: now, updatedAt: now }).where(eq(posts.id, postId));
  return requireVisiblePost(db, postId, userId);
}

/** Removing an answer that is not there changes nothing, so an outbox retry is harmless. */
export async function removeAnswer(db: Db, postId: number, userId: number): Promise<ApiPost> {
  await requireOwnPost(db, postId, userId);
  await db.update(posts)
    .set({ atendido: false, answerText: null, updatedAnswerAt: null, updatedAt: new Date() })
    .where(and(eq(posts.id, postId), eq(posts.atendido, true)));
  return requireVisiblePost(db, postId, userId);
}
