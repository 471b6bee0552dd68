// Issue #13 point 6: the installed app asks for Periodic Background Sync, so the service worker
// can refresh what a prayer session needs while the app is closed (sw/periodic.ts) and opening it
// offline shows fresh requests. Only where all three hold: the app runs installed (display-mode
// standalone), the registration has `periodicSync` (Chromium), and the 'periodic-background-sync'
// permission is granted (Chromium grants it to installed apps with some engagement; it never
// prompts). Registering again only renews the same tag.
import { PERIODIC_REFRESH_MIN_INTERVAL_MS, PERIODIC_REFRESH_TAG } from '../../common/periodic-refresh';
import { currentBrowser, isStandalone } from './environment';
import { activeRegistration } from './sw-register';

/** What the decision reads; `permission` is 'unsupported' when the query fails or is missing. */
type PeriodicSyncFacts = {
  isStandalone: boolean;
  hasPeriodicSync: boolean;
  permission: PermissionState | 'unsupported';
};

/** The registration decision (tests/platform/periodic-sync.test.ts). */
export function shouldRegisterPeriodicRefresh(facts: PeriodicSyncFacts): boolean {
  return facts.isStandalone && facts.hasPeriodicSync && facts.permission === 'granted';
}

/** PeriodicSyncManager (Chromium; not in the DOM typings). */
type PeriodicSyncManagerLike = { register(tag: string, options: { minInterval: number }): Promise<void> };

function periodicSyncOf(registration: object): PeriodicSyncManagerLike | null {
  const manager: unknown = 'periodicSync' in registration ? registration.periodicSync : undefined;
  if (typeof manager !== 'object' || manager === null || !('register' in manager)) return null;
  const register = manager.register;
  if (typeof register !== 'function') return null;
  return { register: async (tag, options) => void (await Reflect.apply(register, manager, [tag, options])) };
}

/**
 * The part of navigator.permissions used here. 'periodic-background-sync' is not a PermissionName
 * in the DOM typings, so the descriptor is typed by what it is; the answer is checked, not trusted.
 */
type PermissionsLike = { query(descriptor: { name: string }): Promise<unknown> };

async function periodicSyncPermission(permissions: PermissionsLike | undefined): Promise<PermissionState | 'unsupported'> {
  if (!permissions || typeof permissions.query !== 'function') return 'unsupported';
  try {
    const status = await permissions.query({ name: 'periodic-background-sync' });
    if (typeof status !== 'object' || status === null || !('state' in status)) return 'unsupported';
    return status.state === 'granted' || status.state === 'denied' || status.state === 'prompt' ? status.state : 'unsupported';
  } catch {
    // A browser that does not know the permission name rejects the query.
    return 'unsupported';
  }
}

type PeriodicRefreshOutcome = 'registered' | 'skipped' | 'failed';

/** What registration needs from the browser; tests pass their own (tests/platform/periodic-sync.test.ts). */
type PeriodicRefreshEnv = {
  isStandalone: () => boolean;
  /** The active service worker registration (or an object shaped like one); null without one. */
  registration: () => Promise<object | null>;
  permissions: PermissionsLike | undefined;
};

/** Registers PERIODIC_REFRESH_TAG when the decision allows. */
export async function registerPeriodicRefreshIn(env: PeriodicRefreshEnv): Promise<PeriodicRefreshOutcome> {
  if (!env.isStandalone()) return 'skipped';
  const registration = await env.registration();
  const manager = registration === null ? null : periodicSyncOf(registration);
  const facts: PeriodicSyncFacts = {
    isStandalone: true,
    hasPeriodicSync: manager !== null,
    permission: manager === null ? 'unsupported' : await periodicSyncPermission(env.permissions),
  };
  if (manager === null || !shouldRegisterPeriodicRefresh(facts)) return 'skipped';
  try {
    await manager.register(PERIODIC_REFRESH_TAG, { minInterval: PERIODIC_REFRESH_MIN_INTERVAL_MS });
    return 'registered';
  } catch (err) {
    console.warn('periodic sync registration failed', err);
    return 'failed';
  }
}

/** The page's registration, once at start (src/main.tsx). */
export function registerPeriodicRefresh(): Promise<PeriodicRefreshOutcome> {
  if (typeof navigator === 'undefined') return Promise.resolve('skipped');
  return registerPeriodicRefreshIn({
    isStandalone: () => isStandalone(currentBrowser()),
    registration: activeRegistration,
    permissions: navigator.permissions,
  });
}
