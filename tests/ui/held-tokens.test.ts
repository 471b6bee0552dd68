// Issue #23 point 3: who is signed in is decided from the local store's session first, the token
// cookies second (src/state/route-checks.ts heldTokensOf), and a check waits for the store only
// when nothing known so far holds a token (mustReadStore).
import { describe, expect, it } from 'vitest';
import { heldTokensOf, mustReadStore } from '../../src/state/route-checks';

const none = { memberToken: null, guestToken: null };
const guestOnly = { memberToken: null, guestToken: 'g' };
const memberOnly = { memberToken: 'm', guestToken: null };

describe('heldTokensOf', () => {
  it('a browser that refused the cookie: the store says who is signed in', () => {
    expect(heldTokensOf(guestOnly, none)).toEqual({ hasMemberToken: false, hasGuestToken: true });
    expect(heldTokensOf(memberOnly, none)).toEqual({ hasMemberToken: true, hasGuestToken: false });
  });

  it('an empty store (or one not read yet): the cookie brings the session (the startup flow)', () => {
    expect(heldTokensOf(none, memberOnly)).toEqual({ hasMemberToken: true, hasGuestToken: false });
    expect(heldTokensOf(null, guestOnly)).toEqual({ hasMemberToken: false, hasGuestToken: true });
  });

  it('the store wins over a cookie that disagrees (the worker may have moved on: a guest who registered)', () => {
    expect(heldTokensOf(memberOnly, guestOnly)).toEqual({ hasMemberToken: true, hasGuestToken: false });
  });

  it('nothing anywhere: a visitor', () => {
    expect(heldTokensOf(none, none)).toEqual({ hasMemberToken: false, hasGuestToken: false });
    expect(heldTokensOf(null, none)).toEqual({ hasMemberToken: false, hasGuestToken: false });
  });
});

describe('mustReadStore', () => {
  it('waits for the store only when it was not read and no cookie holds a token', () => {
    expect(mustReadStore(null, false, none)).toBe(true);
    expect(mustReadStore(null, false, guestOnly)).toBe(false);
    expect(mustReadStore(none, true, none)).toBe(false);
    expect(mustReadStore(memberOnly, true, none)).toBe(false);
  });
});
