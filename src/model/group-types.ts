// Prayer groups on the device (issue #28 item 5; docs/product.md §11 Prayer groups): the groups the
// signed-in account belongs to, as GET groups (and the one pull's `groups` section) sends them,
// plus this device's intent, kept apart like every other kind of row
// (docs/architecture/local-store.md 'Local database'). A group's posts are rows of `posts` carrying
// its `group_id`.
import type { JoinRequestResponse } from '../../common/group-contract';
import type { ApiGroup, ApiInvitePreview, CreateGroupBody, GroupResponse, JoinResponse, LeaveBody, MembershipEndedResponse } from '../../common/group-contract';
import type { GroupRole } from '../../common/group-contract';

import type { GroupNotifyLevel, SetNotifyBody } from '../../common/group-contract';

/** This device's unacknowledged intent on a group (recomputed from the outbox by the rebase). */
export type GroupLocal = {
  /** A leave is pending: the group and its posts are hidden until the server confirms or refuses it. */
  deleted: boolean;
  /** A join by invite is pending: the row was made here from the invite's preview. */
  joining: boolean;
  /** Issue #28 item 1: a rename or description change is pending ('group.edit'); absent on rows stored before. */
  edit?: { name?: string; description?: string | null };
  /** My own role change is pending ('group.setRole' naming me). */
  role?: GroupRole;
  /** Issue #28 item 6: my choice of its notifications is pending ('group.notify'); shown over `my_notify`. */
  notify?: GroupNotifyLevel;
};
export const EMPTY_GROUP_LOCAL: GroupLocal = { deleted: false, joining: false };

/** A group as its member sees it (negative id while created offline) plus local intent. */
export type GroupRow = ApiGroup & {
  local: GroupLocal;
  /** Made here from an invite's preview by a pending join; a server row never has it (the merge drops it). */
  provisional?: true;
};

type NoPost = { postId?: never };
/** What the person saw of the group before joining (GET invite/{code}), shown while the join waits. */
export type InviteGroup = ApiInvitePreview['group'];
/** The code is sent in the path; `group` is kept for the screen and never sent. */
export type JoinBody = { code: string; group: InviteGroup | null };

/** The payloads of the group ops (src/model/outbox-types.ts OpPayloads). */
export type GroupOps = {
  /** target.groupId is the temporary negative id of the group made here; POST group. */
  'group.create': { target: NoPost & { groupId: number }; body: CreateGroupBody; response: GroupResponse };
  /** POST invite/{code}/join; target.groupId when the preview named the group, else none. */
  'group.join': { target: NoPost & { groupId?: number }; body: JoinBody; response: JoinResponse };
  /** POST group/{id}/join-request: asking to join when the invite link has expired or is used up (not a member: no row changes). */
  'group.joinRequest': { target: NoPost & { groupId: number }; body: null; response: JoinRequestResponse };
  /** DELETE group/{id}/member/{me}: leaving (the last admin names a successor). */
  'group.leave': { target: NoPost & { groupId: number }; body: LeaveBody | null; response: MembershipEndedResponse };
  /** PUT group/{id}/notify: which of the group's new posts notify me (issue #28 item 6). */
  'group.notify': { target: NoPost & { groupId: number }; body: SetNotifyBody; response: GroupResponse };
};
