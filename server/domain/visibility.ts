// SPEC §3 visibility levels as stored, and the comment rules shared by comments on posts
// (comments.ts) and on list items (list-item-comments.ts): one table, one set of rules.
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { VISIBILITY, type Visibility } from '../../common/contract';
import { commentLikes, comments } from '../db/schema';
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
export function commentLikedBy(viewerId: ViewerId): SQL<boolean> {
  const mine = viewerId ?? -1; // no user has id -1
  return sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.commentId} = ${comments.id} and ${commentLikes.userId} = ${mine})`;
}
