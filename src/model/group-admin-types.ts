// A group's administration on the device (issue #28 items 1, 2 and 5; docs/product.md §11 'Roles';
// docs/decisions/0193-group-administration-on-the-device.md): the admin ops' payloads (declared in
// src/model/outbox-types.ts) and the cache of the online-only reads of the admin screen (its
// members and pending requests to join, meta 'groupAdmin'), kept per group for the account that
// read them and dropped with the group's rows.
import type { ApiUserSummary, DeletedResponse } from '../../common/contract';
import type {
  ApiGroupMember, ApiJoinRequest, GroupResponse, GroupRole, InviteResponse, JoinDecision, JoinDecisionResponse, MembershipEndedResponse,
  MembershipResponse, RotateInviteBody,
} from '../../common/group-contract';
import type { GroupReportsCache } from './group-moderation-types';

type GroupTarget = { postId?: never; groupId: number };

/** A rename or a new description (PUT group/{id}); a field absent is left as it is. */
export type GroupEditBody = { name?: string; description?: string | null };
/** The person acted on, as the screen showed them (only the id is sent, in the path). */
export type MemberBody = { member: ApiUserSummary; successor_id?: number };
export type SetRoleEntryBody = MemberBody & { role: GroupRole };
/** The request decided, as the screen showed it (its id goes in the path, the decision in the body). */
export type DecideEntryBody = { request: { id: number; user: ApiUserSummary }; decision: JoinDecision };

/** The payloads of the admin ops (src/model/outbox-types.ts OpPayloads). */
export type GroupAdminOps = {
  /** PUT group/{id}: shown at once in the group's row (local.edit). */
  'group.edit': { target: GroupTarget; body: GroupEditBody; response: GroupResponse };
  /** PUT group/{id}/member/{userId}: shown at once in the member list (and in my_role when it is mine). */
  'group.setRole': { target: GroupTarget; body: SetRoleEntryBody; response: MembershipResponse };
  /** DELETE group/{id}/member/{userId} of someone else (leaving is 'group.leave'). */
  'group.removeMember': { target: GroupTarget; body: MemberBody; response: MembershipEndedResponse };
  /** POST group/{id}/invite: a new code, the old one revoked; the link shows with the ack. */
  'group.rotateInvite': { target: GroupTarget; body: RotateInviteBody; response: InviteResponse };
  /** DELETE group/{id}: hidden at once; its rows leave the device on the ack. */
  'group.delete': { target: GroupTarget; body: null; response: DeletedResponse };
  /** POST group/{id}/join-request/{rid}/decide. */
  'group.decideRequest': { target: GroupTarget; body: DecideEntryBody; response: JoinDecisionResponse };
};

/** What the admin screen last read of one group (pages of members from the first, the first page of requests). */
export type GroupAdminCache = {
  members: ApiGroupMember[];
  membersTotal: number;
  membersLastPage: number;
  membersPage: number;
  /** Null: never read, or the account may not read them (not an admin). */
  requests: ApiJoinRequest[] | null;
  requestsTotal: number;
  pulledAt: number;
  /** Issue #28 item 3: the group's reports, read by its moderators and admins (src/model/group-moderation-types.ts); absent: never read. */
  reports?: GroupReportsCache;
};

/** `viewer`: the account it was read for; another account never reads it. Keyed by group id. */
export type GroupAdminMeta = { viewer: number; groups: Record<string, GroupAdminCache> };
