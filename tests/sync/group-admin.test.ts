// Issue #28 items 1, 2 and 5, a group's administration offline first and exactly once, against the
// real server: a rename, a role, a removal, a new invite link, a decided request to join and the
// group's deletion show at once where there is something to show, reach the server once (a lost
// answer replayed), and a refusal (no longer an admin, removed meanwhile) rolls back visibly and is
// listed; the second acceptance at the data level: a member removed while a comment waits
// offline sees it refused with its words, and the group's rows leave the device.
import { describe, expect, it } from 'vitest';
import type { GroupMembersResponse, GroupResponse, InvitePreviewResponse, JoinRequestResponse } from '../../common/group-contract';
import { createComment, decideJoinRequest, deleteGroup, editGroup, leaveGroup, removeMember, rotateInvite, setMemberRole } from '../../src/commands';
import { readGroupAdmin } from '../../src/db/group-admin-reads';
import { readGroup, readGroupFeed, readMyGroups } from '../../src/db/group-reads';
import { readRefusedChanges } from '../../src/db/change-reads';
import { db } from '../../src/model/db';
import { getMeta } from '../../src/model/meta';
import { drainOutbox } from '../../worker/drain';
import { pullGroup, pullGroupJoinRequests, pullGroupMembers } from '../../worker/pull-group-admin';
import { pullGroupFeed } from '../../worker/pull-groups';
import { sentMutations, useHarness } from './support';
import { call, deviceMember, deviceToken, groupOf, join, joinedGroup, localGroupPosts, otherMember, pullOnce } from './groups-support';

const h = useHarness();

const offline = () => h.setFault(() => 'offline');
const online = () => h.setFault(() => 'pass');
const shape = (path: string) => path.replace(/\d+/g, 'N');

/** This device's member is the admin of a new group that two others joined; the device holds it and its members. */
async function adminDevice(name: string) {
  const me = await deviceMember(h, 'Abigail');
  const group = await groupOf(h, await deviceToken(), name);
  const ann = await otherMember(h, 'Ann');
  const ben = await otherMember(h, 'Ben');
  await join(h, ann.token, group);
  await join(h, ben.token, group);
  await pullOnce(h);
  expect((await pullGroupMembers(h.api, group.id)).ok).toBe(true);
  h.calls.length = 0;
  return { me, group, ann, ben };
}

const roles = async (groupId: number) => (await readGroupAdmin(groupId)).members.map((m) => `${m.user.name}:${m.role}${m.isPending ? '*' : ''}`);
const serverRoles = async (groupId: number, token: string) =>
  (await call<GroupMembersResponse>(h, { path: `group/${groupId}/members`, token })).members.data.map((m) => `${m.user.name}:${m.role}`);

describe('a group administered from the device', () => {
  it('renames offline (shown at once and through a pull, sent once though an answer was lost) and online', async () => {
    const { group, ann } = await adminDevice('Tuesday group');
    offline();
    await editGroup(group.id, { name: 'Thursday group', description: 'We moved' });
    expect(await readGroup(group.id)).toMatchObject({ name: 'Thursday group', description: 'We moved' });
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 1 });
    online();
    await pullOnce(h);
    h.calls.length = 0;
    expect(await readGroup(group.id)).toMatchObject({ name: 'Thursday group' });
    let dropped = false;
    h.setFault((c) => ((c.items ?? [c]).some((i) => i.method === 'PUT') && !dropped ? ((dropped = true), 'drop-response') : 'pass'));

    await drainOutbox(h.api, { ignoreBackoff: true });
    const report = await drainOutbox(h.api, { ignoreBackoff: true });

    expect(report).toMatchObject({ remaining: 0, refused: 0 });
    const puts = sentMutations(h.calls).filter((c) => c.method === 'PUT');
    expect(puts.map((c) => shape(c.path))).toEqual(['group/N', 'group/N']);
    expect(new Set(puts.map((c) => c.key)).size).toBe(1);
    const server = await call<GroupResponse>(h, { path: `group/${group.id}`, token: ann.token });
    expect(server.group).toMatchObject({ name: 'Thursday group', description: 'We moved' });
    expect((await db.groups.get(group.id))?.local.edit).toBeUndefined();
    expect(await readGroup(group.id)).toMatchObject({ name: 'Thursday group', isPending: false });

    // Online: an empty description clears it.
    await editGroup(group.id, { description: '  ' });
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });
    expect((await call<GroupResponse>(h, { path: `group/${group.id}`, token: ann.token })).group).toMatchObject({ name: 'Thursday group', description: null });
    expect(await readGroup(group.id)).toMatchObject({ description: null });
  });

  it('sets roles and removes a member, online and offline: the list shows it at once, the server once', async () => {
    const { me, group, ann, ben } = await adminDevice('Choir');
    expect(await roles(group.id)).toEqual(['Abigail:admin', 'Ann:member', 'Ben:member']);
    const [, annShown, benShown] = (await readGroupAdmin(group.id)).members;
    if (!annShown || !benShown) throw new Error('members not read');

    await setMemberRole(group.id, annShown.user, 'moderator');
    expect(await roles(group.id)).toEqual(['Abigail:admin', 'Ann:moderator*', 'Ben:member']);
    await drainOutbox(h.api);
    expect(await roles(group.id)).toEqual(['Abigail:admin', 'Ann:moderator', 'Ben:member']);

    offline();
    await removeMember(group.id, benShown.user);
    // Stepping down names Ann, who becomes admin in the same step (docs/product.md §11 'Always an admin').
    await setMemberRole(group.id, { id: me, username: '', name: 'Abigail', avatar: null }, 'member', ann.id);
    expect(await roles(group.id)).toEqual(['Abigail:member*', 'Ann:admin*']);
    expect((await readGroupAdmin(group.id)).membersTotal).toBe(2);
    expect(await readGroup(group.id)).toMatchObject({ my_role: 'member' });
    await expect(removeMember(group.id, annShown.user)).rejects.toMatchObject({ status: 403, code: 'group.not_admin' });
    await drainOutbox(h.api);
    online();
    await drainOutbox(h.api, { ignoreBackoff: true });

    expect(await db.outbox.count()).toBe(0);
    expect(sentMutations(h.calls).filter((c) => c.status !== 'dropped').map((c) => `${c.method} ${shape(c.path)}`)).toEqual([
      'PUT group/N/member/N', 'DELETE group/N/member/N', 'PUT group/N/member/N',
    ]);
    expect(await serverRoles(group.id, ann.token)).toEqual(['Ann:admin', 'Abigail:member']);
    expect(await roles(group.id)).toEqual(['Abigail:member', 'Ann:admin']);
    expect(await readGroup(group.id)).toMatchObject({ my_role: 'member' });
    // Issue #49 major 4: Ben is told that an admin removed him, nothing more of the group.
    const gone = await h.api.call({ path: `group/${group.id}`, token: ben.token });
    expect(gone.ok ? null : gone.error).toMatchObject({ status: 403, code: 'group.removed', params: { group: 'Choir', requested: 0 } });
  });

  it('a removal and new invite links, online and offline (an expiry, a use limit), show with the ack; requests to join are approved and declined once', async () => {
    const { group, ann } = await adminDevice('Youth');
    const old = group.invite?.code ?? '';
    const carl = await otherMember(h, 'Carl');
    const dora = await otherMember(h, 'Dora');
    // Online: Ann is removed, and a first new link (no limits) replaces the one the group was made with.
    const annShown = (await readGroupAdmin(group.id)).members.find((m) => m.user.id === ann.id);
    if (!annShown) throw new Error('Ann not read');
    await removeMember(group.id, annShown.user);
    expect(await roles(group.id)).toEqual(['Abigail:admin', 'Ben:member']);
    await rotateInvite(group.id);
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });
    const first = (await readGroup(group.id))?.invite;
    expect(first).toMatchObject({ max_uses: null, expires_at: null });
    expect(first?.code).not.toBe(old);
    const asked = [];
    for (const person of [carl, dora]) asked.push((await call<JoinRequestResponse>(h, { method: 'POST', path: `group/${group.id}/join-request`, token: person.token })).request);
    expect((await pullGroupMembers(h.api, group.id)).ok).toBe(true);
    expect((await pullGroupJoinRequests(h.api, group.id)).ok).toBe(true);
    expect((await readGroupAdmin(group.id)).requests?.map((r) => r.user.name)).toEqual(['Carl', 'Dora']);
    const [carlAsked, doraAsked] = asked;
    if (!carlAsked || !doraAsked) throw new Error('no requests');
    const expires = new Date(Date.now() + 7 * 86_400_000);
    await expect(rotateInvite(group.id, { maxUses: 0 })).rejects.toMatchObject({ status: 422 });
    h.calls.length = 0;

    // Online: Carl is approved; then offline: Dora declined and a link with an expiry and a use limit.
    await decideJoinRequest(group.id, carlAsked, 'approve');
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });
    expect(await roles(group.id)).toEqual(['Abigail:admin', 'Ben:member', 'Carl:member']);
    offline();
    await rotateInvite(group.id, { expiresAt: expires, maxUses: 5 });
    await decideJoinRequest(group.id, doraAsked, 'decline');
    const waiting = await readGroupAdmin(group.id);
    expect(waiting).toMatchObject({ isRotating: true, requests: [], requestsTotal: 0 });
    await drainOutbox(h.api);
    online();
    await drainOutbox(h.api, { ignoreBackoff: true });

    const shown = await readGroup(group.id);
    expect(shown?.invite).toMatchObject({ max_uses: 5, expires_at: expires.toISOString(), uses: 0 });
    expect(shown?.invite?.code).not.toBe(first?.code);
    expect(await readGroupAdmin(group.id)).toMatchObject({ isRotating: false, requests: [] });
    expect(await roles(group.id)).toEqual(['Abigail:admin', 'Ben:member', 'Carl:member']);
    for (const code of [old, first?.code ?? '']) {
      const preview = await h.api.call<InvitePreviewResponse>({ path: `invite/${code}`, token: null });
      expect(preview.ok ? 200 : preview.status).toBe(404);
    }
    expect(await serverRoles(group.id, carl.token)).toEqual(['Abigail:admin', 'Ben:member', 'Carl:member']);
    const doraSees = await h.api.call({ path: `group/${group.id}`, token: dora.token });
    expect(doraSees.ok ? 200 : doraSees.status).toBe(404);
    expect(sentMutations(h.calls).filter((c) => c.status !== 'dropped').map((c) => `${c.method} ${shape(c.path)}`)).toEqual([
      'POST group/N/join-request/N/decide', 'POST group/N/invite', 'POST group/N/join-request/N/decide',
    ]);
    // GET group/{id} brings the same live link to the row.
    expect((await pullGroup(h.api, group.id)).ok).toBe(true);
    expect((await readGroup(group.id))?.invite?.code).toBe(shown?.invite?.code);
  });

  it('a rename by an admin made a member meanwhile is refused: the old name comes back and the refusal is listed with its words', async () => {
    const { me, group, ann } = await adminDevice('Elders');
    await call(h, { method: 'PUT', path: `group/${group.id}/member/${ann.id}`, body: { role: 'admin' }, token: await deviceToken() });
    await editGroup(group.id, { name: 'Renamed here' });
    expect((await readMyGroups()).map((g) => g.name)).toEqual(['Renamed here']);
    await call(h, { method: 'PUT', path: `group/${group.id}/member/${me}`, body: { role: 'member' }, token: ann.token });

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ remaining: 0, refused: 1 });
    expect(await readGroup(group.id)).toMatchObject({ name: 'Elders' });
    const [refused] = await readRefusedChanges();
    expect(refused).toMatchObject({ op: 'group.edit', status: 403, code: 'group.not_admin', words: 'Renamed here' });
  });

  it('an admin removed meanwhile: a role change is refused and undone, and the group leaves the device', async () => {
    const { me, group, ann, ben } = await adminDevice('Family');
    await call(h, { method: 'PUT', path: `group/${group.id}/member/${ann.id}`, body: { role: 'admin' }, token: await deviceToken() });
    await pullGroupMembers(h.api, group.id);
    const benShown = (await readGroupAdmin(group.id)).members.find((m) => m.user.id === ben.id);
    if (!benShown) throw new Error('Ben not read');
    await setMemberRole(group.id, benShown.user, 'moderator');
    expect(await roles(group.id)).toContain('Ben:moderator*');
    await call(h, { method: 'DELETE', path: `group/${group.id}/member/${me}`, body: {}, token: ann.token });

    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 1 });

    expect(await roles(group.id)).toContain('Ben:member');
    expect(await db.failed.toArray()).toMatchObject([{ op: 'group.setRole', status: 404 }]);
    await pullOnce(h);
    expect(await readMyGroups()).toEqual([]);
    expect((await readGroupAdmin(group.id)).members).toEqual([]);
    expect((await getMeta('groupAdmin'))?.groups[String(group.id)]).toBeUndefined();
  });

  it('deleting the group hides it at once and removes its posts from the device on the ack', async () => {
    const { group, ann } = await adminDevice('Prayer team');
    await call(h, { method: 'POST', path: 'post', body: { text: 'For the mission trip', type: 'REQUEST', group_id: group.id }, token: ann.token });
    expect((await pullGroupFeed(h.api, group.id)).ok).toBe(true);
    expect((await localGroupPosts(group.id)).length).toBe(1);
    h.calls.length = 0;
    offline();
    await deleteGroup(group.id);
    expect(await readMyGroups()).toEqual([]);
    expect(await readGroupFeed(group.id, 20)).toEqual([]);
    await drainOutbox(h.api);
    expect(await localGroupPosts(group.id)).toHaveLength(1);
    online();

    await drainOutbox(h.api, { ignoreBackoff: true });

    expect(await db.groups.get(group.id)).toBeUndefined();
    expect(await localGroupPosts(group.id)).toEqual([]);
    expect((await getMeta('groupAdmin'))?.groups[String(group.id)]).toBeUndefined();
    const after = await h.api.call({ path: `group/${group.id}`, token: ann.token });
    expect(after.ok ? 200 : after.status).toBe(404);
    expect(sentMutations(h.calls).filter((c) => c.status !== 'dropped').map((c) => `${c.method} ${shape(c.path)}`)).toEqual(['DELETE group/N']);
  });

  it('the only admin leaves offline naming a successor: one step on the server, the group leaves this device', async () => {
    const { me, group, ann } = await adminDevice('Choir');
    offline();
    await leaveGroup(group.id, ann.id);
    expect(await readMyGroups()).toEqual([]);
    await drainOutbox(h.api);
    online();
    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ remaining: 0, refused: 0 });
    expect(await db.groups.get(group.id)).toBeUndefined();
    expect(await serverRoles(group.id, ann.token)).toEqual(['Ann:admin', 'Ben:member']);
    expect(sentMutations(h.calls).filter((c) => c.status !== 'dropped').map((c) => c.path)).toEqual([`group/${group.id}/member/${me}`]);
  });

  it('deleting online: the group leaves this device at the ack and the server has it no more', async () => {
    const { group } = await adminDevice('Retreat');
    await deleteGroup(group.id);
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });
    expect(await db.groups.count()).toBe(0);
    const members = await h.api.call({ path: `group/${group.id}/members`, token: await deviceToken() });
    expect(members.ok ? 200 : members.status).toBe(404);
    await expect(deleteGroup(group.id)).rejects.toMatchObject({ status: 404 });
  });

  it('a member removed by an admin while a comment waits offline: the comment is refused with its words, and the group leaves the device', async () => {
    const { admin, group, meId: me } = await joinedGroup(h, 'Esther', 'Wednesday', 'Ruth');
    await call(h, { method: 'POST', path: 'post', body: { text: 'Surgery on Thursday', type: 'REQUEST', group_id: group.id }, token: admin.token });
    await pullOnce(h);
    const [post] = await readGroupFeed(group.id, 20);
    if (!post) throw new Error('the group post did not reach the device');
    offline();
    await createComment(post.id, 'Praying for you, Esther');
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 1 });
    online();
    // Meanwhile, on the admin's device:
    await call(h, { method: 'DELETE', path: `group/${group.id}/member/${me}`, body: {}, token: admin.token });

    const report = await drainOutbox(h.api, { ignoreBackoff: true });
    await pullOnce(h);

    expect(report).toMatchObject({ remaining: 0, refused: 1 });
    const [refused] = await readRefusedChanges();
    expect(refused).toMatchObject({ op: 'comment.create', status: 404, words: 'Praying for you, Esther' });
    expect(await readMyGroups()).toEqual([]);
    expect(await db.groups.get(group.id)).toBeUndefined();
    expect(await localGroupPosts(group.id)).toEqual([]);
    expect(await db.comments.where('post_id').equals(post.id).count()).toBe(0);
  });
});
