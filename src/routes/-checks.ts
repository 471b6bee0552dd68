// The SPEC §2 checks (src/state/route-checks.ts) as `beforeLoad` guards: the tokens come from the
// cookies, synchronously, so a guard never waits for the database or the network.
import { redirect } from '@tanstack/react-router';
import { GUEST_TOKEN_COOKIE, MEMBER_TOKEN_COOKIE, readCookie } from '../state/cookies';
import { authCheck, registerCheck, signedInSkipCheck, welcomeCheck, type CheckResult, type HeldTokens } from '../state/route-checks';

function heldTokens(): HeldTokens {
  return { hasMemberToken: readCookie(MEMBER_TOKEN_COOKIE) !== null, hasGuestToken: readCookie(GUEST_TOKEN_COOKIE) !== null };
}

function enforce(check: (tokens: HeldTokens) => CheckResult): () => void {
  return () => {
    const result = check(heldTokens());
    if (result.kind === 'redirect') throw redirect({ to: result.to });
  };
}

export const requireAuth = enforce(authCheck);
/** A guest sent to Register from Lists is told why there (issue #12: lists need an account). */
export function requireRegistered(): void {
  const result = registerCheck(heldTokens());
  if (result.kind !== 'redirect') return;
  if (result.to === '/register') throw redirect({ to: '/register', search: { need: 'lists' } });
  throw redirect({ to: result.to });
}
export const requireWelcome = enforce(welcomeCheck);
export const skipWhenSignedIn = enforce(signedInSkipCheck);
