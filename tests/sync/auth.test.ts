// Session flows of docs/product.md §4 through the worker against the real server: sign-in, startup flow,
// 401 refresh during a drain, and logout that never drops unsent changes silently.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../common/contract';
import { prayForPost } from '../../src/commands';
import { clearAllTables, db } from '../../src/model/db';
import { getAuth, getMeta, setMeta, updateAuth } from '../../src/model/meta';
import { EMPTY_AUTH } from '../../src/model/meta-types';
import { createApiClient, type ApiClient } from '../../worker/api-client';
import { guestLogin, initSession, login, logout, refreshAuth, register } from '../../worker/auth';
import { drainOutbox } from '../../worker/drain';
import { memoryStore } from '../../worker/unauthorized';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed-data';
import { faultyFetch, mutations, type RecordedCall, useHarness } from './support';

// A short token lifetime lets the refresh flow run for real.
const TTL_SECONDS = 1;
const h = useHarness({ tokenTtlSeconds: TTL_SECONDS });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in', () => {
  it('login stores the member, clears the guest and the previous viewer’s rows', async () => {
    expect(await db.posts.where('id').above(0).count()).toBeGreaterThan(0);
    const result = await login(h.api, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(result).toMatchObject({ ok: true, session: { kind: 'member', user: { email: DEMO_EMAIL } } });
    expect(await getAuth()).toMatchObject({ guestToken: null, guest: null, memberToken: expect.any(String) });
    expect(await db.posts.where('id').above(0).count()).toBe(0);
  });

  it('a wrong password returns the server’s message', async () => {
    const result = await login(h.api, { email: DEMO_EMAIL, password: 'wrong-password' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.status).toBe(401);
      expect(result.error.message.length).toBeGreaterThan(0);
    }
    expect((await getAuth()).guestToken).toEqual(expect.any(String));
  });

  it('registering as a guest keeps the guest’s identity', async () => {
    const guestId = (await getAuth()).guest?.id;
    const result = await register(h.api, { name: 'Esther', email: `esther-${Date.now()}@example.org`, password: 'long enough pw' });
    expect(result).toMatchObject({ ok: true, session: { kind: 'member', user: { id: guestId, name: 'Esther' } } });
  });

  it('guest login again brings back the same guest', async () => {
    const before = (await getAuth()).guest?.id;
    const again = await guestLogin(h.api);
    expect(again.ok && again.session.user?.id).toBe(before);
  });
});

describe('401 during a drain', () => {
  it('refreshes the expired token and replays with the same key', async () => {
    const oldToken = (await getAuth()).guestToken;
    const postId = (await db.posts.orderBy('id').first())?.id ?? 0;
    await sleep(TTL_SECONDS * 1000 + 300);
    await prayForPost(postId);

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ sent: 1, remaining: 0, authFailed: false });
    const posts = mutations(h.calls);
    expect(posts.map((c) => [c.path, c.status])).toEqual([
      [`post/${postId}/pray`, 401],
      ['guest/refresh', 200],
      [`post/${postId}/pray`, 200],
    ]);
    expect(posts[0]?.key).toBe(posts[2]?.key);
    expect((await getAuth()).guestToken).not.toBe(oldToken);
  });

  it('a refused refresh keeps the outbox and marks the session expired', async () => {
    await updateAuth({ guestToken: 'not-a-real-token' });
    const postId = (await db.posts.orderBy('id').first())?.id ?? 0;
    await prayForPost(postId);

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ sent: 0, remaining: 1, authFailed: true });
    expect((await getAuth()).expired).toBe(true);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending' });
  });
});

describe('startup flow (docs/product.md §4)', () => {
  it('adopts cookie tokens into an empty store and loads the profile (guest/me)', async () => {
    const token = (await getAuth()).guestToken;
    await clearAllTables();
    h.calls.length = 0;
    const result = await initSession(h.api, { memberToken: null, guestToken: token });
    expect(result).toMatchObject({ ok: true, session: { kind: 'guest', user: { is_guest: true } } });
    expect(h.calls.map((c) => [c.path, c.status])).toEqual([['guest/me', 200]]);
  });

  it('a member token without a user: auth/me; on a 401 auth/refresh, then the profile', async () => {
    const member = await h.api.call<AuthResponse>({ method: 'POST', path: 'auth/login', body: { email: DEMO_EMAIL, password: DEMO_PASSWORD }, token: null });
    if (!member.ok) throw new Error(member.error.message);
    await clearAllTables();
    await sleep(TTL_SECONDS * 1000 + 300);
    h.calls.length = 0;
    const result = await initSession(h.api, { memberToken: member.data.authorization.token, guestToken: null });
    expect(result).toMatchObject({ ok: true, session: { kind: 'member', user: { email: DEMO_EMAIL } } });
    expect(h.calls.map((c) => [c.path, c.status])).toEqual([['auth/me', 401], ['auth/refresh', 200], ['auth/me', 200]]);
    expect(result.ok && result.tokens.memberToken).not.toBe(member.data.authorization.token);
  });

  it('the same with a guest token without a guest, using guest/refresh', async () => {
    const token = (await getAuth()).guestToken;
    await clearAllTables();
    await sleep(TTL_SECONDS * 1000 + 300);
    h.calls.length = 0;
    const result = await initSession(h.api, { memberToken: null, guestToken: token });
    expect(result).toMatchObject({ ok: true, session: { kind: 'guest', user: { is_guest: true } } });
    expect(h.calls.map((c) => [c.path, c.status])).toEqual([['guest/me', 401], ['guest/refresh', 200], ['guest/me', 200]]);
  });

  it('a guest token refused even after refresh ends the guest session; its unsent entries are kept', async () => {
    await prayForPost((await db.posts.orderBy('id').first())?.id ?? 0);
    await updateAuth({ guestToken: 'revoked', guest: null });
    const result = await initSession(h.api, { memberToken: null, guestToken: null });
    expect(result).toMatchObject({ ok: true, session: { kind: 'anonymous' }, tokens: { guestToken: null } });
    expect(await db.outbox.count()).toBe(1);
    expect(await getMeta('rowsViewer')).toEqual(expect.any(Number));
  });

  it('with both tokens, resets the guest', async () => {
    const member = await h.api.call<AuthResponse>({ method: 'POST', path: 'auth/login', body: { email: DEMO_EMAIL, password: DEMO_PASSWORD }, token: null });
    if (!member.ok) throw new Error(member.error.message);
    const guestToken = (await getAuth()).guestToken;
    await clearAllTables();
    const result = await initSession(h.api, { memberToken: member.data.authorization.token, guestToken });
    expect(result).toMatchObject({ ok: true, session: { kind: 'member' }, tokens: { guestToken: null } });
  });

  it('a token the server refuses, even after refresh, ends that session', async () => {
    await clearAllTables();
    const result = await initSession(h.api, { memberToken: 'bogus', guestToken: null });
    expect(result).toMatchObject({ ok: true, session: { kind: 'anonymous' }, tokens: { memberToken: null } });
    expect(mutations(h.calls).map((c) => c.path)).toEqual(['auth/refresh']);
  });
});

describe('logout', () => {
  it('asks before dropping unsent changes, then clears everything with force', async () => {
    const token = (await getAuth()).guestToken;
    await prayForPost((await db.posts.orderBy('id').first())?.id ?? 0);

    const refused = await logout(h.api, {});
    expect(refused).toMatchObject({ ok: false, unsent: 1, error: { status: 409 } });
    expect(await db.outbox.count()).toBe(1);

    expect(await logout(h.api, { force: true })).toEqual({ ok: true });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.count()).toBe(0);
    expect((await getAuth()).guestToken).toBeNull();
    const me = await h.api.call({ path: 'guest/me', token });
    expect(me.status).toBe(401);
  });

  it('without a session is the 422 of docs/product.md §8, in the server’s words', async () => {
    await clearAllTables();
    h.calls.length = 0;
    expect(await logout(h.api, {})).toEqual({ ok: false, unsent: 0, error: { status: 422, message: 'You are not logged in', code: 'auth.not_logged_in', requestId: expect.any(String) } });
    expect(h.calls.map((c) => [c.path, c.status])).toEqual([['auth/logout', 422]]);
  });

  it('without a session and offline, the same 422', async () => {
    await clearAllTables();
    h.setFault(() => 'offline');
    expect(await logout(h.api, {})).toEqual({ ok: false, unsent: 0, error: { status: 422, message: 'You are not logged in', code: 'auth.not_logged_in' } });
  });
});

describe('401 handling (docs/product.md §4)', () => {
  const calls: RecordedCall[] = [];
  const store = memoryStore();
  let api: ApiClient;

  beforeEach(async () => {
    calls.length = 0;
    await store.write(null);
    // As the engine wires it: any 401 to a call with the session's token runs the handler.
    api = createApiClient({ apiBase: h.apiBase, fetch: faultyFetch(calls, () => () => 'pass'), unauthorizedStore: store, onUnauthorized: (token) => refreshAuth(api, token) });
  });

  const paths = () => calls.map((c) => [c.path, c.status]);

  it('the first 401 runs the handler; a repeat within 10 s is rejected; after 10 s it runs again', async () => {
    await updateAuth({ guestToken: 'revoked' });
    expect((await api.call({ path: 'posts' })).status).toBe(401);
    expect(paths()).toEqual([['posts', 401], ['guest/refresh', 401]]);
    expect((await getAuth()).expired).toBe(true);

    calls.length = 0;
    expect((await api.call({ path: 'posts' })).status).toBe(401);
    expect(paths()).toEqual([['posts', 401]]);

    await store.write(Date.now() - 10_001);
    calls.length = 0;
    await api.call({ path: 'posts' });
    expect(paths()).toEqual([['posts', 401], ['guest/refresh', 401]]);
  });

  it('a refreshed token makes the call again; the success clears the timestamp after 500 ms', async () => {
    await sleep(TTL_SECONDS * 1000 + 300);
    expect((await api.call({ path: 'posts' })).ok).toBe(true);
    expect(paths()).toEqual([['posts', 401], ['guest/refresh', 200], ['posts', 200]]);
    expect(await store.read()).toEqual(expect.any(Number));
    await sleep(600);
    expect(await store.read()).toBeNull();
  });

  it('a signed-out call (no token) is not the session’s 401: no handler', async () => {
    await setMeta('auth', EMPTY_AUTH);
    expect((await api.call({ path: 'posts', query: { type: 'BOOKMARKED' } })).status).toBe(401);
    expect(paths()).toEqual([['posts', 401]]);
  });
});
