// Issue #28 item 6 (docs/product.md §11 'Notifications';
// docs/decisions/0191-group-posts-notify-the-members-as-each-one-chose.md): a new post in a group
// notifies its other live members as each one chose ('all', 'requests', 'none'), in the list always
// and as a push where they have a device; former and removed members get nothing, and a
// notification leaves the list of whoever leaves.
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { ApiGroup, GroupResponse, GroupsResponse } from '../../common/group-contract';
import type { ApiNotification, NotificationPage } from '../../common/notifications-contract';
import { ok, useApi } from './api';
import { createGroup, join, person } from './groups-support';
import { personWithDevice, useFakeFcm } from './notifications-fake-fcm';
import { pushOk } from './sync-support';

const fcm = useFakeFcm();
const api = useApi(() => ({ push: fcm.config }));

type Person = { token: string; id: number };

async function list(token: string): Promise<NotificationPage> {
  return ok(await api.call<Envelope<NotificationPage>>('GET', 'notifications', { token })).data;
}

const groupPosts = (page: NotificationPage): ApiNotification[] => page.data.filter((n) => n.kind === 'group_post');
const postIds = (page: NotificationPage): number[] => groupPosts(page).map((n) => (n.kind === 'reminder' ? 0 : n.post_id));

async function setLevel(token: string, groupId: number, level: string, status = 200) {
  return ok(await api.call<Envelope<GroupResponse>>('PUT', `group/${groupId}/notify`, { token, body: { level } }), status);
}

/** A group of `names` (the first its admin), every other one joined by the link. */
async function groupOf(...names: string[]): Promise<{ group: ApiGroup; people: Person[] }> {
  const people = await Promise.all(names.map((name) => person(api, name)));
  const [admin, ...others] = people;
  if (admin === undefined) throw new Error('no admin');
  const group = await createGroup(api, admin.token, { name: `${names[0] ?? ''}'s circle` });
  for (const p of others) await join(api, p.token, group.invite?.code ?? '');
  return { group, people };
}

describe('a new post in a group', () => {
  it('notifies every other live member, naming the group and the author; not the author, not outsiders', async () => {
    const { group, people: [author, member, former, removed] } = await groupOf('Ana Author', 'Mia Member', 'Fred Former', 'Rui Removed');
    const outsider = await person(api, 'Otto Outsider');
    if (!author || !member || !former || !removed) throw new Error('cast');
    ok(await api.call('DELETE', `group/${group.id}/member/${former.id}`, { token: former.token }));
    ok(await api.call('DELETE', `group/${group.id}/member/${removed.id}`, { token: author.token }));
    const post = await api.createPost(author.token, { text: 'Pray for our retreat', type: 'REQUEST', group_id: group.id });
    const [notification] = groupPosts(await list(member.token));
    expect(notification).toMatchObject({
      kind: 'group_post', post_id: post.id, post_excerpt: 'Pray for our retreat', actor_count: 1,
      last_actor: { id: author.id, name: 'Ana Author' }, group: { id: group.id, name: "Ana Author's circle" }, read_at: null,
    });
    for (const p of [author, former, removed, outsider]) expect(groupPosts(await list(p.token))).toEqual([]);
    expect((await list(member.token)).unread_count).toBe(1);
  });

  it('names nobody for an anonymous post', async () => {
    const { group, people: [author, member] } = await groupOf('Anon Author', 'Reader');
    if (!author || !member) throw new Error('cast');
    await api.createPost(author.token, { text: 'Quietly, pray for me', type: 'REQUEST', is_anonymous: true, group_id: group.id });
    const [notification] = groupPosts(await list(member.token));
    expect(notification).toMatchObject({ kind: 'group_post', last_actor: null, group: { id: group.id } });
  });

  it('a member who hid the author hears nothing of their signed posts, and does of their anonymous ones', async () => {
    const { group, people: [author, hider, member] } = await groupOf('Hidden Hal', 'Hiding Hana', 'Plain Pam');
    if (!author || !hider || !member) throw new Error('cast');
    ok(await api.call('PUT', `user/hidden-people/${author.id}`, { token: hider.token }));
    const signed = await api.createPost(author.token, { text: 'Pray for my exams', type: 'REQUEST', group_id: group.id });
    expect(postIds(await list(hider.token))).toEqual([]);
    expect(postIds(await list(member.token))).toEqual([signed.id]);
    // An anonymous post names no one, so hiding cannot reach it (as in the feeds).
    const anonymous = await api.createPost(author.token, { text: 'Pray for me, quietly', type: 'REQUEST', is_anonymous: true, group_id: group.id });
    expect(postIds(await list(hider.token))).toEqual([anonymous.id]);
  });

  it('a community post notifies nobody', async () => {
    const { people: [author, member] } = await groupOf('Com Author', 'Com Reader');
    if (!author || !member) throw new Error('cast');
    await api.createPost(author.token, { text: 'For the whole community', type: 'REQUEST' });
    expect(groupPosts(await list(member.token))).toEqual([]);
  });

  it('leaves the list and the count of a member who leaves or is removed afterwards', async () => {
    const { group, people: [author, leaver, removed] } = await groupOf('Lia Author', 'Leo Leaver', 'Ray Removed');
    if (!author || !leaver || !removed) throw new Error('cast');
    await api.createPost(author.token, { text: 'Before they went', type: 'REQUEST', group_id: group.id });
    expect([(await list(leaver.token)).unread_count, (await list(removed.token)).unread_count]).toEqual([1, 1]);
    ok(await api.call('DELETE', `group/${group.id}/member/${leaver.id}`, { token: leaver.token }));
    ok(await api.call('DELETE', `group/${group.id}/member/${removed.id}`, { token: author.token }));
    for (const p of [leaver, removed]) {
      const page = await list(p.token);
      expect([page.total, page.unread_count]).toEqual([0, 0]);
      const count = ok(await api.call<Envelope<{ unread_count: number }>>('GET', 'notifications/unread-count', { token: p.token }));
      expect(count.data.unread_count).toBe(0);
    }
  });
});

describe('each member\'s setting for a group', () => {
  it("'all' by default, shown as my_notify on GET group and GET groups, and changed by PUT group/{id}/notify", async () => {
    const { group, people: [admin, member] } = await groupOf('Set Admin', 'Set Member');
    if (!admin || !member) throw new Error('cast');
    expect(group.my_notify).toBe('all');
    const changed = await setLevel(member.token, group.id, 'requests');
    expect(changed.data.group).toMatchObject({ id: group.id, my_notify: 'requests' });
    const read = ok(await api.call<Envelope<GroupResponse>>('GET', `group/${group.id}`, { token: member.token })).data.group;
    const mine = ok(await api.call<Envelope<GroupsResponse>>('GET', 'groups', { token: member.token })).data.groups.find((g) => g.id === group.id);
    const admins = ok(await api.call<Envelope<GroupResponse>>('GET', `group/${group.id}`, { token: admin.token })).data.group;
    expect([read.my_notify, mine?.my_notify, admins.my_notify]).toEqual(['requests', 'requests', 'all']);
  });

  it("'requests' tells of requests only, 'none' of nothing, 'all' of both", async () => {
    const { group, people: [author, all, requests, none] } = await groupOf('Lev Author', 'All Ears', 'Req Only', 'No One');
    if (!author || !all || !requests || !none) throw new Error('cast');
    await setLevel(requests.token, group.id, 'requests');
    await setLevel(none.token, group.id, 'none');
    const request = await api.createPost(author.token, { text: 'A request to the group', type: 'REQUEST', group_id: group.id });
    const thanks = await api.createPost(author.token, { text: 'Thanks, it went well', type: 'THANK', group_id: group.id });
    expect(postIds(await list(all.token)).sort()).toEqual([request.id, thanks.id].sort());
    expect(postIds(await list(requests.token))).toEqual([request.id]);
    expect(postIds(await list(none.token))).toEqual([]);
  });

  it('keeps a member\'s setting when they leave and join again', async () => {
    const { group, people: [, member] } = await groupOf('Keep Admin', 'Keep Member');
    if (!member) throw new Error('cast');
    await setLevel(member.token, group.id, 'none');
    ok(await api.call('DELETE', `group/${group.id}/member/${member.id}`, { token: member.token }));
    const rejoined = await join(api, member.token, group.invite?.code ?? '');
    expect(rejoined.group.my_notify).toBe('none');
  });

  it('is validated, members only (404 for outsiders, 401 without a session), and batches in sync/push', async () => {
    const { group, people: [admin, member] } = await groupOf('Val Admin', 'Val Member');
    const outsider = await person(api, 'Val Outsider');
    if (!admin || !member) throw new Error('cast');
    for (const body of [{ level: 'some' }, {}, { level: 1 }, null]) {
      const r = await api.call<{ code: string; errors?: Record<string, string[]> }>('PUT', `group/${group.id}/notify`, { token: member.token, body });
      expect(r.status).toBe(422);
    }
    expect((await api.call('PUT', `group/${group.id}/notify`, { token: outsider.token, body: { level: 'none' } })).status).toBe(404);
    expect((await api.call('PUT', `group/${group.id}/notify`, { body: { level: 'none' } })).status).toBe(401);
    expect((await api.call('PUT', `group/999999/notify`, { token: member.token, body: { level: 'none' } })).status).toBe(404);
    const [first, again] = await pushOk(api, member.token, [
      { key: 'notify-1', method: 'PUT', path: `group/${group.id}/notify`, body: { level: 'none' } },
      { key: 'notify-1', method: 'PUT', path: `group/${group.id}/notify`, body: { level: 'none' } },
    ]);
    expect([first?.status, again?.status, again?.replayed]).toEqual([200, 200, true]);
    expect((first?.body as Envelope<GroupResponse>).data.group.my_notify).toBe('none');
  });
});

describe('push', () => {
  it('reaches a member with a device, titled with the group, and not one who chose none', async () => {
    const author = await personWithDevice(api, 'Push Author');
    const reader = await personWithDevice(api, 'Push Reader');
    const quiet = await personWithDevice(api, 'Push Quiet');
    const group = await createGroup(api, author.token, { name: 'Choir' });
    for (const p of [reader, quiet]) await join(api, p.token, group.invite?.code ?? '');
    await setLevel(quiet.token, group.id, 'none');
    await api.createPost(author.token, { text: 'Pray for Sunday', type: 'REQUEST', group_id: group.id });
    const sent = JSON.stringify(await fcm.waitForSent(reader.device, 1));
    expect(sent).toContain('New request in Choir');
    expect(sent).toContain('Pray for Sunday');
    // The reader's unread count rides along, for the app icon (common/app-badge.ts).
    expect(sent).toContain('"badge":"1"');
    // Nothing to push to them: they have no row at all (push_pending is set only on a row).
    for (const p of [quiet, author]) expect(groupPosts(await list(p.token))).toEqual([]);
    expect(fcm.sentTo(quiet.device)).toEqual([]);
  });
});

describe('a group of 2,000 members', () => {
  it('gets its 1,999 notifications from the post\'s one statement (the time is printed, not asserted)', async () => {
    const author = await person(api, 'Big Author');
    const group = await createGroup(api, author.token, { name: 'Our church' });
    const tag = `big-${process.pid}`;
    await api.server.handle.withSession(async (s) => {
      await s.exec(`INSERT INTO users (name, username, email, channel_id, language)
        SELECT 'Big Member ' || g, '${tag.replace('-', '_')}_' || g, '${tag}-' || g || '@example.test', 1, 'en-US' FROM generate_series(1, 1999) AS g`);
      await s.exec(`INSERT INTO group_members (group_id, user_id) SELECT ${group.id}, id FROM users WHERE email LIKE '${tag}-%@example.test'`);
    });
    const times: number[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      ids.push((await api.createPost(author.token, { text: `Church request ${i}`, type: 'REQUEST', group_id: group.id })).id);
      times.push(performance.now() - started);
    }
    const rows = await api.server.handle.withSession((s) => s.rows<{ post_id: number; n: number }>(
      `SELECT post_id, count(*)::int AS n FROM notifications WHERE kind = 'group_post' AND post_id = ANY($1::int[]) GROUP BY post_id ORDER BY post_id`, [ids]));
    expect(rows).toEqual(ids.map((id) => ({ post_id: id, n: 1999 })));
    const community: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await api.createPost(author.token, { text: `Community request ${i}`, type: 'REQUEST' });
      community.push(performance.now() - started);
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[2]?.toFixed(0) ?? '';
    console.info(`POST post (PGlite), ms: group of 2,000 members ${times.map((t) => t.toFixed(0)).join(', ')} (median ${median(times)});`
      + ` community ${community.map((t) => t.toFixed(0)).join(', ')} (median ${median(community)})`);
  });
});
