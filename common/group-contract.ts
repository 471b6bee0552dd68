// The /api/v1 wire types of prayer groups (issue #28; docs/product.md §11 Prayer groups; docs/api.md
// 'Prayer groups'). Companion of contract.ts.
import type { ApiUserSummary, ChannelId, Page } from './contract';

export const GROUP_ROLES = ['admin', 'moderator', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/** Which of a group's new posts notify a member (docs/product.md §11): all, requests only (no thanks), none. */
export const GROUP_NOTIFY_LEVELS = ['all', 'requests', 'none'] as const;
export type GroupNotifyLevel = (typeof GROUP_NOTIFY_LEVELS)[number];

export const JOIN_DECISIONS = ['approve', 'decline'] as const;
export type JoinDecision = (typeof JOIN_DECISIONS)[number];
export type JoinRequestStatus = 'pending' | 'approved' | 'declined';

/** Limits of docs/product.md §11: a group's name and its short description. */
export const GROUP_LIMITS = { name: 80, description: 300, maxUses: 10_000, expiryDays: 365 } as const;

/** The group's live invite link (`/g/<code>` in the app); every member sees it, only admins rotate it. */
export type ApiGroupInvite = { code: string; expires_at: string | null; max_uses: number | null; uses: number; created_at: string };

/** A group as one of its members sees it. */
export type ApiGroup = {
  id: number;
  name: string;
  description: string | null;
  channel_id: ChannelId;
  picture: string | null;
  created_at: string;
  updated_at: string;
  member_count: number;
  my_role: GroupRole;
  /** The caller's own choice of which new posts of the group notify them (PUT group/{id}/notify). */
  my_notify: GroupNotifyLevel;
  /** The live invite, or null when an admin has none (never after create; rotating replaces it). */
  invite: ApiGroupInvite | null;
};

export type ApiGroupMember = { user: ApiUserSummary; role: GroupRole; joined_at: string };
/** A membership without the person (the caller knows who they named). */
export type ApiMembership = { group_id: number; user_id: number; role: GroupRole; joined_at: string };

/** An invite code: 12 characters of base64url (server/domain/group-invites.ts newInviteCode). */
export const INVITE_CODE_PATTERN = /^[\w-]{12}$/;

/** What anyone holding an invite code may see before joining: nothing private. */
export type ApiInvitePreview = {
  group: { id: number; name: string; description: string | null; channel_id: ChannelId; picture: string | null; member_count: number };
  /** false when the link has expired or is used up, or the caller was removed: they may still ask to join (POST group/{id}/join-request). */
  joinable: boolean;
  /** 'removed': the caller's session is of a member an admin removed (issue #49 major 4). */
  reason: 'expired' | 'used_up' | 'removed' | null;
  /** Who made the link (its admin, while a member; name '' for a guest who chose none), for "X invited you". */
  invited_by: { id: number; name: string } | null;
};

export type ApiJoinRequest = {
  id: number;
  group_id: number;
  user: ApiUserSummary;
  status: JoinRequestStatus;
  created_at: string;
  decided_at: string | null;
};

export type CreateGroupBody = { name: string; description?: string | null; channel_id?: ChannelId; picture?: string | null };
export type UpdateGroupBody = { name?: string; description?: string | null; picture?: string | null };
/** `successor_id`: the member who becomes admin when the last admin steps down or leaves. */
export type SetRoleBody = { role: GroupRole; successor_id?: number };
export type LeaveBody = { successor_id?: number };
export type RotateInviteBody = { expires_at?: string | null; max_uses?: number | null };
export type SetNotifyBody = { level: GroupNotifyLevel };
export type DecideJoinRequestBody = { decision: JoinDecision };

export type GroupResponse = { group: ApiGroup };
export type GroupsResponse = { groups: ApiGroup[] };
export type GroupMembersResponse = { members: Page<ApiGroupMember> };
export type MembershipResponse = { membership: ApiMembership };
/** Removing or leaving: the membership has ended. */
export type MembershipEndedResponse = { group_id: number; user_id: number; removed: true };
export type InviteResponse = { invite: ApiGroupInvite };
export type InvitePreviewResponse = { invite: ApiInvitePreview };
export type JoinResponse = { membership: ApiMembership; group: ApiGroup };
export type JoinRequestResponse = { request: ApiJoinRequest };
export type JoinRequestsResponse = { requests: Page<ApiJoinRequest> };
export type JoinDecisionResponse = { request: ApiJoinRequest; membership: ApiMembership | null };
