// The admin screen's online-only reads kept on the device (issue #28 items 1, 2;
// docs/decisions/0193-group-administration-on-the-device.md): a group's members and pending
// requests to join, as last read by this account (meta 'groupAdmin'), so the screen shows them
// offline and the admin ops can act on them. Acks fold the server's answers in (a role, a removal,
// a decision); a group that leaves the device takes its entry with it (src/model/rows.ts
// forgetRows), and another account never reads it. Pending changes are not written here: the reads
// lay them over (src/db/group-admin-reads.ts).
import type { ApiGroupMember } from '../../common/group-contract';
import type { GroupAdminCache, GroupAdminMeta } from './group-admin-types';
import { getAuth, getMeta, setMeta, viewerId } from './meta';

export const EMPTY_GROUP_ADMIN: GroupAdminCache = {
  members: [], membersTotal: 0, membersLastPage: 1, membersPage: 0, requests: null, requestsTotal: 0, pulledAt: 0,
};

/** The cache of this account, or null without one (another account's counts as none). */
async function current(): Promise<{ viewer: number | null; meta: GroupAdminMeta | null }> {
  const viewer = viewerId(await getAuth());
  const meta = (await getMeta('groupAdmin')) ?? null;
  return { viewer, meta: meta && meta.viewer === viewer ? meta : null };
}

/** What this account last read of the group, if anything. */
export async function readGroupAdminCache(groupId: number): Promise<GroupAdminCache | null> {
  const { meta } = await current();
  return meta?.groups[String(groupId)] ?? null;
}

/** Changes one group's entry (from an empty one); `change` answering null drops it. Call inside an rw transaction with meta. */
export async function updateGroupAdmin(groupId: number, change: (cache: GroupAdminCache) => GroupAdminCache | null): Promise<void> {
  const { viewer, meta } = await current();
  if (viewer === null) return;
  const groups = { ...meta?.groups };
  const next = change(groups[String(groupId)] ?? { ...EMPTY_GROUP_ADMIN });
  if (next === null) Reflect.deleteProperty(groups, String(groupId));
  else groups[String(groupId)] = next;
  await setMeta('groupAdmin', { viewer, groups });
}

/** The groups' entries go (the group left the device: a former member keeps nothing of it). */
export async function forgetGroupAdmin(groupIds: readonly number[]): Promise<void> {
  const meta = await getMeta('groupAdmin');
  if (!meta || !groupIds.some((id) => String(id) in meta.groups)) return;
  const groups = { ...meta.groups };
  for (const id of groupIds) Reflect.deleteProperty(groups, String(id));
  await setMeta('groupAdmin', { viewer: meta.viewer, groups });
}

/** A member's role as the server answered it. */
export function withRole(cache: GroupAdminCache, userId: number, role: ApiGroupMember['role']): GroupAdminCache {
  return { ...cache, members: cache.members.map((m) => (m.user.id === userId ? { ...m, role } : m)) };
}

export function withoutMember(cache: GroupAdminCache, userId: number): GroupAdminCache {
  const members = cache.members.filter((m) => m.user.id !== userId);
  return { ...cache, members, membersTotal: Math.max(0, cache.membersTotal - (cache.members.length - members.length)) };
}
