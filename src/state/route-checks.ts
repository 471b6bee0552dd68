// Route-level checks, as pure functions of the tokens held (the local store's session
// first, the cookies second: heldTokensOf below; issue #23 point 3):
//   auth     - a member token; anyone else signs in first.
//   register - a member, not a guest; guests are invited to register, visitors go to '/'.
//   welcome  - any member or guest token; else '/'.
// src/routes/-checks.ts turns a redirect into the router's redirect(). A visitor sent to '/' carries
// where they were going (?next=, issue #13 point 3: a shared post's link), checked by safeNextPath.
import { splitLocalePrefix } from '../i18n/locale-prefix';
import { INVITE_CODE_PATTERN } from '../../common/group-contract';
import type { SessionTokens } from '../../worker/api-types';

export type HeldTokens = { hasMemberToken: boolean; hasGuestToken: boolean };

function hasToken(tokens: SessionTokens | null): tokens is SessionTokens {
  return tokens !== null && (tokens.memberToken !== null || tokens.guestToken !== null);
}

/**
 * Who is signed in on this device (issue #23 point 3). The session lives in the local store
 * (meta.auth, worker/auth.ts); the token cookies are only its mirror, and a browser may refuse
 * them (WebKit drops `Secure` cookies on http, privacy settings block them). So the store's
 * tokens decide when it holds any; the cookies count only when it holds none, or has not been
 * read yet: that is the startup flow bringing a session to a device whose store is
 * empty (worker/auth.ts adoptTokens, the same rule). `store` null: not read yet, or unreadable.
 */
export function heldTokensOf(store: SessionTokens | null, cookies: SessionTokens): HeldTokens {
  const source = hasToken(store) ? store : cookies;
  return { hasMemberToken: source.memberToken !== null, hasGuestToken: source.guestToken !== null };
}

/**
 * Whether a check must wait for the store before it answers: only when nothing known so far
 * holds a token. A cookie, or a store already read, answers at once (a guard stays synchronous
 * for nearly everyone); a browser that refused the cookie waits for one local read.
 */
export function mustReadStore(store: SessionTokens | null, isStoreRead: boolean, cookies: SessionTokens): boolean {
  return !isStoreRead && !hasToken(store) && !hasToken(cookies);
}
export type CheckResult = { kind: 'allow' } | { kind: 'redirect'; to: '/' | '/login' | '/register' | '/community' };

const allow: CheckResult = { kind: 'allow' };

export function authCheck(tokens: HeldTokens): CheckResult {
  return tokens.hasMemberToken ? allow : { kind: 'redirect', to: '/login' };
}

export function registerCheck(tokens: HeldTokens): CheckResult {
  if (tokens.hasMemberToken) return allow;
  return { kind: 'redirect', to: tokens.hasGuestToken ? '/register' : '/' };
}

export function welcomeCheck(tokens: HeldTokens): CheckResult {
  return tokens.hasMemberToken || tokens.hasGuestToken ? allow : { kind: 'redirect', to: '/' };
}

/** '/' and '/app-welcome': someone who already has a session goes straight to the community. */
export function signedInSkipCheck(tokens: HeldTokens): CheckResult {
  return tokens.hasMemberToken || tokens.hasGuestToken ? { kind: 'redirect', to: '/community' } : allow;
}

/** The query parameter that carries a visitor's destination through '/', /login and /register. */
export const NEXT_PARAM = 'next';

/** Paths that are a way in, not a destination: going "back" there after signing in would loop. */
const NOT_DESTINATIONS = ['/login', '/register', '/forgot-password', '/password-reset', '/auth', '/welcome', '/app-welcome', '/old/login'];
const PARSE_BASE = 'https://app.invalid';
const MAX_NEXT_LENGTH = 512;

/** C0 controls and DEL: a newline or tab inside an address is never one this app wrote. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Issue #13 point 3: `raw` as a destination inside this app, or null. Only an absolute path of
 * this origin is taken: no scheme, no '//host' or '/\\host' (browsers read both as another
 * host), no control characters, nothing that only resolves elsewhere; '/' and the sign-in
 * screens are no destination. The result is the path, its query and its hash, normalised.
 */
export function safeNextPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_NEXT_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PARSE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== PARSE_BASE) return null;
  // '/pt/login' is the login screen too: the locale prefix (src/i18n/locale-prefix.ts) is dropped,
  // and the router adds the current language's when it goes there.
  const pathname = splitLocalePrefix(url.pathname).path;
  if (pathname === '/' || NOT_DESTINATIONS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return null;
  return `${pathname}${url.search}${url.hash}`;
}

/** Where someone goes once they have a session: the carried destination if it is safe, else the community. */
export function destinationAfterSignIn(next: unknown): string {
  return safeNextPath(next) ?? '/community';
}

/**
 * The search of a way in ('/', /login, /register) that carries a destination: only a safe one is
 * kept. An unsafe one is overwritten with undefined, not left out: the router merges a route's
 * validated search over the raw one, so a key left out would come through as it was typed.
 */
export type NextSearch = { next?: string | undefined };

export function nextSearch(search: Record<string, unknown>): NextSearch {
  const next = safeNextPath(search[NEXT_PARAM]);
  return { next: next ?? undefined };
}

/** A post's public address (what the Share action sends), as a safe destination: the landing says so. */
export function isSharedPostPath(next: unknown): boolean {
  const path = safeNextPath(next);
  return path !== null && /^\/community\/post\/[1-9]\d*$/.test(new URL(path, PARSE_BASE).pathname);
}

/**
 * The invite code of a group's invite link (/g/<code>) as a safe destination, else null: the
 * landing opens on the invite's card instead of the generic page (issue #49 major 5).
 */
export function invitePathCode(next: unknown): string | null {
  const path = safeNextPath(next);
  if (path === null) return null;
  const match = /^\/g\/([\w-]+)$/.exec(splitLocalePrefix(new URL(path, PARSE_BASE).pathname).path);
  return match?.[1] !== undefined && INVITE_CODE_PATTERN.test(match[1]) ? match[1] : null;
}
