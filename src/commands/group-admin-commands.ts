// A group's administration (issue #28 items 1, 2 and 5; docs/product.md §11 'Roles'; docs/api.md
// 'Prayer groups'): rename, roles, removing a member, a new invite link, deciding a request to
// join, deleting the group. Each is one transaction (commit.ts), offline first and sent exactly
// once by the sync worker; each checks here what the server would refuse at once (an admin's
// action by someone who is not one, a limit), so a change that cannot succeed is not queued.
import type { ApiUserSummary } from '../../common/contract';
import { GROUP_LIMITS, GROUP_ROLES, type GroupRole, type JoinDecision, type RotateInviteBody } from '../../common/group-contract';
import type { GroupRow } from '../model/group-types';
import type { GroupEditBody } from '../model/group-admin-types';
import { getAuth, viewerId } from '../model/meta';
import { CommandError, fieldError } from './command-error';
import { commit, newEntry } from './commit';
import { optionalText, requireRow, requireText } from './guards';

const DAY_MS = 86_400_000;

async function signedIn(): Promise<number> {
  const id = viewerId(await getAuth());
  if (id === null) throw new CommandError(401, 'Sign in first', undefined, { code: 'auth.unauthenticated' });
  return id;
}

/** The group as shown here, which the viewer administers (a pending change of their own role counts). */
async function requireAdmin(groupId: number): Promise<GroupRow> {
  await signedIn();
  const group = await requireRow('groups', groupId);
  if ((group.local.role ?? group.my_role) !== 'admin') {
    throw new CommandError(403, 'Only the group\'s admins can do this', undefined, { code: 'group.not_admin' });
  }
  return group;
}

/** 'group.edit': a new name and/or description (an empty description clears it). */
export async function editGroup(groupId: number, input: { name?: string; description?: string | null }): Promise<void> {
  const body: GroupEditBody = {};
  if (input.name !== undefined) body.name = requireText('name', input.name, GROUP_LIMITS.name, 'Give your group a name');
  if (input.description !== undefined) body.description = optionalText('description', input.description, GROUP_LIMITS.description) ?? null;
  if (Object.keys(body).length === 0) throw fieldError('name', 'Nothing to change', 'validation.required');
  await commit(async () => {
    const group = await requireAdmin(groupId);
    return newEntry('group.edit', { groupId: group.id }, body);
  });
}

/** 'group.setRole': anyone's role, one's own included (the last admin names a successor: docs/product.md §11 'Always an admin'). */
export async function setMemberRole(groupId: number, member: ApiUserSummary, role: GroupRole, successorId?: number): Promise<void> {
  if (!GROUP_ROLES.includes(role)) throw fieldError('role', 'Choose admin, moderator or member', 'validation.choice');
  await commit(async () => {
    const group = await requireAdmin(groupId);
    const body = { member: summary(member), role, ...(successorId === undefined ? {} : { successor_id: successorId }) };
    return newEntry('group.setRole', { groupId: group.id }, body);
  });
}

/** 'group.removeMember': someone else (leaving is leaveGroup). */
export async function removeMember(groupId: number, member: ApiUserSummary): Promise<void> {
  await commit(async () => {
    const me = await signedIn();
    if (member.id === me) throw new CommandError(422, 'Leave the group instead', undefined, { code: 'validation.invalid' });
    const group = await requireAdmin(groupId);
    return newEntry('group.removeMember', { groupId: group.id }, { member: summary(member) });
  });
}

/** The limits of a new invite link (docs/product.md §11 'Joining'); null or absent: none. */
export type InviteLimits = { expiresAt?: Date | null; maxUses?: number | null };

function inviteBody(limits: InviteLimits, now: number): RotateInviteBody {
  const body: RotateInviteBody = { expires_at: null, max_uses: null };
  if (limits.expiresAt) {
    const at = limits.expiresAt.getTime();
    if (Number.isNaN(at) || at <= now) throw fieldError('expires_at', 'Choose a moment in the future', 'validation.past');
    if (at > now + GROUP_LIMITS.expiryDays * DAY_MS) {
      throw fieldError('expires_at', 'At most a year ahead', 'validation.too_far', { max: GROUP_LIMITS.expiryDays });
    }
    body.expires_at = limits.expiresAt.toISOString();
  }
  if (limits.maxUses !== undefined && limits.maxUses !== null) {
    if (!Number.isInteger(limits.maxUses) || limits.maxUses < 1 || limits.maxUses > GROUP_LIMITS.maxUses) {
      throw fieldError('max_uses', `From 1 to ${GROUP_LIMITS.maxUses}`, 'validation.too_large', { min: 1, max: GROUP_LIMITS.maxUses });
    }
    body.max_uses = limits.maxUses;
  }
  return body;
}

/** 'group.rotateInvite': a new link (the old one stops working); the code comes with the server's answer. */
export async function rotateInvite(groupId: number, limits: InviteLimits = {}): Promise<void> {
  const body = inviteBody(limits, Date.now());
  await commit(async () => {
    const group = await requireAdmin(groupId);
    return newEntry('group.rotateInvite', { groupId: group.id }, body);
  });
}

/** 'group.delete': gone for everyone once the server confirms; its rows leave this device then. */
export async function deleteGroup(groupId: number): Promise<void> {
  await commit(async () => {
    const group = await requireAdmin(groupId);
    return newEntry('group.delete', { groupId: group.id }, null);
  });
}

/** 'group.decideRequest': approve or decline a request to join. */
export async function decideJoinRequest(groupId: number, request: { id: number; user: ApiUserSummary }, decision: JoinDecision): Promise<void> {
  if (decision !== 'approve' && decision !== 'decline') throw fieldError('decision', 'Approve or decline', 'validation.choice');
  await commit(async () => {
    const group = await requireAdmin(groupId);
    return newEntry('group.decideRequest', { groupId: group.id }, { request: { id: request.id, user: summary(request.user) }, decision });
  });
}

/** Only the summary's own fields are kept in the entry (a screen may hand a wider object). */
function summary(user: ApiUserSummary): ApiUserSummary {
  return { id: user.id, username: user.username, name: user.name, avatar: user.avatar };
}
