// Issue #13 point 1, the page's side of standard Web Push: which provider a build uses, how a
// subscription becomes the PUT notifications/token payload (stand-ins for the registration and
// its pushManager, keys made as a browser makes them), and the round trip through the sync
// worker's calls and the outbox to the real server.
import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushTokens } from '../../server/db/schema/accounts';
import type { PushConfigResponse } from '../../common/push-config';
import { getMeta } from '../../src/model/meta';
import { choosePushProvider, syncPushRegistration, type PushDeps } from '../../src/platform/push';
import {
  base64urlBytes, createWebPushProvider, registrationOf, type PushRegistrationLike, type SubscriptionLike,
} from '../../src/platform/web-push';
import { accountCall } from '../../worker/account';
import { drainOutbox } from '../../worker/drain';
import { useHarness } from '../sync/support';

const SERVER_KEY = createECDH('prime256v1');
SERVER_KEY.generateKeys();
const CONFIG: PushConfigResponse = { provider: 'webpush', vapid_public_key: SERVER_KEY.getPublicKey().toString('base64url') };

/** A browser's subscription: its endpoint, the key it was made with, and real P-256 / auth keys. */
function subscription(endpoint: string, serverKey: Uint8Array): SubscriptionLike & { unsubscribe: ReturnType<typeof vi.fn> } {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const keys = { p256dh: ua.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array(serverKey).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: vi.fn(async () => true),
  };
}

function registrationWith(existing: SubscriptionLike | null) {
  const subscribe = vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) =>
    subscription('https://push.example.org/send/new', options.applicationServerKey));
  const registration: PushRegistrationLike = { pushManager: { getSubscription: async () => existing, subscribe } };
  return { registration, subscribe };
}

describe('the provider a build uses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is Firebase with VITE_FIREBASE_* (whatever the browser), standard Web Push otherwise where the browser has the Push API', () => {
    const firebase = { firebase: { apiKey: 'k', projectId: 'p', messagingSenderId: 's', appId: 'a' }, vapidKey: 'v' };
    expect(choosePushProvider(firebase).isConfigured()).toBe(true);
    // Node has no PushManager: Web Push is not offered, so nothing is shown that cannot work.
    expect(choosePushProvider(null).isConfigured()).toBe(false);
    vi.stubGlobal('window', { PushManager: class {} });
    vi.stubGlobal('navigator', { serviceWorker: {} });
    expect(choosePushProvider(null).isConfigured()).toBe(true);
  });
});

describe('the Web Push provider', () => {
  const provider = createWebPushProvider<PushRegistrationLike>({ isSupported: () => true, pushConfig: async () => CONFIG });

  it('subscribes with userVisibleOnly and the server\'s key, and registers the endpoint with its keys', async () => {
    const { registration, subscribe } = registrationWith(null);
    const body = await provider.getRegistration(registration);
    expect(subscribe).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(Buffer.from(options?.applicationServerKey ?? []).toString('base64url')).toBe(CONFIG.vapid_public_key);
    expect(body).toMatchObject({ token: 'https://push.example.org/send/new', platform: 'webpush' });
    if (!('keys' in body)) throw new Error('no keys in the registration');
    expect(Buffer.from(body.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(body.keys.auth, 'base64url')).toHaveLength(16);
  });

  it('keeps a subscription made with the server\'s key, and replaces one made with another key', async () => {
    const same = subscription('https://push.example.org/send/same', base64urlBytes(CONFIG.vapid_public_key ?? ''));
    const kept = registrationWith(same);
    expect((await provider.getRegistration(kept.registration)).token).toBe('https://push.example.org/send/same');
    expect(kept.subscribe).not.toHaveBeenCalled();

    const other = createECDH('prime256v1');
    other.generateKeys();
    const stale = subscription('https://push.example.org/send/stale', other.getPublicKey());
    const replaced = registrationWith(stale);
    expect((await provider.getRegistration(replaced.registration)).token).toBe('https://push.example.org/send/new');
    expect(stale.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('fails (nothing registered) when the server pushes through Firebase or a subscription has no keys', async () => {
    const fcmServer = createWebPushProvider<PushRegistrationLike>({ isSupported: () => true, pushConfig: async () => ({ provider: 'fcm', vapid_public_key: null }) });
    await expect(fcmServer.getRegistration(registrationWith(null).registration)).rejects.toThrow(/Firebase/);
    const keyless: SubscriptionLike = { endpoint: 'https://push.example.org/x', toJSON: () => ({ endpoint: 'https://push.example.org/x' }), unsubscribe: async () => true };
    expect(() => registrationOf(keyless)).toThrow(/keys/);
  });
});

describe('a Web Push registration against the real server', () => {
  const h = useHarness();

  it('reads the key through the worker\'s call, queues the subscription in the outbox, and the server stores it', async () => {
    const config = await accountCall(h.api, 'pushConfig', null);
    if (!config.ok) throw new Error(config.error.message);
    expect(config.data.provider).toBe('webpush');

    const provider = createWebPushProvider<PushRegistrationLike>({ isSupported: () => true, pushConfig: async () => config.data });
    const { registration } = registrationWith(null);
    const deps: PushDeps<PushRegistrationLike> = { provider, permission: () => 'granted', serviceWorker: async () => registration, now: () => 1_700_000_000_000 };
    expect(await syncPushRegistration(deps)).toBe('queued');
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, refused: 0 });

    const rows = await h.server.handle.db.select().from(pushTokens).where(eq(pushTokens.token, 'https://push.example.org/send/new'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.platform).toBe('webpush');
    expect(rows[0]?.extra).toEqual({ keys: expect.objectContaining({ p256dh: expect.any(String), auth: expect.any(String) }) });
    expect(await getMeta('pushToken')).toEqual({ token: 'https://push.example.org/send/new', registeredAt: 1_700_000_000_000 });
  });
});
