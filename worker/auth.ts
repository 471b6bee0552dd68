// Session calls of docs/product.md §4 run by the sync worker, the only code that talks to /api/v1. The
// session lives in `meta` (for the worker and the service worker); the page mirrors the tokens
// into cookies from the returned AuthResult (src/state/auth.ts).
import { AUTH_LOCK, SYNC_LOCK } from '../common/constants';
import type { ApiError, ApiUser, AuthResponse, GuestAuthResponse, LoginBody, RegisterBody } from '../common/contract';
import { clearAllTables, db, writeTables } from '../src/model/db';
import { bearerToken, getAuth, setMeta, updateAuth, viewerId } from '../src/model/meta';
import { EMPTY_AUTH, type AuthMeta } from '../src/model/meta-types';
import { readChannel } from '../src/db/reads';
import type { ApiClient, ApiResult } from './api-client';
import type { ProviderCallbackResponse } from '../common/account-contract';
import type { CallResult, DeleteLink, ProviderCallbackQuery, ResetPasswordBody } from './account-types';
import type { AuthResult, LogoutOptions, LogoutResult, SessionInfo, SessionTokens } from './api-types';
import { withLock } from './locks';
import { adoptViewer } from './viewer';

export function sessionOf(auth: AuthMeta): SessionInfo {
  if (auth.memberToken) return { kind: 'member', user: auth.user };
  if (auth.guestToken) return { kind: 'guest', user: auth.guest };
  return { kind: 'anonymous', user: null };
}

function okResult(auth: AuthMeta): AuthResult {
  return { ok: true, session: sessionOf(auth), tokens: { memberToken: auth.memberToken, guestToken: auth.guestToken } };
}

/**
 * Stores a new session. Rows carry viewer-specific values, so a different viewer rebuilds them
 * (worker/viewer.ts); the outbox stays, each entry held for its own account
 * (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
 */
async function storeSession(next: AuthMeta): Promise<AuthMeta> {
  await db.transaction('rw', writeTables(), async () => {
    await setMeta('auth', next);
    await adoptViewer(viewerId(next));
  });
  return next;
}

function memberSession(data: AuthResponse): AuthMeta {
  // docs/product.md §4: login or registration clears the guest state.
  return { memberToken: data.authorization.token, user: data.user, guestToken: null, guest: null, expired: false };
}

function guestSession(auth: AuthMeta, data: GuestAuthResponse): AuthMeta {
  return { ...auth, guestToken: data.authorization.token, guest: data.guest, expired: false };
}

async function finish<T>(result: ApiResult<T>, toSession: (data: T) => Promise<AuthMeta>): Promise<AuthResult> {
  if (!result.ok) return { ok: false, error: result.error };
  return okResult(await storeSession(await toSession(result.data)));
}

export async function guestLogin(api: ApiClient): Promise<AuthResult> {
  const [auth, channel] = await Promise.all([getAuth(), readChannel()]);
  const body = { channel_id: channel.channelId, language: channel.lang, ...(auth.guestToken ? { guest_token: auth.guestToken } : {}) };
  const result = await api.call<GuestAuthResponse>({ method: 'POST', path: 'guest/login', body, token: null });
  return finish(result, async (data) => guestSession(await getAuth(), data));
}

export async function login(api: ApiClient, body: LoginBody): Promise<AuthResult> {
  const result = await api.call<AuthResponse>({ method: 'POST', path: 'auth/login', body: { ...body }, token: null, botCheck: { action: 'login', inBody: true } });
  return finish(result, async (data) => memberSession(data));
}

/** A guest's token goes along, so the server turns that guest into the member (same id). */
export async function register(api: ApiClient, body: RegisterBody): Promise<AuthResult> {
  const channel = await readChannel();
  const payload = { channel_id: channel.channelId, language: channel.lang, ...body };
  const result = await api.call<AuthResponse>({ method: 'POST', path: 'auth/register', body: payload, botCheck: { action: 'register', inBody: true } });
  return finish(result, async (data) => memberSession(data));
}

/** POST auth/reset-password: the server signs this session in, like a login (docs/product.md §4). */
export async function resetPassword(api: ApiClient, body: ResetPasswordBody): Promise<AuthResult> {
  const result = await api.call<AuthResponse>({ method: 'POST', path: 'auth/reset-password', body: { ...body }, token: null });
  return finish(result, async (data) => memberSession(data));
}

/**
 * GET auth/provider/callback/{provider}?code&state (docs/api.md social sign-in). The session's
 * token goes along: a member's links the provider, a guest's makes the guest that member.
 */
export async function providerCallback(api: ApiClient, { provider, query }: ProviderCallbackQuery): Promise<AuthResult & { created?: boolean; linked?: boolean }> {
  const result = await api.call<ProviderCallbackResponse>({ path: `auth/provider/callback/${provider}`, query });
  const settled = await finish(result, async (data) => memberSession(data));
  return result.ok && settled.ok ? { ...settled, created: result.data.created, linked: result.data.linked } : settled;
}

/**
 * POST user/delete-confirm (the mailed link is the proof; no session needed). When the deleted
 * account is the one signed in here, its local session and rows end with it.
 */
export async function confirmDelete(api: ApiClient, link: DeleteLink): Promise<CallResult<{ message: string; signedOut: boolean }>> {
  const result = await api.call<{ message: string }>({ method: 'POST', path: 'user/delete-confirm', body: { ...link } });
  if (!result.ok) return { ok: false, error: result.error };
  const auth = await getAuth();
  const isViewer = viewerId(auth) === link.user_id;
  if (isViewer) await withLock(SYNC_LOCK, () => clearAllTables());
  return { ok: true, data: { message: result.data.message, signedOut: isViewer } };
}

async function callRefresh(api: ApiClient, auth: AuthMeta, token: string): Promise<ApiResult<AuthMeta>> {
  if (auth.memberToken) {
    const res = await api.call<AuthResponse>({ method: 'POST', path: 'auth/refresh', token });
    return res.ok ? { ...res, data: memberSession(res.data) } : res;
  }
  const res = await api.call<GuestAuthResponse>({ method: 'POST', path: 'guest/refresh', token });
  return res.ok ? { ...res, data: guestSession(auth, res.data) } : res;
}

/**
 * The unauthorized handler of docs/product.md §4: refresh the token the server rejected. Under AUTH_LOCK,
 * so that of two contexts hit by the same 401 only one refreshes (the server revokes the old
 * token on refresh; a second refresh with it would fail): a token already replaced is just
 * retried. Otherwise the 401 rule decides (worker/unauthorized.ts): within 10 s of the last
 * unanswered 401 the error is rejected, so a broken session cannot loop. A refused refresh marks
 * the session expired: the outbox is kept, held until the account signs in again (drain.ts).
 * True = retry the request with the new token.
 */
export async function refreshAuth(api: ApiClient, rejectedToken: string | null): Promise<boolean> {
  return withLock(AUTH_LOCK, async () => {
    const auth = await getAuth();
    const current = bearerToken(auth);
    if (!current) return false;
    if (current !== rejectedToken) return true;
    if ((await api.unauthorized.onUnauthorized()) === 'reject') return false;
    const result = await callRefresh(api, auth, current);
    // A sign-in stored meanwhile (a guest registering revokes the guest's tokens, issue #12) wins:
    // the refreshed or refused guest token must not overwrite it or mark it expired. Retry with it.
    if (bearerToken(await getAuth()) !== current) return true;
    if (result.ok) {
      await setMeta('auth', result.data);
      return true;
    }
    // No answer or a server error says nothing about the token: keep it and try again later.
    if (result.status !== 0 && result.status < 500) await updateAuth({ expired: true });
    return false;
  });
}

type ProfileCheck = 'loaded' | 'cleared' | 'kept';

/** GET auth/me or guest/me; 401 -> refresh -> again; a refused refresh ends that session only. */
async function checkProfile(api: ApiClient, kind: 'member' | 'guest'): Promise<ProfileCheck> {
  const path = kind === 'member' ? 'auth/me' : 'guest/me';
  const fetchProfile = () => api.call<{ user?: ApiUser; guest?: ApiUser }>({ path });
  let result = await fetchProfile();
  if (!result.ok && result.status === 401) {
    const token = bearerToken(await getAuth());
    if (await refreshAuth(api, token)) result = await fetchProfile();
  }
  if (result.ok) {
    const profile = result.data.user ?? result.data.guest ?? null;
    await storeSession({ ...(await getAuth()), ...(kind === 'member' ? { user: profile } : { guest: profile }), expired: false });
    return 'loaded';
  }
  if (result.status === 0 || result.status >= 500) return 'kept';
  // docs/product.md §4: a failed member fetch clears the member auth; a failed guest fetch the guest only.
  await updateAuth(kind === 'member' ? { memberToken: null, user: null, expired: false } : { guestToken: null, guest: null, expired: false });
  return 'cleared';
}

/** The copy in meta wins over cookies (the worker may have refreshed the token since). */
function adoptTokens(auth: AuthMeta, tokens: SessionTokens): AuthMeta {
  if (auth.memberToken || auth.guestToken) return auth;
  return { ...EMPTY_AUTH, memberToken: tokens.memberToken, guestToken: tokens.guestToken };
}

/**
 * docs/product.md §4 startup: both tokens -> the guest auth is reset; a token -> its profile is fetched
 * (refreshing on 401; a failure ends that session). Offline, the cached profile is kept.
 */
export async function initSession(api: ApiClient, tokens: SessionTokens): Promise<AuthResult> {
  let auth = adoptTokens(await getAuth(), tokens);
  if (auth.memberToken && auth.guestToken) auth = { ...auth, guestToken: null, guest: null };
  await setMeta('auth', auth);
  if (auth.memberToken) await checkProfile(api, 'member');
  else if (auth.guestToken) await checkProfile(api, 'guest');
  return okResult(await getAuth());
}

/** docs/product.md §8: logout with no session. */
export const NOT_LOGGED_IN = 'You are not logged in';

/** docs/product.md §8: the server's own 422 (its words); offline, the same error made here. */
async function notLoggedIn(api: ApiClient): Promise<ApiError> {
  const answer = await api.call({ method: 'POST', path: 'auth/logout', token: null });
  if (!answer.ok && answer.status === 422) return answer.error;
  return { status: 422, message: NOT_LOGGED_IN, code: 'auth.not_logged_in' };
}

/**
 * docs/product.md §4 logout: revoke the token on the server (best effort: offline, the local session still
 * ends) and clear every local table. Unsent outbox entries are never dropped silently
 * (docs/architecture/sync-protocol.md 'Outbox and sync protocol'): without `force` the logout is
 * refused with the count so the UI can ask first. Holds SYNC_LOCK so no drain or pull writes into
 * the tables while they are cleared.
 */
export async function logout(api: ApiClient, options: LogoutOptions): Promise<LogoutResult> {
  return withLock(SYNC_LOCK, async () => {
    const auth = await getAuth();
    if (!auth.memberToken && !auth.guestToken) return { ok: false, unsent: 0, error: await notLoggedIn(api) };
    const unsent = await db.outbox.count();
    if (unsent > 0 && !options.force) {
      const message = `${unsent} change${unsent === 1 ? ' is' : 's are'} not sent yet and would be lost.`;
      return { ok: false, unsent, error: { status: 409, message } };
    }
    await api.call({ method: 'POST', path: 'auth/logout' });
    await clearAllTables();
    return { ok: true };
  });
}
