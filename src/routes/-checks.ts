// The SPEC §2 checks (src/state/route-checks.ts) as `beforeLoad` guards: the tokens come from the
// cookies, synchronously, so a guard never waits for the database or the network. A visitor sent
// to '/' carries where they were going (?next=, issue #13 point 3), and '/' sends someone who
// already has a session on to it.
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { GUEST_TOKEN_COOKIE, MEMBER_TOKEN_COOKIE, readCookie } from '../state/cookies';
import {
  NEXT_PARAM, authCheck, destinationAfterSignIn, nextSearch, registerCheck, safeNextPath, signedInSkipCheck, welcomeCheck,
  type CheckResult, type HeldTokens, type NextSearch,
} from '../state/route-checks';

type GuardContext = { location: ParsedLocation };

function heldTokens(): HeldTokens {
  return { hasMemberToken: readCookie(MEMBER_TOKEN_COOKIE) !== null, hasGuestToken: readCookie(GUEST_TOKEN_COOKIE) !== null };
}

/**
 * `location` as the search of a way in ('/', /login) when it is a destination (a shared post's
 * link). The community itself is where everyone lands anyway: no `next` for it, a clean address.
 */
function carrying(location: ParsedLocation): NextSearch {
  const search = nextSearch({ [NEXT_PARAM]: location.href });
  return search.next === destinationAfterSignIn(undefined) ? {} : search;
}

function enforce(check: (tokens: HeldTokens) => CheckResult): (context: GuardContext) => void {
  return ({ location }) => {
    const result = check(heldTokens());
    if (result.kind !== 'redirect') return;
    if (result.to === '/' || result.to === '/login') throw redirect({ to: result.to, search: carrying(location) });
    throw redirect({ to: result.to });
  };
}

export const requireAuth = enforce(authCheck);
/** A guest sent to Register from Lists is told why there (issue #12: lists need an account). */
export function requireRegistered({ location }: GuardContext): void {
  const result = registerCheck(heldTokens());
  if (result.kind !== 'redirect') return;
  if (result.to === '/register') throw redirect({ to: '/register', search: { need: 'lists' } });
  if (result.to === '/') throw redirect({ to: '/', search: carrying(location) });
  throw redirect({ to: result.to });
}
export const requireWelcome = enforce(welcomeCheck);

/** '/' and '/app-welcome' with a session: on to the carried destination, else the community. */
export function skipWhenSignedIn({ location }: GuardContext): void {
  const result = signedInSkipCheck(heldTokens());
  if (result.kind !== 'redirect') return;
  const next = safeNextPath((location.search as Record<string, unknown>)[NEXT_PARAM]);
  if (next !== null) throw redirect({ href: next, replace: true });
  throw redirect({ to: result.to });
}
