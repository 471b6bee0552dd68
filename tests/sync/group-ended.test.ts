// Issue #49 major 4, against the real server: when a group leaves this device because an admin
// removed its member (learned by the one pull, or by the group's own reads) or because they left
// here, the device keeps why and the group's name, nothing else (src/model/ended-groups.ts), so the
// group's page says it offline too; asking to join shows as waiting, then sent. A deleted group
// keeps nothing.
import { describe, expect, it } from 'vitest';
import type { JoinRequestsResponse } from '../../common/group-contract';
import { askToJoinGroup, leaveGroup } from '../../src/commands';
import { readShownEndedGroup } from '../../src/db/ended-group-queries';
import { db } from '../../src/model/db';
import { drainOutbox } from '../../worker/drain';
import { pullGroupFeed } from '../../worker/pull-groups';
import { pullGroup } from '../../worker/pull-group-admin';
import { useHarness } from './support';
import { call, joinedGroup, localGroupPosts, pullOnce } from './groups-support';

const h = useHarness();


describe('a group this account is no longer in (issue #49 major 4)', () => {
  it('a removal made elsewhere: the pull keeps why and the name; asking to join shows waiting, then sent; the admin has the request', async () => {
    const { admin, group, meId: me } = await joinedGroup(h, 'Deborah', 'Tuesday Small Group', 'Ana');
    await call(h, { method: 'POST', path: 'post', body: { text: 'In the group', type: 'REQUEST', group_id: group.id }, token: admin.token });
    await pullOnce(h);
    expect(await readShownEndedGroup(group.id)).toBeNull();

    await call(h, { method: 'DELETE', path: `group/${group.id}/member/${me}`, body: {}, token: admin.token });
    await pullOnce(h);
    expect(await db.groups.get(group.id)).toBeUndefined();
    expect(await localGroupPosts(group.id)).toEqual([]);
    expect(await readShownEndedGroup(group.id)).toEqual({ name: 'Tuesday Small Group', reason: 'removed', request: 'none' });

    await askToJoinGroup(group.id);
    expect(await readShownEndedGroup(group.id)).toMatchObject({ reason: 'removed', request: 'waiting' });
    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ remaining: 0, refused: 0 });
    expect(await readShownEndedGroup(group.id)).toMatchObject({ reason: 'removed', request: 'sent' });
    // The server says so too, on the group's reads (another device, or after a reload).
    await db.meta.delete('endedGroups');
    expect((await pullGroup(h.api, group.id)).ok).toBe(false);
    expect(await readShownEndedGroup(group.id)).toEqual({ name: 'Tuesday Small Group', reason: 'removed', request: 'sent' });
    const requests = await call<JoinRequestsResponse>(h, { path: `group/${group.id}/join-requests`, token: admin.token });
    expect(requests.requests.data.map((r) => r.user.id)).toEqual([me]);
  });

  it('leaving here keeps "left" with the name; the group\'s deletion drops it', async () => {
    const { admin, group } = await joinedGroup(h, 'Miriam', 'Choir', 'Lydia');
    await pullOnce(h);
    await leaveGroup(group.id);
    await drainOutbox(h.api);
    expect(await readShownEndedGroup(group.id)).toEqual({ name: 'Choir', reason: 'left', request: 'none' });
    expect((await pullGroupFeed(h.api, group.id)).ok).toBe(false);
    expect(await readShownEndedGroup(group.id)).toEqual({ name: 'Choir', reason: 'left', request: 'none' });

    await call(h, { method: 'DELETE', path: `group/${group.id}`, token: admin.token });
    expect((await pullGroup(h.api, group.id)).ok).toBe(false);
    expect(await readShownEndedGroup(group.id)).toBeNull();
  });
});
