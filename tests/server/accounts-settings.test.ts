// docs/product.md §7 User: settings, locale, channel, session size, password, profile, push token. Each write
// with its permission matrix (the member themself, another member unaffected, guest, anonymous),
// a validation failure and the Idempotency-Key (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol').
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiUserSettings, UserResponse } from '../../common/account-contract';
import type { ApiError, AuthResponse, Envelope } from '../../common/contract';
import { pushTokens } from '../../server/db/schema/accounts';
import { DEMO, uniqueEmail, useApi } from './api';

const api = useApi();

const settingsOf = async (token: string) => (await api.call<Envelope<{ settings: ApiUserSettings }>>('GET', 'user/settings', { token })).json.data.settings;

async function member(password = 'long-enough-pw'): Promise<AuthResponse & { email: string; password: string }> {
  const email = uniqueEmail('settings');
  const r = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Settings Sam', email, password } });
  expect(r.status).toBe(201);
  return { ...r.json.data, email, password };
}

describe('GET user/settings', () => {
  it('returns the settings screens data for members and guests, 401 for visitors', async () => {
    const m = await member();
    const s = await settingsOf(m.authorization.token);
    expect(s).toEqual({
      locale: 'en-US', channel_id: 1, session_items_qtd: 5, img_show: true, email: m.email, has_password: true,
      providers: [
        { provider: 'google', linked: false, available: false },
        { provider: 'facebook', linked: false, available: false },
        { provider: 'apple', linked: false, available: false },
      ],
    });
    const guest = await api.guest();
    expect(await settingsOf(guest.authorization.token)).toMatchObject({ email: null, has_password: false });
    expect((await api.call('GET', 'user/settings')).status).toBe(401);
  });
});

describe.each([
  ['user/locale', { locale: 'pt-BR' }, { locale: 'fr-FR' }, 'locale', (u: UserResponse) => u.user.language, 'pt-BR'],
  ['user/channel', { channel_id: 3 }, { channel_id: 9 }, 'channel_id', (u: UserResponse) => u.user.channel_id, 3],
  ['user/prayer-session-items-qtd', { qtd: 12 }, { qtd: 51 }, 'qtd', (u: UserResponse & { session_items_qtd?: number }) => u.session_items_qtd, 12],
] as const)('PUT %s', (path, good, bad, field, pick, expected) => {
  it('changes the caller only (member or guest); visitors get 401', async () => {
    const m = await member();
    const other = await api.login();
    const before = await settingsOf(other);
    const r = await api.call<Envelope<UserResponse>>('PUT', path, { token: m.authorization.token, body: good });
    expect(r.status).toBe(200);
    expect(pick(r.json.data)).toBe(expected);
    expect(await settingsOf(other)).toEqual(before);
    const guest = await api.guest();
    const g = await api.call<Envelope<UserResponse>>('PUT', path, { token: guest.authorization.token, body: good });
    expect(g.status).toBe(200);
    expect(g.json.data.user.id).toBe(guest.guest.id);
    expect((await api.call('PUT', path, { body: good })).status).toBe(401);
  });

  it('rejects an invalid value with 422 and a field message', async () => {
    const r = await api.call<ApiError>('PUT', path, { token: (await member()).authorization.token, body: bad });
    expect(r.status).toBe(422);
    expect(r.json.errors?.[field]?.[0]).toEqual(expect.any(String));
  });

  it('honours the Idempotency-Key', async () => {
    const token = (await member()).authorization.token;
    const headers = { 'idempotency-key': `settings-${path.replace(/\//g, '.')}` };
    const first = await api.call('PUT', path, { token, body: good, headers });
    const replay = await api.call('PUT', path, { token, body: good, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
    expect((await api.call('PUT', path, { token, body: bad, headers })).status).toBe(422);
  });
});

describe('PUT user/prayer-session-items-qtd', () => {
  it('is what GET user/settings reports afterwards, and accepts only whole numbers 1..50', async () => {
    const token = (await member()).authorization.token;
    await api.call('PUT', 'user/prayer-session-items-qtd', { token, body: { qtd: 50 } });
    expect((await settingsOf(token)).session_items_qtd).toBe(50);
    for (const qtd of [0, 2.5, 'many', null]) {
      expect((await api.call('PUT', 'user/prayer-session-items-qtd', { token, body: { qtd } })).status).toBe(422);
    }
  });
});

describe('PUT user/password', () => {
  it('needs the current password, keeps this session and signs the other ones out', async () => {
    const m = await member('first-password');
    const otherSession = await api.login(m.email, 'first-password');
    const wrong = await api.call<ApiError>('PUT', 'user/password', { token: m.authorization.token, body: { current_password: 'nope', password: 'second-password' } });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors?.current_password).toEqual(['The current password is not correct']);
    const ok = await api.call('PUT', 'user/password', { token: m.authorization.token, body: { current_password: 'first-password', password: 'second-password' } });
    expect(ok.status).toBe(200);
    expect((await api.call('GET', 'auth/me', { token: m.authorization.token })).status).toBe(200);
    expect((await api.call('GET', 'auth/me', { token: otherSession })).status).toBe(401);
    expect((await api.call('POST', 'auth/login', { body: { email: m.email, password: 'first-password' } })).status).toBe(401);
    await api.login(m.email, 'second-password');
  });

  it('is member-only (guest 403, visitor 401) and validates the new password', async () => {
    const guest = await api.guest();
    const body = { current_password: 'x', password: 'long-enough-pw' };
    expect((await api.call<ApiError>('PUT', 'user/password', { token: guest.authorization.token, body })).json).toMatchObject({ status: 403 });
    expect((await api.call('PUT', 'user/password', { body })).status).toBe(401);
    const short = await api.call<ApiError>('PUT', 'user/password', { token: (await member()).authorization.token, body: { current_password: 'long-enough-pw', password: 'short' } });
    expect(short.status).toBe(422);
    expect(short.json.errors?.password).toBeDefined();
  });
});

describe('PUT user/profile', () => {
  it('changes name, nickname, username (lower-cased) and img_show of the caller only', async () => {
    const m = await member();
    const username = `sam_${Date.now() % 100000}.x`;
    const r = await api.call<Envelope<UserResponse>>('PUT', 'user/profile', {
      token: m.authorization.token, body: { name: 'Samuel', nickname: 'Sam', username: username.toUpperCase(), img_show: false },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.user).toMatchObject({ name: 'Samuel', nickname: 'Sam', username, profile: { img_show: false } });
    const cleared = await api.call<Envelope<UserResponse>>('PUT', 'user/profile', { token: m.authorization.token, body: { nickname: '' } });
    expect(cleared.json.data.user).toMatchObject({ nickname: null, name: 'Samuel' });
    const demo = await api.call<Envelope<{ user: { name: string } }>>('GET', 'auth/me', { token: await api.login() });
    expect(demo.json.data.user.name).not.toBe('Samuel');
  });

  it.each([
    ['a taken username', { username: 'demo' }, 'username', 'This username is taken'],
    ['a reserved username', { username: 'anonymous' }, 'username', 'This username is taken'],
    ['a username with other characters', { username: 'no spaces!' }, 'username', undefined],
    ['an all-digit username', { username: '12345' }, 'username', undefined],
    ['an email change without the password', { email: 'new-address@example.test' }, 'current_password', 'The current password is not correct'],
    ['a taken email', { email: DEMO.email, current_password: 'long-enough-pw' }, 'email', 'This email is already registered'],
    ['an empty name', { name: '  ' }, 'name', 'Enter your name'],
  ])('rejects %s with 422', async (_name, body, field, message) => {
    const r = await api.call<ApiError>('PUT', 'user/profile', { token: (await member()).authorization.token, body });
    expect(r.status).toBe(422);
    expect(r.json.errors?.[field]?.[0]).toEqual(message ?? expect.any(String));
  });

  it('changes the email with the current password; the new address signs in', async () => {
    const m = await member();
    const email = uniqueEmail('moved');
    const r = await api.call<Envelope<UserResponse>>('PUT', 'user/profile', { token: m.authorization.token, body: { email, current_password: m.password } });
    expect(r.json.data.user.email).toBe(email);
    await api.login(email, m.password);
  });

  it('is member-only except a guest\'s own name: guest 403 for the rest, visitor 401', async () => {
    const guest = await api.guest();
    const token = guest.authorization.token;
    expect((await api.call('PUT', 'user/profile', { token, body: { username: 'guesty' } })).status).toBe(403);
    expect((await api.call('PUT', 'user/profile', { token, body: { name: 'G', nickname: 'g' } })).status).toBe(403);
    expect((await api.call('PUT', 'user/profile', { body: { name: 'G' } })).status).toBe(401);
    // Issue #26 point 3: a guest chooses the name shown with what they share.
    const named = await api.call<Envelope<UserResponse>>('PUT', 'user/profile', { token, body: { name: 'Grace from the train' } });
    expect(named.status).toBe(200);
    expect(named.json.data.user).toMatchObject({ name: 'Grace from the train', is_guest: true });
    expect((await api.call('PUT', 'user/profile', { token, body: { name: '   ' } })).status).toBe(422);
  });
});

describe('PUT notifications/token', () => {
  const stored = async (token: string) => (await api.server.handle.db.select().from(pushTokens).where(eq(pushTokens.token, token)))[0];

  it('stores the token with its extra fields for the caller; the last registrant owns it', async () => {
    const m = await member();
    const token = `push-${Date.now()}`;
    const r = await api.call('PUT', 'notifications/token', { token: m.authorization.token, body: { token, platform: 'web', device: 'pixel', ttl: 7 } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ data: { registered: true } });
    expect(await stored(token)).toMatchObject({ userId: m.user.id, platform: 'web', extra: { device: 'pixel', ttl: 7 } });
    const guest = await api.guest();
    expect((await api.call('PUT', 'notifications/token', { token: guest.authorization.token, body: { token } })).status).toBe(200);
    expect(await stored(token)).toMatchObject({ userId: guest.guest.id, platform: null, extra: null });
  });

  it('rejects a missing token or oversized extras with 422, and visitors with 401', async () => {
    const token = (await member()).authorization.token;
    const missing = await api.call<ApiError>('PUT', 'notifications/token', { token, body: { platform: 'web' } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors?.token).toBeDefined();
    expect((await api.call('PUT', 'notifications/token', { token, body: { token: 't', blob: 'x'.repeat(5000) } })).status).toBe(422);
    expect((await api.call('PUT', 'notifications/token', { body: { token: 't' } })).status).toBe(401);
  });
});
