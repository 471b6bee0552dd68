// Commands on prayer groups (issue #28 item 5 'Offline first, exactly once'; docs/product.md §11;
// docs/api.md 'Prayer groups'). Each is one transaction (commit.ts) and resolves once the change is
// saved here; the sync worker sends it with its Idempotency-Key. A group made offline gets a
// temporary id, returned, which screens may keep holding: the reads and the commands follow it to
// the real one (meta.groupIdMap), as lists do. Posting to a group is createRequest's `groupId`.
import { GROUP_LIMITS, type CreateGroupBody, type LeaveBody } from '../../common/group-contract';
import { getAuth, viewerId } from '../model/meta';
import type { InviteGroup } from '../model/group-types';
import { readChannel } from '../db/reads';
import { CommandError, fieldError } from './command-error';
import { commit, newEntry, nextTempId } from './commit';
import { optionalText, requireRow, requireText } from './guards';

/** The shape of an invite code (docs/api.md 'Prayer groups'); anything else is refused here, as the server would. */
const INVITE_CODE = /^[\w-]{12}$/;

export type GroupInput = { name: string; description?: string | null; channelId?: CreateGroupBody['channel_id'] };

async function requireMember(): Promise<number> {
  const auth = await getAuth();
  if (!auth.memberToken) throw new CommandError(403, 'Only members can create groups', undefined, { code: 'auth.members_only' });
  const id = viewerId(auth);
  if (id === null) throw new CommandError(401, 'Sign in first', undefined, { code: 'auth.unauthenticated' });
  return id;
}

/** 'group.create': shown at once, its creator as admin, under the returned temporary id. Members only. */
export async function createGroup(input: GroupInput): Promise<{ id: number }> {
  const name = requireText('name', input.name, GROUP_LIMITS.name, 'Give your group a name');
  const description = optionalText('description', input.description, GROUP_LIMITS.description) ?? null;
  let groupId = 0;
  await commit(async () => {
    await requireMember();
    const channelId = input.channelId ?? (await readChannel()).channelId;
    groupId = await nextTempId();
    return newEntry('group.create', { groupId }, { name, description, channel_id: channelId });
  });
  return { id: groupId };
}

/**
 * 'group.join' with an invite link already opened: `group` is what its preview showed (GET
 * invite/{code}), so the group shows at once; without it the group comes with the ack or the pull.
 */
export async function joinGroup(code: string, group: InviteGroup | null = null): Promise<void> {
  if (!INVITE_CODE.test(code)) throw fieldError('code', 'This is not an invite link', 'validation.invalid');
  await commit(async () => {
    if (viewerId(await getAuth()) === null) throw new CommandError(401, 'Sign in first', undefined, { code: 'auth.unauthenticated' });
    return newEntry('group.join', group ? { groupId: group.id } : {}, { code, group });
  });
}

/**
 * 'group.joinRequest': asking to join when the invite link has expired or is used up (docs/product.md
 * §11 'Joining'); an admin decides. Any session, guests too; nothing shows until then.
 */
export async function askToJoinGroup(groupId: number): Promise<void> {
  await commit(async () => {
    if (viewerId(await getAuth()) === null) throw new CommandError(401, 'Sign in first', undefined, { code: 'auth.unauthenticated' });
    return newEntry('group.joinRequest', { groupId }, null);
  });
}

/** 'group.leave': the group and its posts leave this device once the server confirms (docs/product.md §11). */
export async function leaveGroup(groupId: number, successorId?: number): Promise<void> {
  const body: LeaveBody | null = successorId === undefined ? null : { successor_id: successorId };
  await commit(async () => {
    if (viewerId(await getAuth()) === null) throw new CommandError(401, 'Sign in first', undefined, { code: 'auth.unauthenticated' });
    const group = await requireRow('groups', groupId);
    // docs/product.md §11 'Always an admin': the only member cannot leave (the server's 422), they delete the group.
    if (group.member_count <= 1 && group.my_role === 'admin') {
      throw new CommandError(422, 'You are the only member of this group: delete it instead', undefined, { code: 'group.last_admin' });
    }
    return newEntry('group.leave', { groupId: group.id }, body);
  });
}
