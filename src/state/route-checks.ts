// SPEC §2 route-level checks, as pure functions of the tokens held (cookies, SPEC §4):
//   auth     - a member token; anyone else signs in first.
//   register - a member, not a guest; guests are invited to register, visitors go to '/'.
//   welcome  - any member or guest token; else '/'.
// src/routes/-checks.ts turns a redirect into the router's redirect().

export type HeldTokens = { hasMemberToken: boolean; hasGuestToken: boolean };
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
