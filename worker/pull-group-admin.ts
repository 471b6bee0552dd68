// The admin screen's reads of a group (issue #28 items 1, 2; docs/api.md 'Prayer groups';
// docs/decisions/0193-group-administration-on-the-device.md): the group itself with its live invite
// (GET group/{id}, into its row), its members (GET group/{id}/members, page by page) and its
// pending requests to join (GET group/{id}/join-requests, admins only) into the device's cache
// (src/model/group-admin-cache.ts), which the screen reads live and offline. Under SYNC_LOCK like
// every pull, so an ack folded in by the drain is never overwritten by an older answer. A group
// answered 404 (or a former member's 403, issue #49 major 4) is no longer this account's: its rows
// go, as the group feed's pull does (worker/pull-groups.ts settleGroupRefusal).
import { SYNC_LOCK } from '../common/constants';
import type { ApiGroup, GroupMembersResponse, GroupResponse, JoinRequestsResponse } from '../common/group-contract';
import { db, writeTables } from '../src/model/db';
import { forgetEndedGroups } from '../src/model/ended-groups';
import { updateGroupAdmin } from '../src/model/group-admin-cache';
import { putServerRows } from '../src/model/rows';
import { rebaseRows } from '../src/commands/ops/registry';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { withLock } from './locks';
import { settleGroupRefusal } from './pull-groups';

type Answer<T> = { ok: true; data: T } | { ok: false; status: number; error: PullResult & { ok: false } };

/** A read of GET group/{id}{path}; a 404 drops the group here (also for worker/pull-group-reports.ts). */
export async function read<T>(api: ApiClient, groupId: number, path: string, query: Record<string, number | undefined> = {}): Promise<Answer<T>> {
  // A group made here and not yet sent has nothing on the server to read.
  if (groupId <= 0) return { ok: false, status: 0, error: { ok: false, error: { status: 0, message: 'The group is not on the server yet' } } };
  const result = await api.call<T>({ path: `group/${groupId}${path}`, query });
  if (result.ok) return { ok: true, data: result.data };
  // Issue #49 major 4: a former member's 403 (GET group/{id}) also takes the rows, and says why (worker/pull-groups.ts).
  await settleGroupRefusal(groupId, result.error, path === '');
  return { ok: false, status: result.status, error: { ok: false, error: result.error } };
}

/** The group as the server answered it into its row, my waiting changes of it applied again on top. */
export function storeGroupAnswer(group: ApiGroup): Promise<void> {
  return db.transaction('rw', writeTables(), async () => {
    await putServerRows('groups', [group]);
    await rebaseRows([{ table: 'groups', id: group.id }]);
    await forgetEndedGroups([group.id]);
  });
}

/** GET group/{id}: the group's row (name, member count, the live invite) as the server has it now. */
export function pullGroup(api: ApiClient, groupId: number): Promise<PullResult> {
  return withLock(SYNC_LOCK, async () => {
    const answer = await read<GroupResponse>(api, groupId, '');
    if (!answer.ok) return answer.error;
    await storeGroupAnswer(answer.data.group);
    return { ok: true, currentPage: 1, lastPage: 1, total: 1, count: 1 };
  });
}

/** A page of the members (admins, moderators, then members): page 1 replaces what was read, a later one adds to it. */
export function pullGroupMembers(api: ApiClient, groupId: number, page = 1): Promise<PullResult> {
  return withLock(SYNC_LOCK, async () => {
    const answer = await read<GroupMembersResponse>(api, groupId, '/members', { page });
    if (!answer.ok) return answer.error;
    const { data, current_page: currentPage, last_page: lastPage, total } = answer.data.members;
    await db.transaction('rw', writeTables(), () =>
      updateGroupAdmin(groupId, (cache) => {
        const kept = currentPage === 1 ? [] : cache.members.filter((m) => !data.some((d) => d.user.id === m.user.id));
        return { ...cache, members: [...kept, ...data], membersTotal: total, membersLastPage: lastPage, membersPage: currentPage, pulledAt: Date.now() };
      }),
    );
    return { ok: true, currentPage, lastPage, total, count: data.length };
  });
}

/** The first page of pending requests, oldest first; anyone but an admin is answered 403 and reads none. */
export function pullGroupJoinRequests(api: ApiClient, groupId: number): Promise<PullResult> {
  return withLock(SYNC_LOCK, async () => {
    const answer = await read<JoinRequestsResponse>(api, groupId, '/join-requests');
    if (!answer.ok) {
      if (answer.status === 403) await db.transaction('rw', writeTables(), () => updateGroupAdmin(groupId, (c) => ({ ...c, requests: null, requestsTotal: 0 })));
      return answer.error;
    }
    const { data, current_page: currentPage, last_page: lastPage, total } = answer.data.requests;
    await db.transaction('rw', writeTables(), () =>
      updateGroupAdmin(groupId, (cache) => ({ ...cache, requests: data, requestsTotal: total, pulledAt: Date.now() })),
    );
    return { ok: true, currentPage, lastPage, total, count: data.length };
  });
}
