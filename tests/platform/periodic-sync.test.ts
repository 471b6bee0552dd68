// Issue #13 point 6: the installed app registers Periodic Background Sync only when it runs
// installed (display-mode standalone), the registration offers periodicSync, and the
// 'periodic-background-sync' permission is granted; every other combination registers nothing.
import { describe, expect, it, vi } from 'vitest';
import { PERIODIC_REFRESH_MIN_INTERVAL_MS, PERIODIC_REFRESH_TAG } from '../../common/periodic-refresh';
import { registerPeriodicRefreshIn, shouldRegisterPeriodicRefresh } from '../../src/platform/periodic-sync';

type Registered = { tag: string; minInterval: number }[];

/** A registration shaped like Chromium's, recording what is registered; `periodic: false` has none. */
function registrationOf(periodic: boolean, registered: Registered): object {
  if (!periodic) return { sync: {} };
  return { periodicSync: { register: (tag: string, options: { minInterval: number }) => Promise.resolve(void registered.push({ tag, ...options })) } };
}

/** permissions.query answering `state` for the periodic-background-sync name, or rejecting it. */
function permissionsOf(state: PermissionState | 'unknown-name') {
  return {
    query: vi.fn((descriptor: { name: string }) => {
      if (state === 'unknown-name' || descriptor.name !== 'periodic-background-sync') return Promise.reject(new TypeError('not a valid PermissionName'));
      return Promise.resolve({ state });
    }),
  };
}

describe('the periodic sync registration', () => {
  const cases: [boolean, boolean, PermissionState | 'unknown-name'][] = [];
  for (const standalone of [true, false]) for (const periodic of [true, false]) for (const state of ['granted', 'prompt', 'denied', 'unknown-name'] as const) cases.push([standalone, periodic, state]);

  it.each(cases)('standalone %s, periodicSync %s, permission %s', async (standalone, periodic, state) => {
    const registered: Registered = [];
    const outcome = await registerPeriodicRefreshIn({
      isStandalone: () => standalone,
      registration: () => Promise.resolve(registrationOf(periodic, registered)),
      permissions: permissionsOf(state),
    });
    const expected = standalone && periodic && state === 'granted';
    expect(outcome).toBe(expected ? 'registered' : 'skipped');
    expect(registered).toEqual(expected ? [{ tag: PERIODIC_REFRESH_TAG, minInterval: PERIODIC_REFRESH_MIN_INTERVAL_MS }] : []);
  });

  it('registers nothing without a service worker or a Permissions API', async () => {
    const registered: Registered = [];
    expect(await registerPeriodicRefreshIn({ isStandalone: () => true, registration: () => Promise.resolve(null), permissions: permissionsOf('granted') })).toBe('skipped');
    expect(await registerPeriodicRefreshIn({ isStandalone: () => true, registration: () => Promise.resolve(registrationOf(true, registered)), permissions: undefined })).toBe('skipped');
    expect(registered).toEqual([]);
  });

  it('asks for at least twelve hours between runs', () => {
    expect(PERIODIC_REFRESH_MIN_INTERVAL_MS).toBe(12 * 60 * 60 * 1000);
    expect(shouldRegisterPeriodicRefresh({ isStandalone: true, hasPeriodicSync: true, permission: 'granted' })).toBe(true);
    expect(shouldRegisterPeriodicRefresh({ isStandalone: true, hasPeriodicSync: true, permission: 'unsupported' })).toBe(false);
  });

  it('reports a refused registration without throwing', async () => {
    const registration = { periodicSync: { register: () => Promise.reject(new DOMException('no', 'NotAllowedError')) } };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await registerPeriodicRefreshIn({ isStandalone: () => true, registration: () => Promise.resolve(registration), permissions: permissionsOf('granted') })).toBe('failed');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
