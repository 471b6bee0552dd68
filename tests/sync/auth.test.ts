// Session flows of SPEC §4 through the worker against the real server: sign-in, startup flow,
// 401 refresh during a drain, and logout that never drops unsent changes silently.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../common/contract';
import { prayForPost } from '../../src/commands';
import { clearAllTables, db } from '../../src/db/db';
import { getAuth, updateAuth } from '../../src/db/meta';
import { guestLogin, initSession, login, logout, register } from '../../worker/auth';
import { drainOutbox } from '../../worker/drain';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed-data';
import { freshGuestDevice, mutations, startHarness, type Harness } from './support';

let h: Harness;
// A short token lifetime lets the refresh flow run for real.
const TTL_SECONDS = 1;

beforeAll(async () => {
  h = await startHarness({ tokenTtlSeconds: TTL_SECONDS });
});

afterAll(async () => {
  await h.server.close();
});

beforeEach(async () => {
  await freshGuestDevice(h);
});

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

describe('startup flow (SPEC §4)', () => {
  it('adopts cookie tokens into an empty store and loads the profile', async () => {
    const token = (await getAuth()).guestToken;
    await clearAllTables();
    const result = await initSession(h.api, { memberToken: null, guestToken: token });
    expect(result).toMatchObject({ ok: true, session: { kind: 'guest', user: { is_guest: true } } });
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

  it('without a session is the 422 of SPEC §8', async () => {
    await clearAllTables();
    expect(await logout(h.api, {})).toEqual({ ok: false, unsent: 0, error: { status: 422, message: 'You are not logged in' } });
  });
});
