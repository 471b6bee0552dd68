// Issue #28 item 6 (common/app-badge.ts): the unread count goes on the app icon through the Badging
// API where the browser has it, is cleared at 0, and a browser without it (Firefox, WebKitGTK) or
// one that refuses (the app not installed) is no error. The Badging API is a browser surface the
// tests cannot observe, so a recording navigator stands in for it.
import { describe, expect, it, vi } from 'vitest';
import { pushBadgeOf, showAppBadge, type BadgeNavigator } from '../../common/app-badge';

function recorder(): { nav: Required<BadgeNavigator>; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    nav: {
      setAppBadge: async (contents?: number) => { calls.push(contents === undefined ? 'set()' : `set(${contents})`); },
      clearAppBadge: async () => { calls.push('clear'); },
    },
  };
}

describe('showAppBadge', () => {
  it('sets the count, clears it at 0, and sets the plain mark for an unknown count', async () => {
    const { nav, calls } = recorder();
    await showAppBadge(3, nav);
    await showAppBadge(12, nav);
    await showAppBadge(0, nav);
    await showAppBadge(null, nav);
    expect(calls).toEqual(['set(3)', 'set(12)', 'clear', 'set()']);
  });

  it('clears with setAppBadge(0) where clearAppBadge is missing', async () => {
    const calls: number[] = [];
    await showAppBadge(0, { setAppBadge: async (n?: number) => { calls.push(n ?? -1); } });
    expect(calls).toEqual([0]);
  });

  it('is no error without the API, without a navigator, or when the browser refuses', async () => {
    await expect(showAppBadge(5, {})).resolves.toBeUndefined();
    await expect(showAppBadge(5, undefined)).resolves.toBeUndefined();
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const refusing: BadgeNavigator = { setAppBadge: () => Promise.reject(new DOMException('not installed', 'NotAllowedError')) };
    await expect(showAppBadge(5, refusing)).resolves.toBeUndefined();
    expect(debug).toHaveBeenCalledTimes(1);
    debug.mockRestore();
  });
});

describe('pushBadgeOf', () => {
  it('reads the count of a plain Web Push payload and of an FCM data message', () => {
    expect(pushBadgeOf({ title: 'x', body: 'y', url: '/', badge: 4 })).toBe(4);
    expect(pushBadgeOf({ data: { title: 'x', badge: '17' } })).toBe(17);
    expect(pushBadgeOf({ data: { badge: '0' } })).toBe(0);
  });

  it('is null for a payload without a count or with anything else', () => {
    for (const payload of [null, 'text', { title: 'x' }, { badge: -1 }, { badge: 1.5 }, { badge: 'many' }, { data: { badge: '1e9' } }, { data: null }]) {
      expect(pushBadgeOf(payload), JSON.stringify(payload)).toBeNull();
    }
  });
});
