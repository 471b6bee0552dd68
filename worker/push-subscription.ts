// A rotated Web Push subscription, registered again at once (issue #27 item 6; docs/product.md §4
// notification permission, §9 7-day refresh). The push service may replace a subscription (expiry,
// key rotation); the browser then fires 'pushsubscriptionchange' in the service worker (sw/push.ts),
// and until the server has the new endpoint no push reaches this device. Waiting for the page's
// weekly refresh (src/platform/push.ts) could leave it silent for days. The new subscription goes
// through the outbox like every registration ('notifications.token', src/commands/ops/notifications-token.ts)
// with the signed-in session from the local store, and the service worker's drain sends it at once;
// offline, it waits in the outbox for the next drain (Background Sync or an open page).
import { webPushRegistrationOf, type PushRegistrationBody } from '../common/push-config';
import { db } from '../src/model/db';
import { bearerToken, getAuth, viewerId } from '../src/model/meta';

/** The parts of a PushSubscription used here. */
export type ChangedSubscription = {
  endpoint: string;
  options?: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { keys?: Record<string, string> };
};

/** What PushSubscriptionChangeEvent carries: either may be null (browsers differ). */
export type SubscriptionChange = { oldSubscription: ChangedSubscription | null; newSubscription: ChangedSubscription | null };

export type ReRegisterDeps = {
  pushManager: {
    getSubscription(): Promise<ChangedSubscription | null>;
    subscribe(options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer }): Promise<ChangedSubscription>;
  };
  /** The service worker's drain of the outbox (sw/sw.ts); throws when something is left in it. */
  drain(): Promise<void>;
  /** Asks the browser for a Background Sync to drain later. */
  retryLater(): Promise<void>;
  now(): number;
};

export type ReRegisterOutcome =
  | 'no-subscription' // none given and none could be made again (permission withdrawn, no key known)
  | 'no-session' // signed out: the server could not tie it to anyone (as src/platform/push.ts)
  | 'sent' // the server has it
  | 'queued'; // in the outbox, for the next drain

/** The new subscription: the event's, else the one the browser now holds, else one made again with the old one's key. */
async function newSubscriptionOf(change: SubscriptionChange, pushManager: ReRegisterDeps['pushManager']): Promise<ChangedSubscription | null> {
  if (change.newSubscription !== null) return change.newSubscription;
  try {
    const current = await pushManager.getSubscription();
    if (current !== null) return current;
    const key = change.oldSubscription?.options?.applicationServerKey ?? null;
    return key === null ? null : await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    console.warn('push subscription could not be renewed', err);
    return null;
  }
}

/** One 'notifications.token' entry for the session's account, unless the same token already waits. */
async function queueRegistration(body: PushRegistrationBody, now: number): Promise<'no-session' | 'queued'> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const auth = await getAuth();
    if (bearerToken(auth) === null) return 'no-session';
    const waiting = await db.outbox.where('op').equals('notifications.token').toArray();
    if (waiting.some((entry) => entry.op === 'notifications.token' && entry.body.token === body.token)) return 'queued';
    await db.outbox.add({
      op: 'notifications.token', target: {}, body, key: crypto.randomUUID(), accountId: viewerId(auth),
      createdAt: now, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'pending',
    });
    return 'queued';
  });
}

export async function reRegisterSubscription(change: SubscriptionChange, deps: ReRegisterDeps): Promise<ReRegisterOutcome> {
  const subscription = await newSubscriptionOf(change, deps.pushManager);
  if (subscription === null) return 'no-subscription';
  if ((await queueRegistration(webPushRegistrationOf(subscription), deps.now())) === 'no-session') return 'no-session';
  try {
    await deps.drain();
    return 'sent';
  } catch (err) {
    console.warn('push subscription queued, not sent yet', err);
    await deps.retryLater().catch(() => undefined);
    return 'queued';
  }
}
