// The Firebase implementation of PushProvider. firebase/app and firebase/messaging are imported
// lazily, the first time a token is needed (docs/architecture/service-worker.md 'Service worker':
// the page part of Firebase loads only once the user turns notifications on). firebase 12.19
// deprecates getToken(); register() with onRegistered() hands out the Firebase Installation ID,
// which FCM's send API targets.
import { PLATFORM } from '../../common/constants';
import type { PushConfig } from '../../common/push-config';
import type { PushProvider } from './push';

type MessagingModule = typeof import('firebase/messaging');
type Messaging = ReturnType<MessagingModule['getMessaging']>;

type Pending = { resolve(token: string): void; reject(err: unknown): void };

export function createFirebasePushProvider(config: PushConfig | null, onTokenChange: (token: string) => void): PushProvider {
  let messaging: Promise<{ api: MessagingModule; instance: Messaging }> | null = null;
  const pending: Pending[] = [];

  // One lasting onRegistered handler (the SDK keeps only one): it answers getToken() calls and,
  // when the SDK re-registers by itself after the installation id rotates, passes the new id on.
  const onRegistered = (token: string) => {
    const waiting = pending.splice(0);
    if (waiting.length === 0) onTokenChange(token);
    for (const call of waiting) call.resolve(token);
  };

  async function load(settings: PushConfig): Promise<{ api: MessagingModule; instance: Messaging }> {
    const [app, api] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
    if (!(await api.isSupported())) throw new Error('Push messaging is not supported in this browser');
    const instance = api.getMessaging(app.getApps()[0] ?? app.initializeApp(settings.firebase));
    api.onRegistered(instance, onRegistered);
    return { api, instance };
  }

  return {
    isConfigured: () => config !== null,
    async getRegistration(registration) {
      if (!config) throw new Error('Push notifications are not configured');
      messaging ??= load(config).catch((err: unknown) => {
        messaging = null;
        throw err;
      });
      const { api, instance } = await messaging;
      const token = await new Promise<string>((resolve, reject) => {
        const call: Pending = { resolve, reject };
        pending.push(call);
        api.register(instance, { vapidKey: config.vapidKey, serviceWorkerRegistration: registration }).catch((err: unknown) => {
          const index = pending.indexOf(call);
          if (index >= 0) pending.splice(index, 1);
          reject(err);
        });
      });
      return { token, platform: PLATFORM, token_type: 'fid' };
    },
  };
}
