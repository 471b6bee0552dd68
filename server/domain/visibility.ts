// docs/product.md §3 visibility levels as stored, and the comment rules shared by comments on posts
// (comments.ts) and on list items (list-item-comments.ts): one table, one set of rules.
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { VISIBILITY, type Visibility } from '../../common/contract';
import { commentLikes, comments } from '../db/schema/comments';
import { reports } from '../db/schema/moderation';
import { posts } from '../db/schema/posts';
import { users } from '../db/schema/users';
import { shownAvatar } from './avatars';
import type { ViewerId } from './post-view';

const VISIBILITIES: Visibility[] = Object.values(VISIBILITY);

/** The columns have a CHECK constraint; an unknown value is treated as the most restrictive. */
export function toVisibility(value: number): Visibility {
  return VISIBILITIES.find((v) => v === value) ?? VISIBILITY.PRIVATE;
}

/** Live comments that are PUBLIC, plus the caller's own at any visibility (a denounced one stays visible to its author). */
export function commentVisibleTo(viewerId: ViewerId): SQL {
  const audience = viewerId === null ? eq(comments.visibility, VISIBILITY.PUBLIC) : or(eq(comments.visibility, VISIBILITY.PUBLIC), eq(comments.userId, viewerId));
  return and(isNull(comments.deletedAt), audience) ?? sql`false`;
}

/** Whether the caller liked the comment of the row; anonymous visitors like nothing. */
function commentLikedBy(viewerId: ViewerId): SQL<boolean> {
  const mine = viewerId ?? -1; // no user has id -1
  return sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${mine})`;
}

/**
 * Whether a hidden post or comment still waits for a moderator (issue #11): it has a report no
 * decision settled. Only evaluated for a DENOUNCED row (the CASE), so a feed pays nothing for it.
 */
export function pendingReviewOf(target: 'post' | 'comment'): SQL<boolean> {
  const [column, id] = target === 'post' ? [reports.postId, posts.id] : [reports.commentId, comments.id];
  const visibility = target === 'post' ? posts.visibility : comments.visibility;
  return sql<boolean>`case when ${visibility} = ${VISIBILITY.DENOUNCED} then exists (select 1 from ${reports} where ${column} = ${id} and ${reports.reviewedAt} is null) else false end`;
}

/** The review state a hidden row's author sees in place of a 404 (ApiPost / ApiComment `hidden_pending_review`). */
export function reviewState(visibility: number, isPending: unknown): { hidden_pending_review?: boolean } {
  return visibility === VISIBILITY.DENOUNCED ? { hidden_pending_review: Boolean(isPending) } : {};
}

/** The columns every comment select reads, on a post or on a list item (joined with its author in `users`). */
export function sharedCommentColumns(viewerId: ViewerId) {
  return {
    id: comments.id,
    userId: comments.userId,
    text: comments.text,
    visibility: comments.visibility,
    likeCount: comments.likeCount,
    createdAt: comments.createdAt,
    updatedAt: comments.updatedAt,
    authorUsername: users.username,
    authorName: users.name,
    authorAvatar: shownAvatar(viewerId), // img_show: avatars.ts (issue #11 item 3)
    isLiked: commentLikedBy(viewerId),
    isPendingReview: pendingReviewOf('comment'),
  };
}

/** The columns a comment row of a post or of a list item shares (both select them the same way). */
type CommentColumns = {
  userId: number; text: string; visibility: number; createdAt: Date; updatedAt: Date;
  likeCount: number; isLiked: unknown; isPendingReview: unknown;
};

/** The fields of a comment's answer that do not depend on what it is on (docs/api.md comments). */
export function commentAnswerFields<U>(row: CommentColumns, viewerId: ViewerId, user: U) {
  return {
    comment: row.text,
    user,
    visibility: toVisibility(row.visibility),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    likeCount: row.likeCount,
    isLiked: Boolean(row.isLiked),
    is_mine: viewerId !== null && row.userId === viewerId,
    ...reviewState(row.visibility, row.isPendingReview),
  };
}
