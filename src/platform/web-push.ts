// The standard Web Push implementation of PushProvider (issue #13 point 1): used when the build
// has no Firebase configuration, so a self-hosted install notifies with no account anywhere. The
// server's VAPID public key comes from GET notifications/push-config (through the sync worker,
// the only code that talks to /api/v1); the browser's push service gives a subscription whose
// endpoint and keys are registered as {token: endpoint, platform: 'webpush', keys}.
import { webPushRegistrationOf, type PushConfigResponse, type PushRegistrationBody } from '../../common/push-config';
import type { PushProvider } from './push';

/** The parts of a PushSubscription used here (a stand-in in tests). */
export type SubscriptionLike = {
  endpoint: string;
  options?: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint?: string; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
};

/** The parts of a ServiceWorkerRegistration used here. */
export type PushRegistrationLike = {
  pushManager: {
    getSubscription(): Promise<SubscriptionLike | null>;
    subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<SubscriptionLike>;
  };
};

type WebPushProviderDeps = {
  /** The browser has the Push API (PushManager) and service workers. */
  isSupported(): boolean;
  /** GET notifications/push-config; throws when it cannot be read. */
  pushConfig(): Promise<PushConfigResponse>;
};

/** base64url (the server's key) to the bytes pushManager.subscribe takes. */
export function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/** The registration payload of a subscription (shared with the service worker's pushsubscriptionchange, worker/push-subscription.ts). */
export const registrationOf: (subscription: SubscriptionLike) => PushRegistrationBody = webPushRegistrationOf;

/**
 * Subscribes with the server's key. A subscription made with another key (the server's keys were
 * replaced, or it was Firebase's) cannot receive this server's pushes: it is replaced.
 */
async function subscribe(registration: PushRegistrationLike, serverKey: Uint8Array<ArrayBuffer>): Promise<SubscriptionLike> {
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options?.applicationServerKey, serverKey)) return existing;
  if (existing) await existing.unsubscribe();
  return withTimeout(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }));
}

/** The browser's push service may be unreachable: the notification dialog must not wait forever. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The push service did not answer')), SUBSCRIBE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createWebPushProvider<R extends PushRegistrationLike>(deps: WebPushProviderDeps): PushProvider<R> {
  return {
    isConfigured: () => deps.isSupported(),
    async getRegistration(registration) {
      const config = await deps.pushConfig();
      if (config.provider !== 'webpush' || config.vapid_public_key === null) {
        throw new Error('The server pushes through Firebase, but this build has no Firebase configuration');
      }
      return registrationOf(await subscribe(registration, base64urlBytes(config.vapid_public_key)));
    },
  };
}

/** 'PushManager' in the page: Chromium, Firefox, Safari 16+ (an installed app on iOS 16.4+). */
export function browserSupportsWebPush(): boolean {
  return typeof window !== 'undefined' && 'PushManager' in window && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}
