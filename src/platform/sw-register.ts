// The service worker (docs/product.md §4): registered at /sw.js with scope / in production builds; in
// development the page works without it. Registration starts the update rules of
// src/platform/sw-update.ts. Also asks for Background Sync on the engine's behalf
// (docs/architecture/service-worker.md 'Service worker'): a dedicated worker cannot reach the
// service worker registration itself.
import { SYNC_TAG } from '../../common/constants';
import { currentBuildId } from './build-id';
import { browserSessionStorage, systemClock } from './runtime';
import { createSwUpdater, SW_SCOPE, SW_URL, type SwUpdater } from './sw-update';

let updater: SwUpdater | null = null;
let registering: Promise<ServiceWorkerRegistration | null> | null = null;

function browserUpdater(container: ServiceWorkerContainer): SwUpdater {
  return createSwUpdater({
    container,
    fetch: (url, init) => fetch(url, init),
    session: browserSessionStorage(),
    clock: systemClock,
    isOnline: () => navigator.onLine,
    reload: () => location.reload(),
    isHidden: () => document.visibilityState === 'hidden',
    assign: (href) => location.assign(href),
    buildId: currentBuildId(),
  });
}

async function register(): Promise<ServiceWorkerRegistration | null> {
  const container = navigator.serviceWorker;
  updater = browserUpdater(container);
  try {
    const registration = await container.register(SW_URL, { scope: SW_SCOPE });
    updater.start(registration);
    return registration;
  } catch (err) {
    console.warn('service worker registration failed', err);
    // The build manifest poll does not need a worker: stale pages still reload on navigation.
    updater.start(null);
    return null;
  }
}

/** Registers /sw.js (scope /) once and starts the update checks. Null in development or without support. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= register();
  return registering;
}

/** The registration once the worker is active (push needs it); null without a service worker. */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if ((await registerServiceWorker()) === null) return null;
  return navigator.serviceWorker.ready;
}

/** docs/product.md §4: a newer build was seen, so the next navigation should be a full load. */
export function shouldReloadOnNavigate(): boolean {
  return updater?.shouldReloadOnNavigate() ?? false;
}

/**
 * For the router's before-navigate hook: when the page is stale, loads `href` in full (guarded
 * by the 10 s reload guard) and returns true, so the router must not navigate itself.
 */
export function reloadForNavigation(href: string): boolean {
  return updater?.reloadForNavigation(href) ?? false;
}

type SyncManagerLike = { register(tag: string): Promise<void> };

function syncManagerOf(registration: ServiceWorkerRegistration): SyncManagerLike | null {
  // Background Sync is Chromium-only (and not in the DOM typings); elsewhere the engine's own
  // retry timer and the 'online' event do the job while a tab is open.
  const manager: unknown = 'sync' in registration ? registration.sync : undefined;
  if (typeof manager !== 'object' || manager === null || !('register' in manager)) return null;
  const register = manager.register;
  if (typeof register !== 'function') return null;
  return { register: async (tag) => void (await Reflect.apply(register, manager, [tag])) };
}

/**
 * Whether this browser can send queued changes with the app closed (Background Sync: Chromium;
 * not Firefox or Safari). Without it they go out only while the app is open (on start, on
 * becoming visible, on the engine's own retries), and the waiting list says so (issue #23 point 4).
 */
export function hasBackgroundSync(scope: object | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  return scope !== undefined && 'SyncManager' in scope && typeof scope.SyncManager === 'function';
}

/** Registers SYNC_TAG so the service worker drains the outbox when the network returns. */
export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  try {
    await syncManagerOf(registration)?.register(SYNC_TAG);
  } catch {
    // Permission denied or unsupported: the worker's retry timer still runs while a tab is open.
  }
}
