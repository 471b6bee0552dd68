// docs/product.md §2 route-level checks, by who holds which token.
import { describe, expect, it } from 'vitest';
import { authCheck, registerCheck, signedInSkipCheck, welcomeCheck, type HeldTokens } from '../../src/state/route-checks';

const visitor: HeldTokens = { hasMemberToken: false, hasGuestToken: false };
const guest: HeldTokens = { hasMemberToken: false, hasGuestToken: true };
const member: HeldTokens = { hasMemberToken: true, hasGuestToken: false };
const allow = { kind: 'allow' };
const to = (path: string) => ({ kind: 'redirect', to: path });

describe.each([
  // check, visitor, guest, member
  ['auth', authCheck, to('/login'), to('/login'), allow],
  ['register', registerCheck, to('/'), to('/register'), allow],
  ['welcome', welcomeCheck, to('/'), allow, allow],
  ['signed-in skip (/, /app-welcome)', signedInSkipCheck, allow, to('/community'), to('/community')],
] as const)('%s check', (_name, check, forVisitor, forGuest, forMember) => {
  it('a visitor without a token', () => expect(check(visitor)).toEqual(forVisitor));
  it('a guest', () => expect(check(guest)).toEqual(forGuest));
  it('a member', () => expect(check(member)).toEqual(forMember));
});

it('a member who also still holds a guest token counts as a member', () => {
  const both = { hasMemberToken: true, hasGuestToken: true };
  expect(authCheck(both)).toEqual(allow);
  expect(registerCheck(both)).toEqual(allow);
});
