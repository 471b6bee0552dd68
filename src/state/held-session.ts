// The page's knowledge of who is signed in (issue #23 point 3): the local store's tokens (meta.auth,
// written by the sync worker, worker/auth.ts) as last seen by this page, and the token cookies
// beside them. The route checks, the app shell and the language switch ask here, never the cookies
// alone: a browser that refuses the cookie (WebKit on http, privacy settings) still has a session.
// The decision itself is heldTokensOf (src/state/route-checks.ts).
import { getAuth } from '../model/meta';
import type { SessionTokens } from '../../worker/api-types';
import { GUEST_TOKEN_COOKIE, MEMBER_TOKEN_COOKIE, readCookie } from './cookies';
import { heldTokensOf, mustReadStore, type HeldTokens } from './route-checks';

/** How long a check waits for the local store before it goes on without it (a blocked open). */
const STORE_READ_TIMEOUT_MS = 3_000;

/**
 * What reading the local store told: its tokens, or that it could not be read: refused (`error`:
 * the browser keeps no data for this site) or no answer in time (`isTimeout`: maybe only slow).
 */
type StoreRead = { kind: 'read'; tokens: SessionTokens } | { kind: 'unavailable'; error: unknown; isTimeout: boolean };

class StoreReadTimeout extends Error {}

let stored: SessionTokens | null = null;
let isStoreRead = false;
let firstRead: Promise<StoreRead> | null = null;

export function cookieTokens(): SessionTokens {
  return { memberToken: readCookie(MEMBER_TOKEN_COOKIE), guestToken: readCookie(GUEST_TOKEN_COOKIE) };
}

/** The store's tokens as they now are (after a sign-in, a refresh, a logout, the startup flow). */
export function rememberStoredTokens(tokens: SessionTokens): void {
  stored = { memberToken: tokens.memberToken, guestToken: tokens.guestToken };
  isStoreRead = true;
}

/** `work`, or a rejection once `ms` have passed without an answer. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreReadTimeout(`The local store did not answer within ${String(ms)} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads the store's session now. 'unavailable' when the browser keeps no site data for this
 * site (IndexedDB blocked: cookies and site data refused, some private modes) or the open hangs.
 */
export async function readStoredSession(): Promise<StoreRead> {
  try {
    const auth = await within(getAuth(), STORE_READ_TIMEOUT_MS);
    const tokens = { memberToken: auth.memberToken, guestToken: auth.guestToken };
    rememberStoredTokens(tokens);
    return { kind: 'read', tokens };
  } catch (error) {
    return { kind: 'unavailable', error, isTimeout: error instanceof StoreReadTimeout };
  }
}

/** The tokens held, from what is known now (synchronous: the landing's skip and the app shell). */
export function heldTokens(): HeldTokens {
  return heldTokensOf(stored, cookieTokens());
}

/**
 * The tokens held, reading the store first when nothing known so far holds a token (once per
 * page: later changes arrive through rememberStoredTokens). For the guards of signed-in routes.
 */
export async function settledHeldTokens(): Promise<HeldTokens> {
  if (mustReadStore(stored, isStoreRead, cookieTokens())) {
    firstRead ??= readStoredSession();
    await firstRead;
  }
  return heldTokens();
}

/** The landing's redirect and the app shell's signed-out check: a member or guest token is held. */
export function hasAnyToken(): boolean {
  const { hasMemberToken, hasGuestToken } = heldTokens();
  return hasMemberToken || hasGuestToken;
}

/** Tests: forget what this page has seen of the store. */
export function forgetStoredTokens(): void {
  stored = null;
  isStoreRead = false;
  firstRead = null;
}
