// The OAuth 2 authorization-code flow against a configured provider (Google, Facebook, Apple; URLs
// overridable by environment, accounts-config.ts). The state is stateless and signed with the app
// secret (provider, nonce, expiry); the PKCE verifier is derived from the state by HMAC, so the
// callback can recompute it without any server-side storage.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { SocialProvider } from '../../common/account-contract';
import { providerLabel, type AccountsConfig, type OAuthProviderConfig } from '../accounts-config';
import { HttpError, httpError } from '../http/errors';
import { notAvailable } from './provider-links';
import { safeEqual, sign, type SecretSource } from './signed-links';

const STATE_TTL_MS = 10 * 60_000;
const TIMEOUT_MS = 10_000;

export type ProviderIdentity = { id: string; email: string | null; emailVerified: boolean; name: string | null; avatar: string | null };
type OAuthConfig = SecretSource & Pick<AccountsConfig, 'oauth'>;

export function providerConfig(config: Pick<AccountsConfig, 'oauth'>, provider: SocialProvider): OAuthProviderConfig {
  const settings = config.oauth[provider];
  if (settings === undefined) throw notAvailable(provider);
  return settings;
}

const statePayload = z.object({ p: z.string(), n: z.string(), e: z.number() });

function createState(config: SecretSource, provider: SocialProvider, now: number): string {
  const body = Buffer.from(JSON.stringify({ p: provider, n: randomBytes(12).toString('base64url'), e: now + STATE_TTL_MS })).toString('base64url');
  return `${body}.${sign(config, 'oauth-state', body)}`;
}

function invalidState(provider: SocialProvider): HttpError {
  return new HttpError(422, `This sign-in with ${providerLabel(provider)} has expired or was not started here. Please try again.`, {
    state: ['The sign-in state is invalid or has expired'],
  }, { code: 'social.expired', params: { provider: providerLabel(provider) } });
}

function verifyState(config: SecretSource, provider: SocialProvider, state: string, now = Date.now()): void {
  const [body = '', signature = ''] = state.split('.');
  if (!safeEqual(signature, sign(config, 'oauth-state', body))) throw invalidState(provider);
  let payload: z.infer<typeof statePayload>;
  try {
    payload = statePayload.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    throw invalidState(provider);
  }
  if (payload.p !== provider || payload.e < now) throw invalidState(provider);
}

function pkceVerifier(config: SecretSource, state: string): string {
  return sign(config, 'pkce', state);
}

export function authorizationUrl(config: OAuthConfig, provider: SocialProvider, now = Date.now()): { url: string; state: string } {
  const settings = providerConfig(config, provider);
  const state = createState(config, provider, now);
  const url = new URL(settings.authUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', settings.redirectUri);
  if (settings.scope !== '') url.searchParams.set('scope', settings.scope);
  url.searchParams.set('state', state);
  if (settings.pkce) {
    url.searchParams.set('code_challenge', createHash('sha256').update(pkceVerifier(config, state)).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return { url: url.toString(), state };
}

async function callProvider(provider: SocialProvider, url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw httpError(502, 'social.provider_error', `${providerLabel(provider)} did not answer. Try again in a moment.`, { provider: providerLabel(provider) });
  }
  // A refused code (used, expired, forged) is the caller's problem, not ours: 422, not 5xx.
  if (!response.ok) throw httpError(422, 'social.failed', `Sign-in with ${providerLabel(provider)} failed. Please try again.`, { provider: providerLabel(provider) });
  try {
    return await response.json();
  } catch {
    throw httpError(502, 'social.provider_error', `${providerLabel(provider)} sent an answer we could not read.`, { provider: providerLabel(provider) });
  }
}

const tokenResponse = z.object({ access_token: z.string().min(1), id_token: z.string().optional() });

const identityClaims = z.looseObject({
  sub: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  name: z.string().optional(),
  picture: z.union([z.string(), z.object({ data: z.object({ url: z.string() }) })]).optional(),
});

function decodeJwtClaims(jwt: string): unknown {
  const payload = jwt.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function toIdentity(provider: SocialProvider, raw: unknown, clientId: string, fromIdToken: boolean): ProviderIdentity {
  const parsed = identityClaims.safeParse(raw);
  const claims = parsed.success ? parsed.data : undefined;
  const id = claims?.sub ?? claims?.id;
  // The id_token came straight from the token endpoint over TLS (OIDC Core 3.1.3.7): its audience
  // is checked, its signature is not needed.
  const audOk = !fromIdToken || claims?.aud === clientId || (Array.isArray(claims?.aud) && claims.aud.includes(clientId));
  if (claims === undefined || id === undefined || !audOk) throw httpError(502, 'social.provider_error', `${providerLabel(provider)} did not say who you are.`, { provider: providerLabel(provider) });
  const picture = typeof claims.picture === 'string' ? claims.picture : claims.picture?.data.url;
  return {
    id: String(id),
    email: claims.email?.trim().toLowerCase() || null,
    // Providers that do not say (Facebook) only return confirmed addresses.
    emailVerified: claims.email_verified !== false && claims.email_verified !== 'false',
    name: claims.name?.trim() || null,
    avatar: picture !== undefined && /^https:\/\//.test(picture) ? picture : null,
  };
}

/** Exchanges the code of the callback for the provider's identity of the person. */
export async function fetchIdentity(config: OAuthConfig, provider: SocialProvider, code: string, state: string): Promise<ProviderIdentity> {
  const settings = providerConfig(config, provider);
  verifyState(config, provider, state);
  const form = new URLSearchParams({
    grant_type: 'authorization_code', code, redirect_uri: settings.redirectUri, client_id: settings.clientId, client_secret: settings.clientSecret,
  });
  if (settings.pkce) form.set('code_verifier', pkceVerifier(config, state));
  const tokens = tokenResponse.safeParse(await callProvider(provider, settings.tokenUrl, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form,
  }));
  if (!tokens.success) throw httpError(502, 'social.provider_error', `${providerLabel(provider)} sent an answer we could not read.`, { provider: providerLabel(provider) });
  if (settings.userinfoUrl === undefined) {
    return toIdentity(provider, decodeJwtClaims(tokens.data.id_token ?? ''), settings.clientId, true);
  }
  const profile = await callProvider(provider, settings.userinfoUrl, {
    headers: { authorization: `Bearer ${tokens.data.access_token}`, accept: 'application/json' },
  });
  return toIdentity(provider, profile, settings.clientId, false);
}
