// A group's reports on the device (issue #28 item 3; docs/product.md §11 'Reports in a group';
// docs/decisions/0198-a-group-s-reports-in-the-moderation-screen.md): the decision op's payload
// (declared in src/model/outbox-types.ts) and what the moderation screen last read of a group's
// queue (kept in the group's entry of meta 'groupAdmin', so it leaves with the group's rows).
import type { ApiReportedItem, ModerationDecisionBody, ModerationDecisionResponse } from '../../common/moderation-contract';

/** A post of the group, or a comment on one (a group's post is never a list item). */
export type GroupModerationTarget = { groupId: number; postId: number } | { groupId: number; commentId: number };

/** The payload of the group's decision op (src/model/outbox-types.ts OpPayloads). */
export type GroupModerationOps = {
  /** POST group/{id}/moderation/post|comment/{id}: keep hidden, restore or remove, as a moderator or admin of the group. */
  'group.moderate': { target: GroupModerationTarget; body: ModerationDecisionBody; response: ModerationDecisionResponse };
};

/** The first page of the group's queue (GET group/{id}/reports) as this account last read it. */
export type GroupReportsCache = {
  /** Null: the account may not read them (no longer a moderator or admin of the group). */
  items: ApiReportedItem[] | null;
  total: number;
  pulledAt: number;
};
