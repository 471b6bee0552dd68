// The command behind push registration (docs/product.md §4: when permission is granted, a push token is
// fetched and registered). Like every write it is one outbox entry (docs/architecture.md 'The shape'): the sync worker
// is the only code that talks to /api/v1.
import { PLATFORM } from '../../common/constants';
import { db } from '../model/db';
import type { OutboxEntryOf, PushTokenBody } from '../model/outbox-types';
import { commit, newEntry } from './commit';

/** Entries of 'notifications.token' still waiting to be sent. */
async function pendingPushTokens(): Promise<string[]> {
  const entries = await db.outbox.where('op').equals('notifications.token').toArray();
  return entries.filter((entry): entry is OutboxEntryOf<'notifications.token'> => entry.op === 'notifications.token').map((entry) => entry.body.token);
}

/**
 * Queues PUT notifications/token: a Firebase installation id (a string), or a Web Push
 * subscription's registration (issue #13). A pending entry for the same token makes this a no-op
 * (returns false), so app starts while offline do not pile up registrations.
 */
export async function registerPushToken(registration: string | PushTokenBody, now: number = Date.now()): Promise<boolean> {
  const body: PushTokenBody = typeof registration === 'string' ? { token: registration, platform: PLATFORM, token_type: 'fid' } : registration;
  if ((await pendingPushTokens()).includes(body.token)) return false;
  await commit(async () => ({ ...newEntry('notifications.token', {}, body), createdAt: now }));
  return true;
}
