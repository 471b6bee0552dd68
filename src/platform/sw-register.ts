// The service worker (SPEC §4): registered at /sw.js with scope / in production builds; in
// development the page works without it. Also asks for Background Sync on the engine's behalf
// (DESIGN §5): a dedicated worker cannot reach the service worker registration itself.
import { SYNC_TAG } from '../../common/constants';

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (err) {
    console.warn('service worker registration failed', err);
    return null;
  }
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
