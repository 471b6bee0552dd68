// What the group admin screen shows (issue #28 items 1, 2; docs/product.md §11 'Roles'): the members
// and pending requests to join as this account last read them (src/model/group-admin-cache.ts),
// with this account's waiting admin changes laid over them in the order they were made: a role
// set, a member removed, a request decided show at once; a refused one leaves the outbox and the
// list shows the server's again. Plain async reads for the screen's live hook and for tests.
import type { ApiGroupMember, ApiJoinRequest, GroupRole } from '../../common/group-contract';
import { db } from '../model/db';
import { readGroupAdminCache } from '../model/group-admin-cache';
import { getAuth, isEntryOfViewer, viewerId } from '../model/meta';
import type { OutboxEntry } from '../model/outbox-types';
import { rowKey } from '../model/outbox-index';
import { currentGroupId } from './group-reads';

export type ShownMember = ApiGroupMember & { isPending: boolean };
export type ShownJoinRequest = ApiJoinRequest;

export type GroupAdminView = {
  members: ShownMember[];
  membersTotal: number;
  /** More pages of members on the server than were read. */
  hasMoreMembers: boolean;
  membersPage: number;
  /** Null: not read (yet), or not the viewer's to read (not an admin). */
  requests: ShownJoinRequest[] | null;
  requestsTotal: number;
  /** A new invite link waits to be made by the server: the old one is about to stop working. */
  isRotating: boolean;
  /** When the members were last read (epoch ms), 0 never. */
  pulledAt: number;
};

/** This account's waiting entries on the group, oldest first. */
async function waitingOn(groupId: number): Promise<OutboxEntry[]> {
  const viewer = viewerId(await getAuth());
  const entries = await db.outbox.where('rowKeys').equals(rowKey({ table: 'groups', id: groupId })).toArray();
  return entries.filter((entry) => isEntryOfViewer(entry, viewer)).sort((a, b) => a.seq - b.seq);
}

function setRole(members: ShownMember[], userId: number, role: GroupRole): ShownMember[] {
  return members.map((m) => (m.user.id === userId ? { ...m, role, isPending: true } : m));
}

export async function readGroupAdmin(id: number): Promise<GroupAdminView> {
  const groupId = await currentGroupId(id);
  const [cache, waiting] = await Promise.all([readGroupAdminCache(groupId), waitingOn(groupId)]);
  let members: ShownMember[] = (cache?.members ?? []).map((m) => ({ ...m, isPending: false }));
  let requests = cache?.requests ?? null;
  let removed = 0;
  let decided = 0;
  let isRotating = false;
  for (const entry of waiting) {
    if (entry.op === 'group.setRole') {
      const { member, role, successor_id: successor } = entry.body;
      const wasAdmin = members.some((m) => m.user.id === member.id && m.role === 'admin');
      members = setRole(members, member.id, role);
      if (successor !== undefined && wasAdmin && role !== 'admin') members = setRole(members, successor, 'admin');
    } else if (entry.op === 'group.removeMember') {
      const before = members.length;
      members = members.filter((m) => m.user.id !== entry.body.member.id);
      removed += before - members.length;
    } else if (entry.op === 'group.decideRequest' && requests) {
      const before = requests.length;
      const requestId = entry.body.request.id;
      requests = requests.filter((r) => r.id !== requestId);
      decided += before - requests.length;
    } else if (entry.op === 'group.rotateInvite') {
      isRotating = true;
    }
  }
  const membersPage = cache?.membersPage ?? 0;
  return {
    members,
    membersTotal: Math.max(0, (cache?.membersTotal ?? 0) - removed),
    hasMoreMembers: cache !== null && membersPage < cache.membersLastPage,
    membersPage,
    requests,
    requestsTotal: Math.max(0, (cache?.requestsTotal ?? 0) - decided),
    isRotating,
    pulledAt: cache?.pulledAt ?? 0,
  };
}
