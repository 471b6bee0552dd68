// docs/product.md §4 Authentication, §6 Roles, §8 errors; docs/architecture/server.md 'Reference
// server' tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiUser, AuthResponse, Envelope, GuestAuthResponse, PostPage } from '../../common/contract';
import { DEMO, startApi, uniqueEmail, useApi, type Api } from './api';

const api = useApi();

describe('guest sessions', () => {
  it('logs in a new guest, reads it back, and refreshes with rotation', async () => {
    const login = await api.call<Envelope<GuestAuthResponse>>('POST', 'guest/login', { body: { channel_id: 2 } });
    expect(login.status).toBe(200);
    const { authorization, guest } = login.json.data;
    expect(guest).toMatchObject({ is_guest: true, channel_id: 2, language: 'pt-BR', email: null, today_prayer_count: 0 });
    expect(authorization.token.length).toBeGreaterThanOrEqual(40);
    expect(Date.parse(authorization.refresh_until)).toBeGreaterThan(Date.parse(authorization.expires_at));

    const me = await api.call<Envelope<{ guest: ApiUser }>>('GET', 'guest/me', { token: authorization.token });
    expect(me.status).toBe(200);
    expect(me.json.data.guest.id).toBe(guest.id);

    const refreshed = await api.call<Envelope<GuestAuthResponse>>('POST', 'guest/refresh', { token: authorization.token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.data.guest.id).toBe(guest.id);
    expect(refreshed.json.data.authorization.token).not.toBe(authorization.token);
    expect((await api.call('GET', 'guest/me', { token: authorization.token })).status).toBe(401);
    expect((await api.call('GET', 'guest/me', { token: refreshed.json.data.authorization.token })).status).toBe(200);
    expect((await api.call('POST', 'guest/refresh', { token: authorization.token })).status).toBe(401);
  });

  it('logs in again as the guest whose token is given, and refuses an unknown one', async () => {
    const first = await api.guest();
    const again = await api.call<Envelope<GuestAuthResponse>>('POST', 'guest/login', { body: { guest_token: first.authorization.token } });
    expect(again.status).toBe(200);
    expect(again.json.data.guest.id).toBe(first.guest.id);
    const unknown = await api.call<ApiError>('POST', 'guest/login', { body: { guest_token: 'not-a-token' } });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toMatchObject({ status: 401, message: expect.any(String) });
  });

  it('keeps member and guest endpoints apart', async () => {
    const guest = await api.guest();
    const member = await api.login();
    expect((await api.call('GET', 'auth/me', { token: guest.authorization.token })).status).toBe(401);
    expect((await api.call('GET', 'guest/me', { token: member })).status).toBe(401);
    expect((await api.call('POST', 'auth/refresh', { token: guest.authorization.token })).status).toBe(401);
  });
});

describe('member sessions', () => {
  it('registers, reads me, refreshes, logs out', async () => {
    const email = uniqueEmail('flow');
    const reg = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Ruth Flow', email: email.toUpperCase(), password: 'secret-password', channel_id: 3, extra: 'ignored' } });
    expect(reg.status).toBe(201);
    expect(reg.json.data.user).toMatchObject({ name: 'Ruth Flow', email, channel_id: 3, language: 'es-ES', is_guest: false });
    const token = reg.json.data.authorization.token;

    const me = await api.call<Envelope<{ user: ApiUser }>>('GET', 'auth/me', { token });
    expect(me.json.data.user.id).toBe(reg.json.data.user.id);

    const login = await api.call<Envelope<AuthResponse>>('POST', 'auth/login', { body: { email, password: 'secret-password' } });
    expect(login.status).toBe(200);

    const refreshed = await api.call<Envelope<AuthResponse>>('POST', 'auth/refresh', { token });
    expect(refreshed.status).toBe(200);
    const next = refreshed.json.data.authorization.token;
    expect((await api.call('GET', 'auth/me', { token })).status).toBe(401);

    const out = await api.call<Envelope<{ message: string }>>('POST', 'auth/logout', { token: next });
    expect(out.status).toBe(200);
    expect((await api.call('GET', 'auth/me', { token: next })).status).toBe(401);
    // The login token of the same member is a separate session and still works.
    expect((await api.call('GET', 'auth/me', { token: login.json.data.authorization.token })).status).toBe(200);
  });

  it('rejects a duplicate email (any case) and bad fields with 422 and field messages', async () => {
    const dup = await api.call<ApiError>('POST', 'auth/register', { body: { name: 'Copy', email: DEMO.email.toUpperCase(), password: 'long-enough-pw' } });
    expect(dup.status).toBe(422);
    expect(dup.json.errors?.email?.[0]).toMatch(/already registered/);
    const bad = await api.call<ApiError>('POST', 'auth/register', { body: { name: '', email: 'nope', password: 'short' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors ?? {}).sort()).toEqual(['email', 'name', 'password']);
  });

  it('answers bad credentials with 401 and a message', async () => {
    const wrong = await api.call<ApiError>('POST', 'auth/login', { body: { email: DEMO.email, password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'These credentials do not match our records', status: 401, code: 'auth.invalid_credentials' });
    const unknown = await api.call<ApiError>('POST', 'auth/login', { body: { email: 'nobody@example.test', password: 'whatever' } });
    expect(unknown.status).toBe(401);
  });

  it('answers a missing, malformed or unknown token on a protected call with 401', async () => {
    expect((await api.call<ApiError>('GET', 'auth/me')).json).toMatchObject({ status: 401 });
    expect((await api.call('GET', 'auth/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    expect((await api.call('GET', 'auth/me', { token: 'forged-token' })).status).toBe(401);
    expect((await api.call('POST', 'post/1/pray')).status).toBe(401);
    expect((await api.call('POST', 'post', { token: 'forged-token', body: { text: 'x', type: 'REQUEST' } })).status).toBe(401);
    // Reads are open to visitors, but a token that is sent must be valid.
    expect((await api.call('GET', 'posts')).status).toBe(200);
    expect((await api.call('GET', 'posts', { token: 'forged-token' })).status).toBe(401);
  });

  it("answers logout without a session with 422 'You are not logged in' (docs/product.md §8)", async () => {
    const none = await api.call<ApiError>('POST', 'auth/logout');
    expect(none.status).toBe(422);
    expect(none.json).toEqual({ message: 'You are not logged in', status: 422, code: 'auth.not_logged_in' });
    expect((await api.call('POST', 'auth/logout', { token: 'forged-token' })).status).toBe(422);
  });

  it("adopts a guest's posts when the guest registers with its token", async () => {
    const guest = await api.guest();
    const post = await api.createPost(guest.authorization.token, { text: 'Guest prayer before signing up', type: 'REQUEST' });
    const reg = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', {
      token: guest.authorization.token, body: { name: 'Former Guest', email: uniqueEmail('adopt'), password: 'long-enough-pw' },
    });
    expect(reg.status).toBe(201);
    expect(reg.json.data.user.id).toBe(guest.guest.id);
    expect(reg.json.data.user.is_guest).toBe(false);
    const token = reg.json.data.authorization.token;
    const feed = await api.call<Envelope<PostPage>>('GET', 'posts', { token });
    expect(feed.json.data.data.find((p) => p.id === post.id)?.is_mine).toBe(true);
    expect((await api.call('GET', 'guest/me', { token: guest.authorization.token })).status).toBe(401);
  });
});

describe('token expiry', () => {
  let shortLived: Api;
  beforeAll(async () => { shortLived = await startApi({ tokenTtlSeconds: 1 }); });
  afterAll(async () => shortLived.close());

  it('refuses an expired token with 401 but refreshes it within the refresh window', async () => {
    const token = await shortLived.login();
    expect((await shortLived.call('GET', 'auth/me', { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await shortLived.call('GET', 'auth/me', { token })).status).toBe(401);
    const refreshed = await shortLived.call<Envelope<AuthResponse>>('POST', 'auth/refresh', { token });
    expect(refreshed.status).toBe(200);
    expect((await shortLived.call('GET', 'auth/me', { token: refreshed.json.data.authorization.token })).status).toBe(200);
  });
});

describe('rate limiting', () => {
  let limited: Api;
  beforeAll(async () => { limited = await startApi({ rateLimit: { max: 2, timeWindowMs: 60_000 } }); });
  afterAll(async () => limited.close());

  it('answers too many login attempts with 429 and a message', async () => {
    const attempt = () => limited.call<ApiError>('POST', 'auth/login', { body: { email: DEMO.email, password: 'wrong-password' } });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const third = await attempt();
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ status: 429, message: expect.stringMatching(/Too many attempts/) });
    // Other routes are not limited.
    expect((await limited.call('GET', 'posts')).status).toBe(200);
  });

  it('limits reports too (issue: rate limits on report), with the same 429 shape', async () => {
    // The login route's own budget is spent by the test above; each limited route counts apart.
    const token = (await limited.register('Reporting Rae')).authorization.token;
    const feed = await limited.call<Envelope<PostPage>>('GET', 'posts', { token });
    const others = feed.json.data.data.filter((post) => !post.is_mine).slice(0, 3);
    expect(others).toHaveLength(3);
    const statuses: number[] = [];
    for (const post of others) {
      statuses.push((await limited.call('POST', `post/${post.id}/report`, { token, body: { type: 'spam' } })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
