// Comments on posts (docs/product.md §3 Comment, §7 Posts). commentCount on the post counts the comments
// everyone can see (live and PUBLIC) and changes in the same transaction as the comment.
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  ANONYMOUS_USERNAME, VISIBILITY, type ApiComment, type CommentChangeResponse, type CommentDeletedResponse,
  type CommentLikeResponse, type Page,
} from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { commentLikes, comments } from '../db/schema/comments';
import { posts } from '../db/schema/posts';
import { users } from '../db/schema/users';
import { httpError, notFound } from '../http/errors';
import { pageOffset, toPage } from './paging';
import { requireVisiblePost } from './post-owner';
import type { ViewerId } from './post-view';
import type { PostKey } from './text-parents';
import { notHiddenCommentFor } from './hidden-people';
import { commentAnswerFields, commentVisibleTo, sharedCommentColumns } from './visibility';

const ANONYMOUS_AUTHOR = { id: null, username: ANONYMOUS_USERNAME, name: 'Anonymous', avatar: null };

function commentFields(viewerId: ViewerId) {
  return {
    ...sharedCommentColumns(viewerId),
    postId: posts.id, // the inner join makes it non-null, unlike comments.post_id (list-item comments)
    postAuthorId: posts.userId,
    postIsAnonymous: posts.isAnonymous,
  };
}

function selectComments(db: Db, viewerId: ViewerId) {
  return db.select(commentFields(viewerId)).from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId));
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];


function toApiComment(row: CommentRow, viewerId: ViewerId): ApiComment {
  // The author of an anonymous post stays anonymous in the comments of that post too.
  const hidden = row.postIsAnonymous && row.userId === row.postAuthorId;
  const user = hidden ? ANONYMOUS_AUTHOR : { id: row.userId, username: row.authorUsername, name: row.authorName, avatar: row.authorAvatar };
  return { id: row.id, post_id: row.postId, ...commentAnswerFields(row, viewerId, user) };
}

async function findComment(db: Db, postId: number, commentId: number, viewerId: ViewerId): Promise<ApiComment> {
  const [row] = await selectComments(db, viewerId)
    .where(and(eq(comments.id, commentId), eq(comments.postId, postId), commentVisibleTo(viewerId))).limit(1);
  if (row === undefined) throw notFound('Comment');
  return toApiComment(row, viewerId);
}

/** A comment of this post the caller may see, after the post itself is checked; else 404. */
export async function requireVisibleComment(db: Db, postId: number, commentId: number, viewerId: ViewerId): Promise<ApiComment> {
  await requireVisiblePost(db, postId, viewerId);
  return findComment(db, postId, commentId, viewerId);
}

/** Oldest first, so a conversation reads top to bottom. */
export async function listComments(db: Db, { id: postId }: PostKey, viewerId: ViewerId, page: number): Promise<Page<ApiComment>> {
  await requireVisiblePost(db, postId, viewerId);
  // Issue #12: the viewer's reported comments and those of people they hid are left out (hidden-people.ts).
  const where = and(eq(comments.postId, postId), commentVisibleTo(viewerId), notHiddenCommentFor(viewerId));
  const [counted] = await db.select({ n: count() }).from(comments).where(where);
  const total = counted?.n ?? 0;
  const rows = await selectComments(db, viewerId).where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id)).limit(PAGE_SIZE).offset(pageOffset(page));
  return toPage(rows.map((row) => toApiComment(row, viewerId)), page, total);
}

export async function addToCommentCount(db: Db, postId: number, delta: 1 | -1): Promise<void> {
  await db.update(posts).set({ commentCount: sql`greatest(${posts.commentCount} + ${delta}, 0)` }).where(eq(posts.id, postId));
}

export async function createComment(db: Db, { id: postId }: PostKey, userId: number, text: string): Promise<CommentChangeResponse> {
  await requireVisiblePost(db, postId, userId);
  const [row] = await db.insert(comments).values({ userId, postId, text }).returning({ id: comments.id });
  if (row === undefined) throw new Error('comment insert returned no row');
  await addToCommentCount(db, postId, 1);
  return { comment: await findComment(db, postId, row.id, userId), post: await requireVisiblePost(db, postId, userId) };
}

export async function updateComment(db: Db, { id: postId, cid: commentId }: PostKey & { cid: number }, userId: number, text: string): Promise<ApiComment> {
  const comment = await requireVisibleComment(db, postId, commentId, userId);
  if (!comment.is_mine) throw httpError(403, 'comment.not_author', 'Only the author can edit this comment');
  await db.update(comments).set({ text, updatedAt: new Date() }).where(eq(comments.id, commentId));
  return findComment(db, postId, commentId, userId);
}

/** The comment's author, or the post's owner (moderating their own request), may remove it. Soft delete. */
export async function deleteComment(db: Db, { id: postId, cid: commentId }: PostKey & { cid: number }, userId: number): Promise<CommentDeletedResponse> {
  const post = await requireVisiblePost(db, postId, userId);
  const comment = await findComment(db, postId, commentId, userId);
  if (!comment.is_mine && !post.is_mine) throw httpError(403, 'comment.not_author', 'Only the author of the comment or of the post can remove it');
  const [removed] = await db.update(comments).set({ deletedAt: new Date() })
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt))).returning({ visibility: comments.visibility });
  // A denounced comment was already taken out of commentCount when it was hidden.
  if (removed?.visibility === VISIBILITY.PUBLIC) await addToCommentCount(db, postId, -1);
  return { id: commentId, deleted: true, post: await requireVisiblePost(db, postId, userId) };
}

/** A toggle; the like row and like_count change together, and a concurrent double like counts once. */
export async function toggleCommentLike(db: Db, postId: number, commentId: number, userId: number): Promise<CommentLikeResponse> {
  await requireVisibleComment(db, postId, commentId, userId);
  const mine = and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId));
  const unliked = await db.delete(commentLikes).where(mine).returning({ id: commentLikes.commentId });
  let delta = -unliked.length;
  if (unliked.length === 0) {
    const liked = await db.insert(commentLikes).values({ commentId, userId }).onConflictDoNothing().returning({ id: commentLikes.commentId });
    delta = liked.length;
  }
  if (delta !== 0) await db.update(comments).set({ likeCount: sql`greatest(${comments.likeCount} + ${delta}, 0)` }).where(eq(comments.id, commentId));
  const comment = await findComment(db, postId, commentId, userId);
  return { comment, likeCount: comment.likeCount, isLiked: comment.isLiked };
}
