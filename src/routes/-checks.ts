// The route checks (src/state/route-checks.ts) as `beforeLoad` guards. The tokens held are the
// local store's session first, then the cookies (src/state/held-session.ts, issue #23 point 3): a
// cookie or a store already read answers at once; a browser that refused the cookie waits for one
// local read, never the network. A visitor sent to '/' carries where they were going (?next=,
// issue #13 point 3), and '/' sends someone who already has a session on to it.
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { heldTokens, settledHeldTokens } from '../state/held-session';
import {
  NEXT_PARAM, authCheck, destinationAfterSignIn, nextSearch, registerCheck, safeNextPath, signedInSkipCheck, welcomeCheck,
  type CheckResult, type HeldTokens, type NextSearch,
} from '../state/route-checks';

type GuardContext = { location: ParsedLocation };

/**
 * `location` as the search of a way in ('/', /login) when it is a destination (a shared post's
 * link). The community itself is where everyone lands anyway: no `next` for it, a clean address.
 */
function carrying(location: ParsedLocation): NextSearch {
  const search = nextSearch({ [NEXT_PARAM]: location.href });
  return search.next === destinationAfterSignIn(undefined) ? {} : search;
}

function enforce(check: (tokens: HeldTokens) => CheckResult): (context: GuardContext) => Promise<void> {
  return async ({ location }) => {
    const result = check(await settledHeldTokens());
    if (result.kind !== 'redirect') return;
    if (result.to === '/' || result.to === '/login') throw redirect({ to: result.to, search: carrying(location) });
    throw redirect({ to: result.to });
  };
}

export const requireAuth = enforce(authCheck);
/**
 * A guest sent to Register from Lists is told why there (issue #12: lists need an account), and
 * comes back to the list they wanted once registered (issue #26 point 6).
 */
export async function requireRegistered({ location }: GuardContext): Promise<void> {
  const result = registerCheck(await settledHeldTokens());
  if (result.kind !== 'redirect') return;
  if (result.to === '/register') throw redirect({ to: '/register', search: { need: 'lists', ...carrying(location) } });
  if (result.to === '/') throw redirect({ to: '/', search: carrying(location) });
  throw redirect({ to: result.to });
}
export const requireWelcome = enforce(welcomeCheck);

/**
 * '/' and '/app-welcome' with a session: on to the carried destination, else the community. It
 * does not wait for the store (a first visit's landing must not); a session the cookie does not
 * show is found by the landing's own read (src/components/landing-actions.tsx).
 */
export function skipWhenSignedIn({ location }: GuardContext): void {
  const result = signedInSkipCheck(heldTokens());
  if (result.kind !== 'redirect') return;
  const next = safeNextPath((location.search as Record<string, unknown>)[NEXT_PARAM]);
  if (next !== null) throw redirect({ href: next, replace: true });
  throw redirect({ to: result.to });
}
