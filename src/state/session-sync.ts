// Keeps the cookies (docs/product.md §4) and the worker's copy of the session in `meta` in step: cookies in
// at startup, tokens out after every sign-in, refresh or logout, wherever it happened. The store is
// the session; the cookies are its mirror, which a browser may refuse (issue #23 point 3): every
// change is also remembered for the checks of this page (src/state/held-session.ts).
import { liveQuery } from 'dexie';
import { getAuth } from '../model/meta';
import type { AuthResult, SessionTokens, SyncApi } from '../../worker/api-types';
import { GUEST_TOKEN_COOKIE, MEMBER_TOKEN_COOKIE, readCookie, writeCookie } from './cookies';
import { cookieTokens, rememberStoredTokens } from './held-session';

/** docs/product.md §4: logout (and a session ended at startup) sets this flag in session storage. */
export const LOGGED_OUT_FLAG = 'prayer-logged-out';

export function mirrorTokens(tokens: SessionTokens): void {
  if (tokens.memberToken !== readCookie(MEMBER_TOKEN_COOKIE)) writeCookie(MEMBER_TOKEN_COOKIE, tokens.memberToken);
  if (tokens.guestToken !== readCookie(GUEST_TOKEN_COOKIE)) writeCookie(GUEST_TOKEN_COOKIE, tokens.guestToken);
}

export function markLoggedOut(): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(LOGGED_OUT_FLAG, '1');
}

/** docs/product.md §4 401 rule: the timestamp of the last unanswered 401, in session storage (worker/unauthorized.ts). */
export const UNAUTHORIZED_AT_KEY = 'prayer-unauthorized-at';

export function readUnauthorizedAt(): number | null {
  if (typeof sessionStorage === 'undefined') return null;
  const at = Number(sessionStorage.getItem(UNAUTHORIZED_AT_KEY) ?? Number.NaN);
  return Number.isFinite(at) ? at : null;
}

export function writeUnauthorizedAt(at: number | null): void {
  if (typeof sessionStorage === 'undefined') return;
  if (at === null) sessionStorage.removeItem(UNAUTHORIZED_AT_KEY);
  else sessionStorage.setItem(UNAUTHORIZED_AT_KEY, String(at));
}

/** The store's tokens as they now are: remembered for this page's checks, then mirrored into the cookies. */
export function holdTokens(tokens: SessionTokens): void {
  rememberStoredTokens(tokens);
  mirrorTokens(tokens);
}

/** docs/product.md §4 startup flow, run by the worker (worker/auth.ts initSession); cookies follow. */
export async function syncSessionAtStartup(port: Pick<SyncApi, 'initSession'>): Promise<AuthResult> {
  const before = cookieTokens();
  const result = await port.initSession(before);
  if (result.ok) {
    holdTokens(result.tokens);
    const hadToken = before.memberToken !== null || before.guestToken !== null;
    if (hadToken && result.session.kind === 'anonymous') markLoggedOut();
  }
  return result;
}

/**
 * The docs/product.md §4 startup flow, then the cookie mirror. The mirror copies `meta` into the cookies, so
 * it starts only once the startup has put the cookies' tokens into `meta`: started before, its
 * first read of a `meta` without them (cookies set while the app was closed, local storage
 * cleared) deleted the token cookie, and the next check sent a signed-in person to the landing.
 */
export async function startSession(port: Pick<SyncApi, 'initSession'>): Promise<AuthResult> {
  const result = await syncSessionAtStartup(port);
  stopSessionMirror();
  stopMirror = watchSessionCookies();
  return result;
}

let stopMirror: (() => void) | null = null;

/** Ends the cookie mirror (one a page: a second startSession replaces it; tests end it after each). */
export function stopSessionMirror(): void {
  stopMirror?.();
  stopMirror = null;
}

/** Mirrors token changes made by the worker (refresh during a drain) into the cookies. */
function watchSessionCookies(): () => void {
  const subscription = liveQuery(getAuth).subscribe({
    next: (auth) => holdTokens({ memberToken: auth.memberToken, guestToken: auth.guestToken }),
    error: (err: unknown) => console.warn('session cookie mirror stopped', err),
  });
  return () => subscription.unsubscribe();
}
