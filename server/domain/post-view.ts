// ApiPost as seen by one caller (docs/product.md §3 Post): counters from the post row, the caller-specific
// flags (isPrayed, is_bookmarked, noteCount, is_mine) from indexed subqueries.
import { and, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ANONYMOUS_USERNAME, VISIBILITY, type ApiPost } from '../../common/contract';
import type { Db } from '../db/client';
import { notes } from '../db/schema/comments';
import { posts } from '../db/schema/posts';
import { bookmarks, prayers } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import { shownAvatar } from './avatars';
import { groupAudience } from './group-visibility';
import { parseUpdates, updatesOfPost } from './post-updates-view';
import { toChannelId } from './users';
import { pendingReviewOf, reviewState, toVisibility } from './visibility';

export type ViewerId = number | null;
/**
 * A viewer id, the placeholder of a prepared statement that is given it when run (posts.ts, the
 * pray), or an SQL expression naming a signed-in viewer per row (the live channel asks the one rule
 * for every viewer it holds in one statement: server/live/audience.ts).
 */
export type ViewerParam = ViewerId | Placeholder | SQL;

export function postFields(viewerId: ViewerParam) {
  const mine = viewerId ?? -1; // no user has id -1: anonymous visitors own nothing
  return {
    id: posts.id,
    userId: posts.userId,
    channelId: posts.channelId,
    type: posts.type,
    text: posts.text,
    answerText: posts.answerText,
    atendido: posts.atendido,
    isAnonymous: posts.isAnonymous,
    visibility: posts.visibility,
    prayedCount: posts.prayedCount,
    commentCount: posts.commentCount,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    updatedAnswerAt: posts.updatedAnswerAt,
    authorUsername: users.username,
    authorName: users.name,
    authorAvatar: shownAvatar(viewerId), // img_show: avatars.ts (issue #11 item 3)
    isPrayed: sql<boolean>`exists (select 1 from ${prayers} where ${prayers.postId} = ${posts.id} and ${prayers.userId} = ${mine})`,
    isBookmarked: sql<boolean>`exists (select 1 from ${bookmarks} where ${bookmarks.postId} = ${posts.id} and ${bookmarks.userId} = ${mine})`,
    noteCount: sql<number>`(select count(*)::int from ${notes} where ${notes.postId} = ${posts.id} and ${notes.userId} = ${mine} and ${notes.deletedAt} is null)`,
    isPendingReview: pendingReviewOf('post'),
    groupId: posts.groupId,
    updates: updatesOfPost(),
  };
}

export function selectPosts(db: Db, viewerId: ViewerId) {
  return db.select(postFields(viewerId)).from(posts).innerJoin(users, eq(users.id, posts.userId));
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

/**
 * Public posts plus the caller's own; deleted and archived posts never show (docs/product.md §3 Visibility);
 * a group's posts only to its live members (docs/product.md §11, group-visibility.ts).
 */
export function visibleTo(viewerId: ViewerParam): SQL {
  const live = and(isNull(posts.deletedAt), isNull(posts.archivedAt));
  const audience = viewerId === null ? eq(posts.visibility, VISIBILITY.PUBLIC) : or(eq(posts.visibility, VISIBILITY.PUBLIC), eq(posts.userId, viewerId));
  return and(live, audience, groupAudience(viewerId)) ?? sql`true`;
}


export function toApiPost(row: PostRow, viewerId: ViewerId): ApiPost {
  const author = row.isAnonymous
    ? { id: null, username: ANONYMOUS_USERNAME, name: 'Anonymous', avatar: null }
    : { id: row.userId, username: row.authorUsername, name: row.authorName, avatar: row.authorAvatar };
  return {
    id: row.id,
    user_id: row.isAnonymous ? null : row.userId,
    user: author,
    type: row.type,
    text: row.text,
    answer_text: row.answerText,
    channel_id: toChannelId(row.channelId),
    visibility: toVisibility(row.visibility),
    is_anonymous: row.isAnonymous,
    is_mine: viewerId !== null && row.userId === viewerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    updated_answer_at: row.updatedAnswerAt?.toISOString() ?? null,
    atendido: row.atendido,
    prayedCount: row.prayedCount,
    isPrayed: Boolean(row.isPrayed),
    commentCount: row.commentCount,
    noteCount: Number(row.noteCount),
    is_bookmarked: Boolean(row.isBookmarked),
    group_id: row.groupId,
    updates: parseUpdates(row.updates),
    ...reviewState(row.visibility, row.isPendingReview),
  };
}


/** One post as the caller may see it, or undefined (missing, deleted, or not visible to them). */
export async function loadVisiblePost(db: Db, postId: number, viewerId: ViewerId): Promise<ApiPost | undefined> {
  const [row] = await selectPosts(db, viewerId).where(and(eq(posts.id, postId), visibleTo(viewerId))).limit(1);
  return row === undefined ? undefined : toApiPost(row, viewerId);
}
