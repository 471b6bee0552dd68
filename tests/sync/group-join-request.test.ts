// Issue #28 item 2, asking to join (the /g/{code} page when the link has expired or is used up):
// 'group.joinRequest' against the real server. It waits in the outbox offline and changes no row
// here; sent, the group's admin sees the pending request, and asking again is the same request;
// once the admin approves, the group reaches this device through the one pull. Already a member:
// refused (409) and listed.
import { describe, expect, it } from 'vitest';
import type { JoinRequestsResponse } from '../../common/group-contract';
import { askToJoinGroup } from '../../src/commands';
import { readMyGroups } from '../../src/db/group-reads';
import { db } from '../../src/model/db';
import { drainOutbox } from '../../worker/drain';
import { sentMutations, useHarness } from './support';
import { call, deviceMember, deviceToken, groupOf, join, otherMember, pullOnce } from './groups-support';

const h = useHarness();

const pending = async (groupId: number, token: string) =>
  (await call<JoinRequestsResponse>(h, { path: `group/${groupId}/join-requests`, token })).requests.data.map((r) => [r.user.id, r.status]);

describe('asking to join a group', () => {
  it('waits in the outbox, reaches the admin once (twice asked is one request), and an approval brings the group', async () => {
    const admin = await otherMember(h, 'Deborah');
    const group = await groupOf(h, admin.token, 'Prayer team');
    const me = await deviceMember(h, 'Barak');
    h.calls.length = 0;

    await askToJoinGroup(group.id);
    await askToJoinGroup(group.id);
    expect(await db.outbox.count()).toBe(2);
    expect(await readMyGroups()).toEqual([]);

    const report = await drainOutbox(h.api);
    expect(report).toMatchObject({ remaining: 0, refused: 0 });
    expect(sentMutations(h.calls).map((c) => `${c.method} ${c.path}`)).toEqual([`POST group/${group.id}/join-request`, `POST group/${group.id}/join-request`]);
    expect(await pending(group.id, admin.token)).toEqual([[me, 'pending']]);

    const [request] = (await call<JoinRequestsResponse>(h, { path: `group/${group.id}/join-requests`, token: admin.token })).requests.data;
    await call(h, { method: 'POST', path: `group/${group.id}/join-request/${request?.id ?? 0}/decide`, body: { decision: 'approve' }, token: admin.token });
    await pullOnce(h);
    expect(await readMyGroups()).toMatchObject([{ id: group.id, name: 'Prayer team', my_role: 'member', isPending: false }]);
  });

  it('from someone already in the group: refused (409) and listed, nothing else changes', async () => {
    const admin = await otherMember(h, 'Miriam');
    const group = await groupOf(h, admin.token, 'Choir');
    await deviceMember(h, 'Aaron');
    await join(h, await deviceToken(), group);

    await askToJoinGroup(group.id);
    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ remaining: 0, refused: 1 });
    expect(await db.failed.toArray()).toMatchObject([{ op: 'group.joinRequest', status: 409 }]);
  });
});
