// Issue #13 point 3: the destination a visitor carries through '/' (?next=) is a path of this app
// and nothing else (src/state/route-checks.ts safeNextPath): no open redirect, no loop back into
// the sign-in screens.
import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, invitePathCode, isSharedPostPath, nextSearch, safeNextPath } from '../../src/state/route-checks';

describe('safeNextPath(raw)', () => {
  it.each([
    ['/community/post/12', '/community/post/12'],
    ['/lists/3/item/4', '/lists/3/item/4'],
    ['/community?type=THANK#top', '/community?type=THANK#top'],
    ['/community/post/12/../13', '/community/post/13'],
    ['/pt/community/post/12', '/community/post/12'],
  ])('takes the app path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    ['another origin', 'https://evil.example/community'],
    ['a protocol-relative host', '//evil.example/community'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash later on', '/community\\..\\x'],
    ['a script', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,hi'],
    ['a relative path', 'community/post/1'],
    ['a tab smuggled in', '/\t/evil.example'],
    ['a newline', '/community\n/post'],
    ['the landing itself', '/'],
    ['the landing with a query', '/?next=/community'],
    ['the login screen', '/login'],
    ['the login screen, prefixed', '/es/login'],
    ['welcome back', '/login/welcome-back'],
    ['the register screen', '/register?need=lists'],
    ['a password reset', '/password-reset/abc'],
    ['a provider callback', '/auth/provider/callback/google'],
    ['an empty string', ''],
    ['something too long', `/community/${'a'.repeat(600)}`],
    ['not a string', 42],
    ['nothing', undefined],
  ])('refuses %s', (_case, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe('the ways in', () => {
  it('keep only a safe destination in their search', () => {
    expect(nextSearch({ next: '/community/post/5' })).toEqual({ next: '/community/post/5' });
    expect(nextSearch({ next: '//evil.example' })).toEqual({});
    expect(nextSearch({})).toEqual({});
    // The router merges the validated search over the raw one: an unsafe value must be overwritten.
    expect(nextSearch({ next: 'https://evil.example' })).toHaveProperty('next', undefined);
  });
  it('send someone signed in to the destination, else the community', () => {
    expect(destinationAfterSignIn('/community/post/5')).toBe('/community/post/5');
    expect(destinationAfterSignIn('https://evil.example')).toBe('/community');
    expect(destinationAfterSignIn(undefined)).toBe('/community');
  });
  it('tell a shared post from other destinations', () => {
    expect(isSharedPostPath('/community/post/5')).toBe(true);
    expect(isSharedPostPath('/community/post/5?x=1')).toBe(true);
    expect(isSharedPostPath('/community/post/-5')).toBe(false);
    expect(isSharedPostPath('/community')).toBe(false);
    expect(isSharedPostPath('/lists/5')).toBe(false);
    expect(isSharedPostPath('//evil.example/community/post/5')).toBe(false);
    expect(isSharedPostPath(undefined)).toBe(false);
  });
});

// Issue #49 major 5: the landing opens on an invite's card when it carries an invite link.
describe('invitePathCode(next)', () => {
  it('is the code of an invite link, with or without a language prefix, else null', () => {
    expect(invitePathCode('/g/8ARNHbOfLb0y')).toBe('8ARNHbOfLb0y');
    expect(invitePathCode('/pt/g/8ARNHbOf-b_y')).toBe('8ARNHbOf-b_y');
    expect(invitePathCode('/g/short')).toBeNull();
    expect(invitePathCode('/g/8ARNHbOfLb0y/extra')).toBeNull();
    expect(invitePathCode('//evil.example/g/8ARNHbOfLb0y')).toBeNull();
    expect(invitePathCode('/community/post/5')).toBeNull();
    expect(invitePathCode(undefined)).toBeNull();
  });
});
