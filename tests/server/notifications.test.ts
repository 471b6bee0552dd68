// Issue #6 'Notifications end to end': in-app notifications recorded when someone else prays for,
// comments on, or answers a request, grouped per post, kind and day, and pushed through FCM's
// HTTP v1 API to a local fake (tests/server/notifications-fake-fcm.ts).
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { NotificationPage, NotificationReadResponse, UnreadCountResponse } from '../../common/notifications-contract';
import { useApi } from './api';
import { addDevice, useFakeFcm } from './notifications-fake-fcm';

const fcm = useFakeFcm();
const api = useApi(() => ({ push: fcm.config }));
let deviceCounter = 0;

type Member = { token: string; id: number; name: string };

async function member(name: string, device = true): Promise<Member & { device: string }> {
  const auth = await api.register(name);
  const token = auth.authorization.token;
  deviceCounter += 1;
  const deviceToken = `device-${deviceCounter}-${process.pid}`;
  if (device) await addDevice(api, token, deviceToken);
  return { token, id: auth.user.id, name, device: deviceToken };
}

async function list(token: string): Promise<NotificationPage> {
  const r = await api.call<Envelope<NotificationPage>>('GET', 'notifications', { token });
  expect(r.status).toBe(200);
  return r.json.data;
}

async function pray(token: string, postId: number): Promise<void> {
  expect((await api.call('POST', `post/${postId}/pray`, { token })).status).toBe(200);
}

describe('notifications', () => {
  it('a prayer for someone else\'s request notifies them in-app and pushes to their device (issue #6 acceptance)', async () => {
    const author = await member('Author Ada');
    const friend = await member('Friend Fran');
    const post = await api.createPost(author.token, { text: 'Please pray for my mother in hospital.', type: 'REQUEST' });
    await pray(friend.token, post.id);

    const page = await list(author.token);
    expect(page.unread_count).toBe(1);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      kind: 'prayed', post_id: post.id, actor_count: 1, read_at: null,
      post_excerpt: 'Please pray for my mother in hospital.', last_actor: { id: friend.id, name: 'Friend Fran' },
    });

    const pushes = await fcm.waitForSent(author.device, 1);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.path).toBe('/v1/projects/fake-project/messages:send');
    expect(pushes[0]?.authorization).toBe('Bearer fake-access-token');
    expect(pushes[0]?.body).toEqual({
      message: {
        token: author.device,
        notification: { title: 'Friend Fran prayed for your request', body: 'Please pray for my mother in hospital.' },
        // badge: the unread count, for the app icon (issue #28 item 6).
        data: { url: `/community/post/${post.id}`, title: 'Friend Fran prayed for your request', body: 'Please pray for my mother in hospital.', badge: '1' },
        webpush: { fcm_options: { link: expect.stringMatching(new RegExp(`^https?://[^/]+/community/post/${post.id}$`)) } },
      },
    });
    expect(fcm.sentTo(friend.device)).toHaveLength(0);
  });

  it('groups a day\'s prayers on a post into one row of distinct people; repeats and the author\'s own prayers add nothing', async () => {
    const author = await member('Grouped Gina');
    const one = await member('Prayer One');
    const two = await member('Prayer Two');
    const post = await api.createPost(author.token, { text: 'Grouping request.', type: 'REQUEST' });
    await pray(author.token, post.id);
    expect((await list(author.token)).data).toHaveLength(0);

    await pray(one.token, post.id);
    await fcm.waitForSent(author.device, 1);
    await pray(one.token, post.id);
    await pray(two.token, post.id);
    const page = await list(author.token);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ actor_count: 2, last_actor: { name: 'Prayer Two' } });

    // One push per new person, the second one naming both.
    const titles = (await fcm.waitForSent(author.device, 2)).map((push) => JSON.stringify(push.body).match(/"title":"([^"]+)"/)?.[1]);
    expect(titles).toEqual(['Prayer One prayed for your request', 'Prayer Two and 1 other prayed for your request']);
  });

  it('a public comment notifies the author; an answer notifies those who prayed, without naming the author', async () => {
    const author = await member('Answer Abe');
    const prayerA = await member('Praying Pat');
    const post = await api.createPost(author.token, { text: 'Job interview tomorrow.', type: 'REQUEST', is_anonymous: true });
    expect((await api.call('POST', `post/${post.id}/comment`, { token: prayerA.token, body: { comment: 'Praying!' } })).status).toBe(201);
    await pray(prayerA.token, post.id);
    const kinds = (await list(author.token)).data.map((n) => n.kind).sort();
    expect(kinds).toEqual(['commented', 'prayed']);
    // Issue #26 point 5: a comment notification quotes the comment, not the request.
    const byKind = new Map((await list(author.token)).data.map((n) => [n.kind, n]));
    expect(byKind.get('commented')).toMatchObject({ comment_excerpt: 'Praying!', post_excerpt: 'Job interview tomorrow.' });
    expect(byKind.get('prayed')).toMatchObject({ comment_excerpt: null });

    const answered = await api.call('POST', 'post/answer', { token: author.token, body: { post_id: post.id, answer_text: 'I got the job!' } });
    expect(answered.status).toBe(200);
    const forPrayer = await list(prayerA.token);
    expect(forPrayer.data).toHaveLength(1);
    expect(forPrayer.data[0]).toMatchObject({ kind: 'answered', post_id: post.id, last_actor: null });
    expect((await list(author.token)).data.some((n) => n.kind === 'answered')).toBe(false);
  });

  it('marks one read, then all up to a time, idempotently; another member\'s notification is not found', async () => {
    const author = await member('Reader Rita', false);
    const a = await member('Reader A', false);
    const b = await member('Reader B', false);
    const first = await api.createPost(author.token, { text: 'First.', type: 'REQUEST' });
    const second = await api.createPost(author.token, { text: 'Second.', type: 'REQUEST' });
    await pray(a.token, first.id);
    await pray(b.token, second.id);
    const [newest, older] = (await list(author.token)).data;
    if (!newest || !older) throw new Error('expected two notifications');

    const headers = { 'idempotency-key': `read-${newest.id}-${process.pid}` };
    const read = await api.call<Envelope<NotificationReadResponse>>('POST', `notifications/${newest.id}/read`, { token: author.token, headers });
    expect(read.status).toBe(200);
    expect(read.json.data.notification.read_at).not.toBeNull();
    expect(read.json.data.unread_count).toBe(1);
    const replay = await api.call('POST', `notifications/${newest.id}/read`, { token: author.token, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.call('POST', `notifications/${newest.id}/read`, { token: a.token })).status).toBe(404);

    // 'until' before the older one changed: nothing more is marked.
    const early = new Date(Date.parse(older.updated_at) - 1000).toISOString();
    await api.call('POST', 'notifications/read-all', { token: author.token, body: { until: early } });
    const count = await api.call<Envelope<UnreadCountResponse>>('GET', 'notifications/unread-count', { token: author.token });
    expect(count.json.data.unread_count).toBe(1);
    const all = await api.call<Envelope<UnreadCountResponse>>('POST', 'notifications/read-all', { token: author.token, body: { until: older.updated_at } });
    expect(all.json.data.unread_count).toBe(0);
    expect((await api.call('POST', 'notifications/read-all', { token: author.token, body: { until: 'yesterday' } })).status).toBe(422);
    expect((await api.call('GET', 'notifications')).status).toBe(401);
  });

  it('deletes a device token FCM reports unregistered, and reuses the cached access token', async () => {
    const author = await member('Gone Gus');
    const friend = await member('Friend Flo', false);
    fcm.unregistered.add(author.device);
    const post = await api.createPost(author.token, { text: 'Old phone.', type: 'REQUEST' });
    await pray(friend.token, post.id);
    expect(await fcm.waitForSent(author.device, 1)).toHaveLength(1);
    const other = await member('Friend Flint', false);
    await pray(other.token, post.id);
    await new Promise((r) => setTimeout(r, 300));
    // The token was deleted after the first answer: the second prayer sends nothing to it.
    expect(fcm.sentTo(author.device)).toHaveLength(1);
    expect(fcm.tokenRequests).toBe(1);
  });
});
