// Push registration (docs/product.md §3 push registration payload, §4 'Notification permission', §7 PUT
// notifications/token, §9 7-day refresh). The registration comes from a PushProvider: Firebase
// when the build has VITE_FIREBASE_* (loaded only once notifications are on), else standard Web
// Push with the server's VAPID key (issue #13 point 1, web-push.ts); it reaches the server as the
// outbox op 'notifications.token', so the sync worker stays the only code that talks to /api/v1.
import { PUSH_TOKEN_REFRESH_MS } from '../../common/constants';
import { pushConfigFrom, type PushConfig } from '../../common/push-config';
import { lazyCommand } from '../commands/lazy';
import { bearerToken, getAuth, getMeta } from '../model/meta';
import type { PushTokenMeta } from '../model/meta-types';
import type { PushTokenBody } from '../model/outbox-types';
import { syncEngine } from '../sync/client';
import { createFirebasePushProvider } from './firebase-push';
import { notificationPermission } from './notification-permission';
import { activeRegistration } from './sw-register';
import { browserSupportsWebPush, createWebPushProvider } from './web-push';

/** The outbox command, loaded on first use (src/commands/lazy.ts). */
const registerPushToken = lazyCommand('registerPushToken');

/** R: the service worker registration (a stand-in in tests). */
export type PushProvider<R = ServiceWorkerRegistration> = {
  /** False when this browser cannot receive pushes this way: the feature is hidden, nothing errors. */
  isConfigured(): boolean;
  /** This device's registration (token plus extra fields) for the registration's subscription. */
  getRegistration(registration: R): Promise<PushTokenBody>;
};

export type PushPermission = NotificationPermission | 'unsupported';

export type PushDeps<R = ServiceWorkerRegistration> = {
  provider: PushProvider<R>;
  permission(): PushPermission;
  serviceWorker(): Promise<R | null>;
  now(): number;
};

type PushOutcome =
  | 'off' // not configured
  | 'no-permission'
  | 'no-session' // anonymous: the server could not tie the token to anyone
  | 'fresh' // registered less than 7 days ago, nothing to do
  | 'no-service-worker'
  | 'failed' // the provider could not produce a registration (logged)
  | 'pending' // the same token already waits in the outbox
  | 'queued';

/** docs/product.md §4/§9: the token is sent again once 7 days have passed since the last registration. */
export function isPushRegistrationDue(last: PushTokenMeta | undefined, now: number): boolean {
  return last === undefined || now - last.registeredAt >= PUSH_TOKEN_REFRESH_MS;
}

/**
 * Registers this device's push token when due. `force` (the user just turned notifications on)
 * asks the provider even within the 7 days; the same token is still not sent twice. Without
 * `force`, a fresh registration returns before the provider is loaded at all.
 */
export async function syncPushRegistration<R>(deps: PushDeps<R>, options: { force?: boolean } = {}): Promise<PushOutcome> {
  if (!deps.provider.isConfigured()) return 'off';
  if (deps.permission() !== 'granted') return 'no-permission';
  if (bearerToken(await getAuth()) === null) return 'no-session';
  const last = await getMeta('pushToken');
  const now = deps.now();
  if (!options.force && !isPushRegistrationDue(last, now)) return 'fresh';
  const registration = await deps.serviceWorker();
  if (!registration) return 'no-service-worker';
  let body: PushTokenBody;
  try {
    body = await deps.provider.getRegistration(registration);
  } catch (err) {
    console.warn('push registration unavailable', err);
    return 'failed';
  }
  if (last?.token === body.token && !isPushRegistrationDue(last, now)) return 'fresh';
  return (await registerPushToken(body, now)) ? 'queued' : 'pending';
}

/** The server's push configuration, read through the sync worker (worker/account.ts). */
async function serverPushConfig() {
  const result = await (await syncEngine()).account('pushConfig', null);
  if (!result.ok) throw new Error(`push configuration unavailable: ${result.error.message}`);
  return result.data;
}

/**
 * Firebase when the build is configured for it (its SDK re-registers a rotated token by itself),
 * standard Web Push otherwise: every install whose browser has the Push API can notify.
 */
export function choosePushProvider(firebase: PushConfig | null): PushProvider {
  if (firebase !== null) return createFirebasePushProvider(firebase, (token) => void registerPushToken(token));
  return createWebPushProvider({ isSupported: browserSupportsWebPush, pushConfig: serverPushConfig });
}

let browserDeps: PushDeps | null = null;

/** The browser's push dependencies. */
function pushDeps(): PushDeps {
  browserDeps ??= {
    provider: choosePushProvider(pushConfigFrom(import.meta.env)),
    permission: notificationPermission,
    serviceWorker: activeRegistration,
    now: () => Date.now(),
  };
  return browserDeps;
}

/**
 * Push can be offered: the browser has the Push API and service workers (Firebase needs them as
 * much as Web Push: without PushManager, as in WebKitGTK and older Safari, nothing is offered and
 * reminders land in Notifications only, issue #23 point 4), a provider, and notifications.
 */
export function isPushAvailable(): boolean {
  return browserSupportsWebPush() && pushDeps().provider.isConfigured() && notificationPermission() !== 'unsupported';
}

/** At app start and after every sign-in: re-registers when 7 days have passed (docs/product.md §4). */
export function refreshPushRegistration(): Promise<PushOutcome> {
  return syncPushRegistration(pushDeps());
}

/** Right after permission was granted: subscribe now and register the subscription. */
export function turnOnPush(): Promise<PushOutcome> {
  return syncPushRegistration(pushDeps(), { force: true });
}
