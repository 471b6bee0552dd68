// Push configuration from the build environment (SPEC §3 'Push client configuration fields').
// Shared by the page (which lazily loads Firebase when the user turns notifications on) and the
// service worker (which displays pushes). Without it the feature is hidden and nothing errors.

export type FirebaseWebConfig = {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId: string;
  appId: string;
};

export type PushConfig = { firebase: FirebaseWebConfig; vapidKey: string };

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
