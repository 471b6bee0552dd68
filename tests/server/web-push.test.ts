// Issue #13 point 1 acceptance: with no Firebase variables, a registered Web Push subscription
// receives an encrypted, VAPID-signed push at a local push endpoint when someone prays for that
// member's request; a 410 from the endpoint removes the subscription. The endpoint and the
// browser's keys are tests/server/web-push-service.ts (node:crypto, independent of web-push).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { PushConfigResponse } from '../../common/push-config';
import { pushTokens } from '../../server/db/schema/accounts';
import { waitUntil } from '../helpers/wait-until';
import { useApi } from './api';
import { browserSubscription, decryptPush, usePushService, verifyVapid, type BrowserSubscription } from './web-push-service';

const service = usePushService();
const api = useApi();
let counter = 0;

type Subscriber = { token: string; id: number; endpoint: string; path: string; subscription: BrowserSubscription };

async function subscriber(name: string): Promise<Subscriber> {
  const auth = await api.register(name);
  counter += 1;
  const path = `/push/${process.pid}-${counter}`;
  const subscription = browserSubscription();
  const endpoint = `${service.origin}${path}`;
  const r = await api.call('PUT', 'notifications/token', {
    token: auth.authorization.token, body: { token: endpoint, platform: 'webpush', keys: subscription.keys },
  });
  expect(r.status).toBe(200);
  return { token: auth.authorization.token, id: auth.user.id, endpoint, path, subscription };
}

async function pray(token: string, postId: number): Promise<void> {
  expect((await api.call('POST', `post/${postId}/pray`, { token })).status).toBe(200);
}

/** Pushes go out after the response: wait (up to 5 s) until `count` reached `path`. */
async function waitForPushes(path: string, count: number) {
  const at = () => service.received.filter((push) => push.path === path);
  await waitUntil(() => at().length >= count);
  return at();
}

function rowsOf(token: string) {
  return api.server.handle.db.select().from(pushTokens).where(eq(pushTokens.token, token));
}

describe('Web Push without Firebase', () => {
  it('tells the page to use Web Push with the server\'s public key, without a session', async () => {
    const r = await api.call<Envelope<PushConfigResponse>>('GET', 'notifications/push-config');
    expect(r.status).toBe(200);
    expect(r.json.data.provider).toBe('webpush');
    expect(Buffer.from(r.json.data.vapid_public_key ?? '', 'base64url')).toHaveLength(65);
  });

  it('a prayer for a member\'s request reaches their subscription encrypted and VAPID-signed (issue #13 acceptance)', async () => {
    const author = await subscriber('Author Abigail');
    const friend = await subscriber('Friend Felix');
    const post = await api.createPost(author.token, { text: 'Please pray for my exams this week.', type: 'REQUEST' });
    const before = Math.floor(Date.now() / 1000);
    await pray(friend.token, post.id);

    const [push, ...more] = await waitForPushes(author.path, 1);
    if (push === undefined) throw new Error('no push reached the endpoint');
    expect(more).toEqual([]);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe(String(24 * 60 * 60));
    expect(push.headers.urgency).toBe('normal');

    const { claims, publicKey } = verifyVapid(push.headers.authorization);
    const config = await api.call<Envelope<PushConfigResponse>>('GET', 'notifications/push-config');
    expect(publicKey).toBe(config.json.data.vapid_public_key);
    expect(claims.aud).toBe(service.origin);
    expect(claims.exp).toBeGreaterThan(before);
    expect(claims.exp).toBeLessThanOrEqual(before + 24 * 60 * 60 + 5);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);

    expect(JSON.parse(decryptPush(push.body, author.subscription))).toEqual({
      title: 'Friend Felix prayed for your request', body: 'Please pray for my exams this week.', url: `/community/post/${post.id}`,
      // Issue #28 item 6: the unread count, for the app icon (common/app-badge.ts).
      badge: 1,
    });
    // The one who prayed is not notified of their own prayer.
    expect(service.received.filter((p) => p.path === friend.path)).toEqual([]);
  });

  it('sends nothing for an FCM token (another provider\'s device) and keeps its row', async () => {
    const author = await subscriber('Author Beatrice');
    const fcmToken = `fcm-device-${process.pid}-${Date.now()}`;
    expect((await api.call('PUT', 'notifications/token', { token: author.token, body: { token: fcmToken, platform: 'web', token_type: 'fid' } })).status).toBe(200);
    const friend = await subscriber('Friend Gideon');
    const post = await api.createPost(author.token, { text: 'Pray for our new neighbours.', type: 'REQUEST' });
    const received = service.received.length;
    await pray(friend.token, post.id);

    expect(await waitForPushes(author.path, 1)).toHaveLength(1);
    expect(service.received.slice(received).map((p) => p.path)).toEqual([author.path]);
    expect(await rowsOf(fcmToken)).toHaveLength(1);
  });

  it('a 410 Gone from the push service removes the subscription; another status keeps it', async () => {
    const author = await subscriber('Author Cecilia');
    const post = await api.createPost(author.token, { text: 'Pray for rain on the farm.', type: 'REQUEST' });
    service.statusFor.set(author.path, 500);
    await pray((await subscriber('Friend Hugo')).token, post.id);
    expect(await waitForPushes(author.path, 1)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await rowsOf(author.endpoint)).toHaveLength(1);

    service.statusFor.set(author.path, 410);
    await pray((await subscriber('Friend Irene')).token, post.id);
    expect(await waitForPushes(author.path, 2)).toHaveLength(2);
    await waitUntil(async () => (await rowsOf(author.endpoint)).length === 0);
    expect(await rowsOf(author.endpoint)).toEqual([]);
  });
});
