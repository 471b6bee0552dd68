// Social sign-in (docs/product.md §2 /auth/provider/callback/{provider}, §7) against a local fake provider:
// the OAuth 2 code flow with PKCE (Google) and with an id_token (Apple); linking, guest adoption,
// and user/provider/check and user/provider/disconnect.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiProviderStatus, ApiUserSettings, ProviderCallbackResponse, ProviderRedirectResponse } from '../../common/account-contract';
import type { ApiError, ApiUser, Envelope } from '../../common/contract';
import type { OAuthProviderConfig } from '../../server/accounts-config';
import { startApi, useApi } from './api';
import { useFakeServer, type FakeRequest, type FakeReply } from './accounts-support';

type Identity = Record<string, unknown>;
const codes = new Map<string, { identity: Identity; challenge: string | null }>();

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function answer(request: FakeRequest): FakeReply {
  if (request.path === '/token') {
    const form = new URLSearchParams(request.body);
    const grant = codes.get(form.get('code') ?? '');
    const pkceOk = grant?.challenge === null || createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === grant?.challenge;
    if (grant === undefined || form.get('client_secret') !== 'shh' || !pkceOk) return { status: 400, json: { error: 'invalid_grant' } };
    codes.delete(form.get('code') ?? '');
    const idToken = `${base64url({ alg: 'none' })}.${base64url({ aud: 'apple-client', ...grant.identity })}.sig`;
    return { json: { access_token: `at-${JSON.stringify(grant.identity)}`, id_token: idToken } };
  }
  if (request.path === '/userinfo') {
    const auth = request.headers.authorization ?? '';
    return auth.startsWith('Bearer at-') ? { json: JSON.parse(auth.slice('Bearer at-'.length)) as unknown } : { status: 401, json: {} };
  }
  return { status: 404, json: {} };
}

function provider(overrides: Partial<OAuthProviderConfig>): OAuthProviderConfig {
  return {
    clientId: 'google-client', clientSecret: 'shh', authUrl: `${fake.url}/authorize`, tokenUrl: `${fake.url}/token`,
    userinfoUrl: `${fake.url}/userinfo`, scope: 'openid email profile', redirectUri: 'https://app.example/auth/provider/callback/google', pkce: true,
    ...overrides,
  };
}

const fake = useFakeServer(answer);
const api = useApi(() => ({
  config: {
    oauth: {
      google: provider({}),
      apple: provider({ clientId: 'apple-client', userinfoUrl: undefined, scope: '', pkce: false, redirectUri: 'https://app.example/auth/provider/callback/apple' }),
    },
  },
}));

let counter = 0;
/** Runs the flow as the browser would: redirect URL, the provider's code, then the callback. */
async function signIn(name: 'google' | 'apple', identity: Identity, token?: string) {
  const redirect = await api.call<Envelope<ProviderRedirectResponse>>('GET', `auth/provider/${name}/redirect`);
  const url = new URL(redirect.json.data.url);
  const code = `code-${(counter += 1)}`;
  codes.set(code, { identity, challenge: url.searchParams.get('code_challenge') });
  const query = new URLSearchParams({ code, state: redirect.json.data.state });
  return api.call<Envelope<ProviderCallbackResponse> & ApiError>('GET', `auth/provider/callback/${name}?${query.toString()}`, token === undefined ? {} : { token });
}

const googleUser = (sub: string, email: string | undefined, extra: Identity = {}) => ({ sub, ...(email === undefined ? {} : { email }), email_verified: true, name: 'Gina Google', picture: 'https://img.example/g.png', ...extra });

describe('GET auth/provider/{provider}/redirect', () => {
  it('returns the authorization URL with client, redirect URI, scope, state and a PKCE challenge', async () => {
    const r = await api.call<Envelope<ProviderRedirectResponse>>('GET', 'auth/provider/google/redirect');
    expect(r.status).toBe(200);
    const url = new URL(r.json.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'google-client', redirect_uri: 'https://app.example/auth/provider/callback/google',
      scope: 'openid email profile', state: r.json.data.state, code_challenge_method: 'S256',
    });
  });

  it.each([['facebook', 'Sign-in with Facebook is not available'], ['myspace', 'Sign-in with this provider is not available']])(
    'answers 404 for %s (not configured or unknown)', async (name, message) => {
      expect((await api.call<ApiError>('GET', `auth/provider/${name}/redirect`)).json).toEqual({ status: 404, message, code: 'social.unavailable' });
      expect((await api.call('GET', `auth/provider/callback/${name}?code=c&state=s`)).status).toBe(404);
    },
  );
});

describe('GET auth/provider/callback/{provider}', () => {
  it('creates a member on first sign-in, and signs the same member in afterwards', async () => {
    const first = await signIn('google', googleUser('g-1', 'gina@example.test'));
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ created: true, linked: true, user: { email: 'gina@example.test', name: 'Gina Google', is_guest: false, profile: { avatar: 'https://img.example/g.png' } } });
    const token = first.json.data.authorization.token;
    const settings = (await api.call<Envelope<{ settings: ApiUserSettings }>>('GET', 'user/settings', { token })).json.data.settings;
    expect(settings).toMatchObject({ has_password: false, providers: expect.arrayContaining([{ provider: 'google', linked: true, available: true }]) });
    const again = await signIn('google', googleUser('g-1', 'gina@example.test'));
    expect(again.json.data).toMatchObject({ created: false, linked: false, user: { id: first.json.data.user.id } });
  });

  it('links a member with the same confirmed email, but never takes over with an unconfirmed one', async () => {
    const linked = await signIn('google', googleUser('g-demo', 'DEMO@prayer.local'));
    const demo = (await api.call<Envelope<{ user: ApiUser }>>('GET', 'auth/me', { token: await api.login() })).json.data.user;
    expect(linked.json.data).toMatchObject({ created: false, linked: true, user: { id: demo.id } });
    const unverified = await signIn('google', googleUser('g-grace', 'grace@prayer.local', { email_verified: false }));
    expect(unverified.status).toBe(422);
    expect(unverified.json.message).toMatch(/Sign in with your password/);
  });

  it('reads the identity from the id_token when there is no userinfo endpoint (Apple)', async () => {
    const r = await signIn('apple', { sub: 'apple-1', email: 'ann@privaterelay.example', email_verified: 'true' });
    expect(r.json.data).toMatchObject({ created: true, user: { email: 'ann@privaterelay.example', name: 'ann' } });
  });

  it('links the provider to the signed-in member; refuses an account linked to someone else', async () => {
    const member = await api.register('Linking Lou');
    const r = await signIn('google', googleUser('g-lou', 'lou-elsewhere@example.test'), member.authorization.token);
    expect(r.json.data).toMatchObject({ created: false, linked: true, user: { id: member.user.id, email: member.user.email } });
    const other = await api.register('Other Ola');
    const taken = await signIn('google', googleUser('g-lou', 'lou-elsewhere@example.test'), other.authorization.token);
    expect(taken.status).toBe(422);
    expect(taken.json.message).toBe('This Google account is linked to another member.');
  });

  it('turns the guest who signs in into the new member, keeping its id', async () => {
    const guest = await api.guest();
    const r = await signIn('google', googleUser('g-guest', 'former-guest@example.test'), guest.authorization.token);
    expect(r.json.data).toMatchObject({ created: true, user: { id: guest.guest.id, is_guest: false } });
    expect((await api.call('GET', 'guest/me', { token: guest.authorization.token })).status).toBe(401);
  });

  it('refuses a forged or foreign state, a refused code, a missing code or email (422), and a dead provider (502)', async () => {
    const redirect = (await api.call<Envelope<ProviderRedirectResponse>>('GET', 'auth/provider/apple/redirect')).json.data;
    const state = redirect.state;
    expect((await api.call('GET', `auth/provider/callback/google?code=x&state=${encodeURIComponent(state)}`)).status).toBe(422);
    expect((await api.call('GET', `auth/provider/callback/apple?code=x&state=${encodeURIComponent(`${state}x`)}`)).status).toBe(422);
    expect((await api.call('GET', `auth/provider/callback/apple?code=unknown&state=${encodeURIComponent(state)}`)).status).toBe(422);
    expect((await api.call('GET', `auth/provider/callback/apple?state=${encodeURIComponent(state)}`)).status).toBe(422);
    expect((await signIn('google', googleUser('g-no-mail', undefined))).json.message).toMatch(/did not share your email/);
    const dead = await startApi({ config: { oauth: { google: provider({ tokenUrl: 'http://127.0.0.1:9/token' }) } } });
    try {
      const d = (await dead.call<Envelope<ProviderRedirectResponse>>('GET', 'auth/provider/google/redirect')).json.data;
      const r = await dead.call<ApiError>('GET', `auth/provider/callback/google?code=c&state=${encodeURIComponent(d.state)}`);
      expect(r.json).toEqual({ status: 502, message: 'Google did not answer. Try again in a moment.', code: 'social.provider_error', params: { provider: 'Google' } });
    } finally {
      await dead.close();
    }
  });
});

describe('GET user/provider/check/{provider} and DELETE user/provider/disconnect/{provider}', () => {
  const check = (token: string | undefined, name: string) =>
    api.call<Envelope<ApiProviderStatus> & ApiError>('GET', `user/provider/check/${name}`, token === undefined ? {} : { token });
  const disconnect = (token: string | undefined, name: string, headers: Record<string, string> = {}) =>
    api.call<Envelope<ApiProviderStatus> & ApiError>('DELETE', `user/provider/disconnect/${name}`, { ...(token === undefined ? {} : { token }), headers });

  it('tells whether a provider is linked (members and guests; visitors 401; unknown 404)', async () => {
    const token = (await signIn('google', googleUser('g-check', 'check@example.test'))).json.data.authorization.token;
    expect((await check(token, 'google')).json.data).toEqual({ provider: 'google', linked: true, available: true });
    expect((await check(token, 'facebook')).json.data).toEqual({ provider: 'facebook', linked: false, available: false });
    expect((await check((await api.guest()).authorization.token, 'google')).json.data.linked).toBe(false);
    expect((await check(undefined, 'google')).status).toBe(401);
    expect((await check(token, 'myspace')).status).toBe(404);
  });

  it('refuses to remove the only way to sign in, then removes it once there is another', async () => {
    const token = (await signIn('google', googleUser('g-only', 'only@example.test'))).json.data.authorization.token;
    const refused = await disconnect(token, 'google');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/only way to sign in/);
    await signIn('apple', { sub: 'apple-only', email: 'only@example.test' }, token);
    const headers = { 'idempotency-key': 'disconnect-google-1' };
    const ok = await disconnect(token, 'google', headers);
    expect(ok.json.data).toEqual({ provider: 'google', linked: false, available: true });
    expect((await disconnect(token, 'google', headers)).headers.get('idempotent-replayed')).toBe('true');
    expect((await disconnect(token, 'google')).status).toBe(404);
  });

  it('lets a provider-only member set a first password without a current one, then disconnect', async () => {
    const token = (await signIn('google', googleUser('g-first-pw', 'first-pw@example.test'))).json.data.authorization.token;
    expect((await api.call('PUT', 'user/password', { token, body: { password: 'a-first-password' } })).status).toBe(200);
    expect((await disconnect(token, 'google')).status).toBe(200);
    await api.login('first-pw@example.test', 'a-first-password');
  });

  it('lets a member with a password remove their only provider; guest 403, visitor 401', async () => {
    const member = await api.register('Password Pia');
    await signIn('google', googleUser('g-pia', 'pia-google@example.test'), member.authorization.token);
    expect((await disconnect(member.authorization.token, 'google')).status).toBe(200);
    expect((await disconnect((await api.guest()).authorization.token, 'google')).status).toBe(403);
    expect((await disconnect(undefined, 'google')).status).toBe(401);
  });
});
