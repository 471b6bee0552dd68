// Issue #27 item 6, the service worker's 'pushsubscriptionchange' (sw/push.ts, worker/push-subscription.ts):
// the subscription the push service put in place of the old one reaches the real server at once,
// through the outbox and the service worker's drain with the session of the local store; offline it
// waits in the outbox and asks for a Background Sync; signed out or with nothing to register, nothing
// is queued. Stand-ins for the browser's pushManager; keys made as a browser makes them.
import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { pushTokens } from '../../server/db/schema/accounts';
import { db } from '../../src/model/db';
import { getAuth, getMeta, setMeta, viewerId } from '../../src/model/meta';
import { EMPTY_AUTH } from '../../src/model/meta-types';
import { drainOutbox } from '../../worker/drain';
import { reRegisterSubscription, type ChangedSubscription, type ReRegisterDeps } from '../../worker/push-subscription';
import { useHarness } from '../sync/support';

const h = useHarness();
const NOW = 1_800_000_000_000;

function serverKey(): ArrayBuffer {
  const key = createECDH('prime256v1');
  key.generateKeys();
  return new Uint8Array(key.getPublicKey()).buffer;
}

/** A browser's subscription: its endpoint, the key it was made with, and real P-256 / auth keys. */
function subscription(endpoint: string, key: ArrayBuffer | null = serverKey()): ChangedSubscription {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const keys = { p256dh: ua.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  return { endpoint, options: { applicationServerKey: key }, toJSON: () => ({ endpoint, keys }) };
}

/** The service worker's own drain (sw/sw.ts): it throws while something is left in the outbox. */
async function swDrain(): Promise<void> {
  const report = await drainOutbox(h.api, { ignoreBackoff: true });
  if (report.retryAt !== null) throw new Error(`outbox not drained: ${String(report.remaining)} left`);
}

function deps(current: ChangedSubscription | null = null) {
  const subscribe = vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer }) =>
    subscription('https://push.example.org/send/made-again', options.applicationServerKey));
  const retryLater = vi.fn(async () => undefined);
  const drain = vi.fn(swDrain);
  const all: ReRegisterDeps = { pushManager: { getSubscription: async () => current, subscribe }, drain, retryLater, now: () => NOW };
  return { all, subscribe, retryLater, drain };
}

async function serverTokens(endpoint: string) {
  return h.server.handle.db.select().from(pushTokens).where(eq(pushTokens.token, endpoint));
}

describe('pushsubscriptionchange in the service worker', () => {
  it('registers the new subscription with the server at once, for the signed-in account', async () => {
    const endpoint = 'https://push.example.org/send/rotated';
    const d = deps();
    const outcome = await reRegisterSubscription({ oldSubscription: subscription('https://push.example.org/send/old'), newSubscription: subscription(endpoint) }, d.all);
    expect(outcome).toBe('sent');
    expect(d.drain).toHaveBeenCalledTimes(1);
    expect(d.retryLater).not.toHaveBeenCalled();
    const rows = await serverTokens(endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(viewerId(await getAuth()));
    expect(rows[0]?.extra).toEqual({ keys: expect.objectContaining({ p256dh: expect.any(String), auth: expect.any(String) }) });
    expect(await getMeta('pushToken')).toEqual({ token: endpoint, registeredAt: NOW });
    expect(await db.outbox.count()).toBe(0);
  });

  it('without a new subscription in the event, subscribes again with the old one\'s key', async () => {
    const key = serverKey();
    const d = deps();
    expect(await reRegisterSubscription({ oldSubscription: subscription('https://push.example.org/send/expired', key), newSubscription: null }, d.all)).toBe('sent');
    expect(d.subscribe).toHaveBeenCalledTimes(1);
    expect(d.subscribe.mock.calls[0]?.[0].userVisibleOnly).toBe(true);
    expect(Buffer.from(d.subscribe.mock.calls[0]?.[0].applicationServerKey ?? new ArrayBuffer(0))).toEqual(Buffer.from(key));
    expect(await serverTokens('https://push.example.org/send/made-again')).toHaveLength(1);
  });

  it('takes the subscription the browser already holds when the event has none, without subscribing', async () => {
    const held = subscription('https://push.example.org/send/held');
    const d = deps(held);
    expect(await reRegisterSubscription({ oldSubscription: null, newSubscription: null }, d.all)).toBe('sent');
    expect(d.subscribe).not.toHaveBeenCalled();
    expect(await serverTokens('https://push.example.org/send/held')).toHaveLength(1);
  });

  it('offline: keeps the registration in the outbox, asks for a Background Sync, and the next drain sends it', async () => {
    const endpoint = 'https://push.example.org/send/offline';
    h.setFault(() => 'offline');
    const d = deps();
    expect(await reRegisterSubscription({ oldSubscription: null, newSubscription: subscription(endpoint) }, d.all)).toBe('queued');
    expect(d.retryLater).toHaveBeenCalledTimes(1);
    expect((await db.outbox.toArray()).map((entry) => entry.op)).toEqual(['notifications.token']);
    expect(await serverTokens(endpoint)).toHaveLength(0);

    // A second change for the same subscription while it waits queues nothing more.
    expect(await reRegisterSubscription({ oldSubscription: null, newSubscription: subscription(endpoint) }, d.all)).toBe('queued');
    expect(await db.outbox.count()).toBe(1);

    h.setFault(() => 'pass');
    await swDrain();
    expect(await serverTokens(endpoint)).toHaveLength(1);
  });

  it('queues nothing when signed out, or when no subscription can be had', async () => {
    const d = deps();
    expect(await reRegisterSubscription({ oldSubscription: null, newSubscription: null }, d.all)).toBe('no-subscription');
    const keyless = deps();
    expect(await reRegisterSubscription({ oldSubscription: subscription('https://push.example.org/send/keyless', null), newSubscription: null }, keyless.all)).toBe('no-subscription');
    expect(keyless.subscribe).not.toHaveBeenCalled();

    await setMeta('auth', EMPTY_AUTH);
    const signedOut = deps();
    expect(await reRegisterSubscription({ oldSubscription: null, newSubscription: subscription('https://push.example.org/send/nobody') }, signedOut.all)).toBe('no-session');
    expect(signedOut.drain).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });
});
