// GET sync/live (issue #48; docs/api.md 'Live'): who may open a stream, its frames, and the pokes a
// write anywhere sends to it: counts for a pray or a comment, new_posts for a new post (a pull for
// its author), a pull for a notification and for the account's own write on another device, a
// burst coalesced, and a revoked session closed. Runs on PGlite, and on PostgreSQL in the PG pass
// (with the listening connection killed there). The privacy of group posts: live-privacy.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../common/contract';
import { API_ANSWER_HEADER, API_ANSWER_VALUE } from '../../common/constants';
import { LIVE_COALESCE_MS, LIVE_HEARTBEAT_MS, LIVE_MAX_STREAMS_PER_ACCOUNT } from '../../common/live-contract';
import { LISTENER_APPLICATION_NAME } from '../../server/db/listener';
import { startApi, useApi } from './api';
import { liveStream, openLive, settle } from './live-support';
import { newRequest } from './post-actors';
import { pushOk } from './sync-support';

const api = useApi();
let base: string;
beforeAll(async () => {
  base = api.server.url;
});

async function member(name: string): Promise<{ token: string; id: number; email: string }> {
  const r = await api.register(name);
  return { token: r.authorization.token, id: r.user.id, email: r.user.email ?? '' };
}

describe('GET sync/live: who may open it', () => {
  it('answers 401 in the API shape without a token and with a bad one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const r = await openLive(base, token);
      expect(r.status).toBe(401);
      expect(r.json).toMatchObject({ status: 401, code: 'auth.unauthenticated' });
      expect(r.headers.get(API_ANSWER_HEADER)).toBe(API_ANSWER_VALUE);
    }
  });

  it('answers 400 for a channel header that names no channel', async () => {
    const { token } = await member('Channel Cleo');
    const r = await openLive(base, token, { 'x-channel-id': '99' });
    expect(r.status).toBe(400);
    expect((r.json as ApiError).code).toBe('request.invalid');
  });

  it('says hello at once, as an uncompressed event stream with the API header', async () => {
    const { token } = await member('Hello Hana');
    const opened = await openLive(base, token, { 'accept-encoding': 'gzip, br' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('x-accel-buffering')).toBe('no');
    expect(opened.headers.get('content-encoding')).toBeNull();
    expect(opened.headers.get(API_ANSWER_HEADER)).toBe(API_ANSWER_VALUE);
    const hello = await opened.stream?.next();
    expect(hello).toEqual({ event: 'hello', data: { heartbeat_ms: LIVE_HEARTBEAT_MS, coalesce_ms: LIVE_COALESCE_MS } });
    opened.stream?.close();
  });

  it(`caps the streams of one account at ${String(LIVE_MAX_STREAMS_PER_ACCOUNT)} with a clear 429`, async () => {
    const { token } = await member('Many Devices');
    const held = await Promise.all(Array.from({ length: LIVE_MAX_STREAMS_PER_ACCOUNT }, () => liveStream(base, token)));
    const refused = await openLive(base, token);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ status: 429, code: 'live.too_many_streams', params: { max: LIVE_MAX_STREAMS_PER_ACCOUNT } });
    expect((refused.json as ApiError).message).toMatch(/live connections/);
    // One closed frees its place.
    held[0]?.close();
    await settle(200);
    const again = await liveStream(base, token);
    for (const stream of [...held, again]) stream.close();
  });

  it('caps the streams of one address (TRUST_PROXY: the client address the proxy saw)', async () => {
    const capped = await startApi({ liveMaxStreamsPerAddress: 2, trustProxy: 1 });
    try {
      const tokens = await Promise.all([1, 2, 3].map(async (i) => (await capped.register(`Address ${String(i)}`)).authorization.token));
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const held = [await liveStream(capped.server.url, tokens[0] ?? '', from('203.0.113.9')), await liveStream(capped.server.url, tokens[1] ?? '', from('203.0.113.9'))];
      const refused = await openLive(capped.server.url, tokens[2], from('203.0.113.9'));
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ code: 'live.too_many_streams', params: { max: 2 } });
      expect((refused.json as ApiError).message).toMatch(/network/);
      // Another address is another budget.
      held.push(await liveStream(capped.server.url, tokens[2] ?? '', from('203.0.113.10')));
      for (const stream of held) stream.close();
    } finally {
      await capped.close();
    }
  });
});

describe('GET sync/live: pokes', () => {
  it('a pray by another account: counts with the new count; the author is told through a pull', async () => {
    const author = await member('Author Ann');
    const watcher = await member('Watcher Will');
    const prayer = await member('Prayer Pia');
    const post = await newRequest(api, author.token, 'Pray for the live channel.');
    const watching = await liveStream(base, watcher.token);
    const authorStream = await liveStream(base, author.token);
    const started = Date.now();
    expect((await api.call('POST', `post/${post.id}/pray`, { token: prayer.token })).status).toBeLessThan(300);
    const poke = await watching.poke((p) => p.counts !== undefined);
    const elapsed = Date.now() - started;
    expect(poke.counts).toEqual([[post.id, 1, 0]]);
    expect(elapsed).toBeLessThan(1_000);
    // The author: the count, and a pull (spread 0) for the 'someone prayed' notification.
    const authorPoke = await authorStream.poke((p) => p.pull !== undefined);
    expect(authorPoke.pull).toBe(0);
    watching.close();
    authorStream.close();
  });

  it('a new post: new_posts to others, a pull (not new_posts) to its author', async () => {
    const author = await member('New Nora');
    const other = await member('Other Otto');
    const otherStream = await liveStream(base, other.token);
    const authorStream = await liveStream(base, author.token);
    const post = await newRequest(api, author.token, 'A new request for the pill.');
    expect((await otherStream.poke((p) => p.new_posts !== undefined)).new_posts).toEqual([post.id]);
    const own = await authorStream.poke();
    expect(own.new_posts).toBeUndefined();
    expect(own.pull).toBeDefined();
    await settle();
    expect(authorStream.pokes().some((p) => p.new_posts !== undefined)).toBe(false);
    otherStream.close();
    authorStream.close();
  });

  it('a comment moves comment_count', async () => {
    const author = await member('Comment Carla');
    const watcher = await member('Comment Watcher');
    const post = await newRequest(api, author.token, 'Pray and comment.');
    const watching = await liveStream(base, watcher.token);
    expect((await api.call('POST', `post/${post.id}/comment`, { token: watcher.token, body: { comment: 'Praying with you.' } })).status).toBeLessThan(300);
    expect((await watching.poke((p) => p.counts !== undefined)).counts).toEqual([[post.id, 0, 1]]);
    watching.close();
  });

  it("own writes on another session pull that account's other streams, not the writer's", async () => {
    const me = await member('Two Devices');
    const second = await api.login(me.email, 'long-enough-pw');
    const writer = await liveStream(base, me.token);
    const other = await liveStream(base, second);
    const post = await newRequest(api, (await member('Someone')).token, 'Bookmark me.');
    await pushOk(api, me.token, [{ method: 'POST', path: `post/${post.id}/bookmark`, key: `bm-${String(post.id)}` }]);
    expect((await other.poke((p) => p.pull !== undefined)).pull).toBe(0);
    await settle();
    expect(writer.pokes().filter((p) => p.pull !== undefined && p.new_posts === undefined)).toEqual([]);
    writer.close();
    other.close();
  });

  it('coalesces a burst of prays into a few pokes carrying the last count', async () => {
    const author = await member('Burst Bea');
    const watcher = await member('Burst Watcher');
    const post = await newRequest(api, author.token, 'Pray in a burst.');
    const prayers = await Promise.all(Array.from({ length: 10 }, (_, i) => member(`Burst ${String(i)}`)));
    const watching = await liveStream(base, watcher.token);
    await Promise.all(prayers.map((p) => api.call('POST', `post/${post.id}/pray`, { token: p.token })));
    await watching.poke((p) => p.counts?.some(([id, n]) => id === post.id && n === 10) === true);
    const counted = watching.pokes().filter((p) => p.counts !== undefined);
    expect(counted.length).toBeLessThanOrEqual(4);
    watching.close();
  });

  it("a logout closes that session's stream with bye revoked", async () => {
    const { token } = await member('Leaving Leo');
    const stream = await liveStream(base, token);
    expect((await api.call('POST', 'auth/logout', { token })).status).toBeLessThan(300);
    expect(await stream.next((f) => f.event === 'bye')).toEqual({ event: 'bye', data: { reason: 'revoked' } });
    await stream.closed();
  });

  it("closes a stream at its token's expiry with bye expired", async () => {
    const short = await startApi({ tokenTtlSeconds: 2 });
    try {
      const { token } = (await short.register('Short Sam')).authorization;
      const stream = await liveStream(short.server.url, token);
      expect(await stream.next((f) => f.event === 'bye', 5_000)).toEqual({ event: 'bye', data: { reason: 'expired' } });
      await stream.closed();
    } finally {
      await short.close();
    }
  });

  // PostgreSQL only: PGlite listens in-process, there is no connection to lose.
  it.skipIf((process.env.TEST_DATABASE_URL ?? '') === '')('the listening connection killed: every stream pulls, and later writes still arrive', async () => {
    const author = await member('Lost Link');
    const watcher = await member('Lost Watcher');
    const post = await newRequest(api, author.token, 'Pray across a lost connection.');
    const streams = [await liveStream(base, watcher.token), await liveStream(base, author.token)];
    const killed = await api.server.handle.withSession((s) => s.rows<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    ));
    expect(killed.length).toBeGreaterThan(0);
    for (const stream of streams) expect((await stream.poke((p) => p.pull !== undefined, 10_000)).pull).toBeGreaterThanOrEqual(0);
    expect((await api.call('POST', `post/${post.id}/pray`, { token: watcher.token })).status).toBeLessThan(300);
    expect((await streams[0]?.poke((p) => p.counts !== undefined))?.counts).toEqual([[post.id, 1, 0]]);
    for (const stream of streams) stream.close();
  });
});
