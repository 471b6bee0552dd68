// A group's reports (issue #28; docs/product.md §11 Prayer groups): reports of a group's posts and
// their comments never hide them by the community's threshold; the group's moderators and admins
// review them, with the community's queue and decisions (moderation.ts) scoped to the group.
import { eq } from 'drizzle-orm';
import type { ModerationAction, ModerationDecisionResponse, ModerationKind, ModerationQueueResponse } from '../../common/moderation-contract';
import type { Db } from '../db/client';
import { comments } from '../db/schema/comments';
import { posts } from '../db/schema/posts';
import { httpError, notFound } from '../http/errors';
import { requireRole } from './groups';
import { decide, listReported } from './moderation';

async function requireGroupModerator(db: Db, groupId: number, userId: number): Promise<void> {
  if ((await requireRole(db, groupId, userId)) === 'member') {
    throw httpError(403, 'moderation.not_moderator', 'Only the group\'s moderators and admins review its reports');
  }
}

export async function groupReports(db: Db, groupId: number, userId: number, page: number): Promise<ModerationQueueResponse> {
  await requireGroupModerator(db, groupId, userId);
  return listReported(db, page, groupId);
}

/** A decision on a post of this group, or a comment on one; anything else is not found here. */
export async function decideInGroup(db: Db, groupId: number, userId: number, kind: ModerationKind, id: number, action: ModerationAction): Promise<ModerationDecisionResponse> {
  await requireGroupModerator(db, groupId, userId);
  const [target] = kind === 'post'
    ? await db.select({ groupId: posts.groupId }).from(posts).where(eq(posts.id, id)).limit(1)
    : await db.select({ groupId: posts.groupId }).from(comments).innerJoin(posts, eq(posts.id, comments.postId)).where(eq(comments.id, id)).limit(1);
  if (target?.groupId !== groupId) throw notFound(kind === 'post' ? 'Post' : 'Comment');
  return decide(db, kind, id, action);
}
