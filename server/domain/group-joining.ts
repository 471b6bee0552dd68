// Joining a prayer group (issue #28; docs/product.md §11 Prayer groups): an admin rotates the
// invite link; anyone holding a live code sees what the group is and joins with it (a guest too);
// a member an admin removed comes back only through a join request (group-join-requests.ts).
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiGroupInvite, ApiInvitePreview, JoinResponse } from '../../common/group-contract';
import { GROUP_LIMITS } from '../../common/group-contract';
import type { Db } from '../db/client';
import { groupInvites, groupJoinRequests, prayerGroups } from '../db/schema/groups';
import { users } from '../db/schema/users';
import { fieldError, httpError } from '../http/errors';
import { createInvite, inviteClosed, toApiInvite, type InviteLimits } from './group-invites';
import { activateMembership, liveMember, toApiMembership, wasRemoved } from './group-members';
import { memberCount, requireAdmin, requireGroup } from './groups';
import { toChannelId } from './users';

const DAY_MS = 86_400_000;
const inviteNotFound = () => httpError(404, 'invite.not_found', 'This invite link is not valid (it was replaced, or the group was deleted)');
const CLOSED = {
  expired: () => httpError(410, 'invite.expired', 'This invite link has expired: ask the group for a new one'),
  used_up: () => httpError(410, 'invite.used_up', 'This invite link has been used as many times as it allows: ask the group for a new one'),
} as const;

/** Revokes the live code and makes a new one (docs/product.md §11: rotating revokes the old link). */
export async function rotateInvite(db: Db, groupId: number, actorId: number, limits: InviteLimits, now = new Date()): Promise<ApiGroupInvite> {
  if (limits.expiresAt !== null && limits.expiresAt.getTime() <= now.getTime()) {
    throw fieldError('expires_at', 'expires_at must be in the future', 'validation.past');
  }
  if (limits.expiresAt !== null && limits.expiresAt.getTime() > now.getTime() + GROUP_LIMITS.expiryDays * DAY_MS) {
    throw fieldError('expires_at', `expires_at must be at most ${GROUP_LIMITS.expiryDays} days ahead`, 'validation.too_far', { max: GROUP_LIMITS.expiryDays });
  }
  await requireAdmin(db, groupId, actorId, { lock: true });
  await db.update(groupInvites).set({ revokedAt: now }).where(and(eq(groupInvites.groupId, groupId), isNull(groupInvites.revokedAt)));
  return toApiInvite(await createInvite(db, groupId, actorId, limits, now));
}

/** The live code's invite and group, else 404 (unknown, revoked, or the group deleted). */
async function liveInvite(db: Db, code: string) {
  const [row] = await db.select({ invite: groupInvites, group: prayerGroups, memberCount }).from(groupInvites)
    .innerJoin(prayerGroups, eq(prayerGroups.id, groupInvites.groupId))
    .where(and(eq(groupInvites.code, code), isNull(groupInvites.revokedAt), isNull(prayerGroups.deletedAt))).limit(1);
  if (row === undefined) throw inviteNotFound();
  return row;
}

/**
 * What a visitor sees before joining: the group's name, description, picture and size, and who
 * made the link (its admin, while still a member: issue #49 major 5), nothing private. `viewerId`:
 * the caller's account when a session came with the read; a member an admin removed is told so
 * (reason 'removed', not joinable: the join would be refused, issue #49 major 4), and may ask to join.
 */
export async function previewInvite(db: Db, code: string, viewerId: number | null = null, now = new Date()): Promise<ApiInvitePreview> {
  const { invite, group, memberCount: members } = await liveInvite(db, code);
  const removed = viewerId !== null && (await liveMember(db, group.id, viewerId)) === undefined && (await wasRemoved(db, group.id, viewerId));
  const reason = removed ? 'removed' : inviteClosed(invite, now);
  return {
    group: { id: group.id, name: group.name, description: group.description, channel_id: toChannelId(group.channelId), picture: group.picture, member_count: members },
    joinable: reason === null,
    reason,
    invited_by: await inviter(db, group.id, invite.createdBy),
  };
}

/** The link's maker as a code holder may see them (id and chosen name), while still a member of the group. */
async function inviter(db: Db, groupId: number, userId: number | null): Promise<ApiInvitePreview['invited_by']> {
  if (userId === null || (await liveMember(db, groupId, userId)) === undefined) return null;
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * Joins with a live code. Joining twice is no error (the membership, `created` false); a use is
 * counted only for a new membership, in one statement that also checks the expiry and the limit,
 * so two visitors cannot both take the last use.
 */
export async function joinByInvite(db: Db, code: string, userId: number, now = new Date()): Promise<JoinResponse & { created: boolean }> {
  const { invite } = await liveInvite(db, code);
  const groupId = invite.groupId;
  const already = await liveMember(db, groupId, userId);
  if (already !== undefined) return { membership: toApiMembership(already), group: await requireGroup(db, groupId, userId), created: false };
  if (await wasRemoved(db, groupId, userId)) throw httpError(403, 'group.removed', 'An admin removed you from this group: ask to join instead');
  const closed = inviteClosed(invite, now);
  if (closed !== null) throw CLOSED[closed]();
  const [used] = await db.update(groupInvites).set({ uses: sql`${groupInvites.uses} + 1` })
    .where(and(
      eq(groupInvites.id, invite.id), isNull(groupInvites.revokedAt),
      or(isNull(groupInvites.maxUses), lt(groupInvites.uses, groupInvites.maxUses)),
      or(isNull(groupInvites.expiresAt), gt(groupInvites.expiresAt, now)),
    )).returning({ id: groupInvites.id });
  if (used === undefined) throw CLOSED.used_up();
  const { membership } = await activateMembership(db, groupId, userId, now);
  // A request to join the same group is settled by joining.
  await db.update(groupJoinRequests).set({ status: 'approved', decidedAt: now })
    .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.userId, userId), eq(groupJoinRequests.status, 'pending')));
  return { membership, group: await requireGroup(db, groupId, userId), created: true };
}
