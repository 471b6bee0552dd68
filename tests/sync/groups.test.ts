// Issue #28 item 5, prayer groups offline first and exactly once, against the real server: a group
// made offline gets its real id everywhere (its posts' group_id and the waiting post included) and
// is created once though an answer was lost; a join by an invite code; a group's post reaches its
// members through the one pull and never a non-member's device; leaving (here or elsewhere) takes
// the group's rows off the device; refusals roll back visibly and keep the words.
import { describe, expect, it } from 'vitest';
import type { ApiPost, PostResponse } from '../../common/contract';
import type { GroupsResponse } from '../../common/group-contract';
import type { SyncPull } from '../../common/sync-contract';
import { createGroup, createRequest, joinGroup, leaveGroup } from '../../src/commands';
import { readGroupFeed, readMyGroups } from '../../src/db/group-reads';
import { db } from '../../src/model/db';
import { getMeta } from '../../src/model/meta';
import { drainOutbox } from '../../worker/drain';
import { pullGroupFeed } from '../../worker/pull-groups';
import { freshGuestDevice, sentMutations, useHarness } from './support';
import { call, deviceMember, deviceToken, groupOf, join, joinedGroup, localGroupPosts, otherMember, pullOnce } from './groups-support';

const h = useHarness();


describe('prayer groups on the device', () => {
  it('a group made offline, and a request posted to it, reach the server once; the temporary id is replaced everywhere', async () => {
    await deviceMember(h, 'Miriam');
    h.calls.length = 0;
    const { id: tempId } = await createGroup({ name: 'Small group', description: 'Tuesdays' });
    const { id: tempPost } = await createRequest({ text: 'For the retreat', type: 'REQUEST', is_anonymous: false, groupId: tempId });
    expect(tempId).toBeLessThan(0);
    expect(await readMyGroups()).toMatchObject([{ id: tempId, name: 'Small group', my_role: 'admin', isPending: true }]);
    expect((await readGroupFeed(tempId, 20)).map((post) => post.id)).toEqual([tempPost]);
    // A pull meanwhile (the server knows no such group yet) keeps what waits to be sent.
    await pullOnce(h);
    expect((await readMyGroups()).map((g) => g.id)).toEqual([tempId]);
    expect((await readGroupFeed(tempId, 20)).map((post) => post.id)).toEqual([tempPost]);
    // The answer to the group's creation is lost after the server applied it: the replay creates nothing more.
    let dropped = false;
    h.setFault((c) => ((c.items ?? [c]).some((item) => item.path === 'group') && !dropped ? ((dropped = true), 'drop-response') : 'pass'));

    await drainOutbox(h.api);
    const report = await drainOutbox(h.api, { ignoreBackoff: true });

    expect(report).toMatchObject({ remaining: 0, refused: 0 });
    const server = await call<GroupsResponse>(h, { path: 'groups', token: await deviceToken() });
    expect(server.groups.map((g) => g.name)).toEqual(['Small group']);
    const [group] = server.groups;
    const mine = await readMyGroups();
    expect(mine).toMatchObject([{ id: group?.id, isPending: false, member_count: 1, invite: { code: group?.invite?.code } }]);
    const feed = await readGroupFeed(tempId, 20);
    expect(feed.map((post) => [post.text, post.group_id, post.id > 0])).toEqual([['For the retreat', group?.id, true]]);
    const posted = await call<PostResponse>(h, { path: `post/${feed[0]?.id ?? 0}`, token: await deviceToken() });
    expect(posted.post.group_id).toBe(group?.id);
    expect(sentMutations(h.calls).map((c) => `${c.method} ${c.path.replace(/\d+/g, 'N')}`)).toEqual(['POST group', 'POST group', 'POST post']);
    expect(await db.outbox.count()).toBe(0);
    // Its only member cannot leave it (docs/product.md §11): refused here, nothing queued.
    await expect(leaveGroup(tempId)).rejects.toMatchObject({ status: 422, code: 'group.last_admin' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('joins with an invite code opened before, shown at once; a post there reaches members through the one pull and never a non-member', async () => {
    const admin = await otherMember(h, 'Ruth');
    const group = await groupOf(h, admin.token, 'Family');
    await deviceMember(h, 'Naomi');
    await joinGroup(group.invite?.code ?? '', { id: group.id, name: group.name, description: null, channel_id: group.channel_id, picture: null, member_count: 1 });
    expect(await readMyGroups()).toMatchObject([{ id: group.id, my_role: 'member', member_count: 2, isPending: true }]);
    await pullOnce(h);
    expect(await readMyGroups()).toMatchObject([{ id: group.id, isPending: true }]);
    await drainOutbox(h.api);
    expect(await readMyGroups()).toMatchObject([{ id: group.id, my_role: 'member', member_count: 2, isPending: false }]);
    await pullOnce(h);
    // Nothing changed since: the answer carries no groups section (its digest is in the cursor).
    const quiet = await h.api.call<SyncPull>({ path: 'sync/pull', query: { cursor: (await getMeta('syncCursor'))?.cursor } });
    expect(quiet.ok && quiet.data.groups === undefined && quiet.data.refresh === false).toBe(true);
    // Ruth posts in the group on her device: this member's next pull brings it.
    const { post } = await call<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Grandma’s surgery', type: 'REQUEST', group_id: group.id }, token: admin.token });
    await pullOnce(h);
    expect((await readGroupFeed(group.id, 20)).map((p) => p.text)).toEqual(['Grandma’s surgery']);

    // Another person's device (a guest, no member of the group): the pull never carries the post.
    await freshGuestDevice(h);
    await pullOnce(h);
    await pullOnce(h);
    expect(await db.posts.get(post.id)).toBeUndefined();
    const pulls = h.calls.filter((c) => c.path === 'sync/pull');
    expect(pulls.length).toBeGreaterThan(0);
    const raw = await call<SyncPull>(h, { path: 'sync/pull', token: await deviceToken() });
    expect(raw.groups).toEqual({ groups: [] });
    const feed = await call<{ data: ApiPost[] }>(h, { path: 'posts', token: await deviceToken() });
    expect(feed.data.some((p) => p.id === post.id)).toBe(false);
  });

  it('leaving takes the group and its posts off the device; so does a removal made elsewhere, at the next pull', async () => {
    const admin = await otherMember(h, 'Lydia');
    const first = await groupOf(h, admin.token, 'Choir');
    const second = await groupOf(h, admin.token, 'Elders');
    const me = await deviceMember(h, 'Priscilla');
    await join(h, await deviceToken(), first);
    await join(h, await deviceToken(), second);
    for (const group of [first, second]) {
      await call(h, { method: 'POST', path: 'post', body: { text: `In ${group.name}`, type: 'REQUEST', group_id: group.id }, token: admin.token });
    }
    await pullOnce(h);
    for (const group of [first, second]) expect((await pullGroupFeed(h.api, group.id)).ok).toBe(true);
    expect((await localGroupPosts(first.id)).length).toBe(1);
    expect((await readMyGroups()).map((g) => g.name)).toEqual(['Choir', 'Elders']);

    h.calls.length = 0;
    await leaveGroup(first.id);
    expect((await readMyGroups()).map((g) => g.name)).toEqual(['Elders']);
    expect(await readGroupFeed(first.id, 20)).toEqual([]);
    await drainOutbox(h.api);
    expect(await db.groups.get(first.id)).toBeUndefined();
    expect(await localGroupPosts(first.id)).toEqual([]);
    expect(sentMutations(h.calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE group/${first.id}/member/${me}`]);

    // The admin removes this member on another device: the next pull takes the group's rows away.
    await call(h, { method: 'DELETE', path: `group/${second.id}/member/${me}`, body: {}, token: admin.token });
    await pullOnce(h);
    expect(await readMyGroups()).toEqual([]);
    expect(await localGroupPosts(second.id)).toEqual([]);
  });

  it('a request to a group this member was removed from meanwhile is refused, rolled back and its words kept', async () => {
    const { admin, group, meId: me } = await joinedGroup(h, 'Deborah', 'Prayer team', 'Hannah');
    await pullOnce(h);
    const { id: tempPost } = await createRequest({ text: 'My words, kept', type: 'REQUEST', is_anonymous: false, groupId: group.id });
    expect((await readGroupFeed(group.id, 20)).map((p) => p.id)).toEqual([tempPost]);
    await call(h, { method: 'DELETE', path: `group/${group.id}/member/${me}`, body: {}, token: admin.token });

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ remaining: 0, refused: 1 });
    expect(await db.posts.get(tempPost)).toBeUndefined();
    const [failure] = await db.failed.toArray();
    expect(failure).toMatchObject({ op: 'post.create', status: 422, requestBody: { text: 'My words, kept' }, target: { groupId: group.id } });
    // The group screen's page pull is answered 404 now: the group leaves the device at once.
    expect((await pullGroupFeed(h.api, group.id)).ok).toBe(false);
    expect(await db.groups.get(group.id)).toBeUndefined();
    await pullOnce(h);
    expect(await readMyGroups()).toEqual([]);
  });

  it('a join with a code that no longer works is refused: the group shown from the preview goes, the refusal is listed', async () => {
    const admin = await otherMember(h, 'Phoebe');
    const group = await groupOf(h, admin.token, 'Youth');
    await call(h, { method: 'POST', path: `group/${group.id}/invite`, body: {}, token: admin.token });
    await deviceMember(h, 'Chloe');
    await joinGroup(group.invite?.code ?? '', { id: group.id, name: group.name, description: null, channel_id: group.channel_id, picture: null, member_count: 1 });
    expect((await readMyGroups()).map((g) => g.id)).toEqual([group.id]);

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ remaining: 0, refused: 1 });
    expect(await readMyGroups()).toEqual([]);
    expect(await db.groups.count()).toBe(0);
    expect(await db.failed.toArray()).toMatchObject([{ op: 'group.join', status: 404, requestBody: { code: group.invite?.code } }]);
    await expect(joinGroup('not a code')).rejects.toMatchObject({ status: 422 });
  });
});
