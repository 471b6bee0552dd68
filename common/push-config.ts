// Push configuration from the build environment (docs/product.md §3 'Push client configuration fields').
// Shared by the page (which lazily loads Firebase when the user turns notifications on) and the
// service worker (which displays pushes). Without it the feature is hidden and nothing errors.

type FirebaseWebConfig = {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId: string;
  appId: string;
};

export type PushConfig = { firebase: FirebaseWebConfig; vapidKey: string };

/**
 * GET notifications/push-config (issue #13 point 1): the server's provider and, for standard Web
 * Push, its VAPID public key (base64url), the page's applicationServerKey. Null with FCM.
 */
export type PushConfigResponse = { provider: 'fcm' | 'webpush'; vapid_public_key: string | null };

/** push_tokens.platform of a standard Web Push subscription (its token is the endpoint). */
export const WEBPUSH_PLATFORM = 'webpush';

/** A Web Push subscription's keys (PushSubscription.toJSON().keys, base64url). */
export type WebPushKeys = { p256dh: string; auth: string };

/**
 * docs/product.md §3 push registration payload (PUT notifications/token): a Firebase installation id (FCM
 * sends to it), or a standard Web Push subscription, its endpoint as the token and its keys.
 */
export type PushRegistrationBody =
  | { token: string; platform: string; token_type: 'fid' }
  | { token: string; platform: typeof WEBPUSH_PLATFORM; keys: WebPushKeys };

/** The registration payload of a Web Push subscription: its endpoint, and its keys (PushSubscription.toJSON()). */
export function webPushRegistrationOf(subscription: { endpoint: string; toJSON(): { keys?: Record<string, string> } }): PushRegistrationBody {
  const keys = subscription.toJSON().keys;
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (!p256dh || !auth) throw new Error('The push subscription has no encryption keys');
  return { token: subscription.endpoint, platform: WEBPUSH_PLATFORM, keys: { p256dh, auth } };
}

function text(env: Record<string, unknown>, name: string): string | undefined {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Reads the VITE_FIREBASE_* variables. Messaging needs the api key, project, sender, app id and
 * the VAPID key; auth domain and storage bucket are passed on when set but not required.
 */
export function pushConfigFrom(env: Record<string, unknown>): PushConfig | null {
  const apiKey = text(env, 'VITE_FIREBASE_API_KEY');
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID');
  const messagingSenderId = text(env, 'VITE_FIREBASE_MESSAGING_SENDER_ID');
  const appId = text(env, 'VITE_FIREBASE_APP_ID');
  const vapidKey = text(env, 'VITE_FIREBASE_VAPID_KEY');
  if (!apiKey || !projectId || !messagingSenderId || !appId || !vapidKey) return null;
  const firebase: FirebaseWebConfig = { apiKey, projectId, messagingSenderId, appId };
  const authDomain = text(env, 'VITE_FIREBASE_AUTH_DOMAIN');
  const storageBucket = text(env, 'VITE_FIREBASE_STORAGE_BUCKET');
  if (authDomain) firebase.authDomain = authDomain;
  if (storageBucket) firebase.storageBucket = storageBucket;
  return { firebase, vapidKey };
}
