// A group's reports (issue #28; docs/product.md §11 Prayer groups): reports of a group's posts, their
// comments and the comments on its lists' items (issue #49) never hide them by the community's threshold; the group's moderators and admins
// review them, with the community's queue and decisions (moderation.ts) scoped to the group.
import type { ModerationAction, ModerationDecisionResponse, ModerationKind, ModerationQueueResponse } from '../../common/moderation-contract';
import type { Db } from '../db/client';
import { httpError } from '../http/errors';
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
  // A post of this group, a comment on one, or a comment on an item of one of its lists (moderation.ts targetGroup).
  return decide(db, kind, id, action, groupId);
}
