// The outbox drain (DESIGN §4), shared by the sync worker and the service worker's 'sync'
// event. The protocol, step by step:
//   1. One drainer at a time everywhere: SYNC_LOCK (Web Locks).
//   2. Entries go in seq order; the head waits out its backoff unless the caller says now.
//   3. An entry that needs an offline-created entity waits for it: the creator is ahead in seq
//      order, and its ack rewrites the temporary id in the entries behind it. One that reaches
//      the head still needing a temporary id has lost its creator: it is refused too.
//   4. Send with the entry's Idempotency-Key; a 401 refreshes the token once and retries.
//   5. 2xx: in one transaction remove the entry and fold the answer in (op.onAck).
//   6. Other 4xx: in one transaction remove it, undo it (op.onRefuse), record it in `failed`;
//      the queue goes on, a refused entry never blocks the others.
//   7. No answer, 5xx, 408, 429, or a bot-check refusal (SPEC §5; a fresh token may pass): keep
//      it, back off, stop; the caller asks for Background Sync.
//   8. 401 after a failed refresh: keep it and stop until the user signs in again; while the
//      session is marked expired nothing is sent at all.
//   9. Only the signed-in account's entries go out (DESIGN §4 'kept for the same account');
//      another account's are held, skipped in place, until that account signs in again.
import { RECAPTCHA_HEADER, SYNC_LOCK } from '../common/constants';
import type { ApiError } from '../common/contract';
import { db, writeTables } from '../src/db/db';
import { bearerToken, getAuth, isEntryOfViewer, setMeta, viewerId } from '../src/db/meta';
import type { OpName, OutboxEntry, OutboxEntryOf, OpResponse } from '../src/db/outbox-types';
import { opFor, requiredIdsOf } from '../src/commands/ops/registry';
import type { ApiClient, ApiResult } from './api-client';
import type { DrainReport } from './api-types';
import { refreshAuth } from './auth';
import { opContext, recordFailure } from './local-store';
import { refetchAfterRefusal } from './pull-post';
import { outcomeOf, retryDelay } from './reconcile';
import { withLock } from './locks';

export type DrainOptions = {
  /** Retry the head now even if its backoff has not elapsed (online, visible, sync event). */
  ignoreBackoff?: boolean;
  now?: () => number;
  random?: () => number;
};

type Step = 'sent' | 'refused' | 'retry' | 'auth' | 'cancelled';

async function send<K extends OpName>(api: ApiClient, entry: OutboxEntryOf<K>): Promise<ApiResult<OpResponse<K>>> {
  const request = opFor(entry.op).request(entry);
  const botCheck = request.botCheck ? { action: request.botCheck } : undefined;
  const call = () =>
    api.call<OpResponse<K>>({ method: request.method, path: request.path, body: request.body, idempotencyKey: entry.key, botCheck });
  const token = bearerToken(await getAuth());
  const result = await call();
  if (botCheck && isBotCheckRefusal(result)) return heldForBotCheck(result.error);
  if (result.ok || result.status !== 401) return result;
  return (await refreshAuth(api, token)) ? call() : result;
}

/** The server's 422 for a missing or failed bot check names the google-recaptcha-token field. */
function isBotCheckRefusal<T>(result: ApiResult<T>): result is Extract<ApiResult<T>, { ok: false }> {
  return !result.ok && result.status === 422 && result.error.errors?.[RECAPTCHA_HEADER] !== undefined;
}

/**
 * A bot-check refusal says nothing about the change itself, and a token minted later may pass:
 * answered like no answer (status 0), so the entry is kept and retried with backoff instead of
 * being rolled back (docs/decisions.md 'Bot check and offline posting').
 */
function heldForBotCheck<T>(error: ApiError): ApiResult<T> {
  return { ok: false, status: 0, error: { status: 0, message: `Held for a new bot check: ${error.message}` } };
}

async function acknowledge<K extends OpName>(entry: OutboxEntryOf<K>, response: OpResponse<K>, now: number): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    // Removed first, so the rebase inside onAck no longer re-applies this entry.
    await db.outbox.delete(entry.seq);
    await opFor(entry.op).onAck(entry, response, opContext);
    await setMeta('lastProgressAt', now);
  });
}

async function refuse<K extends OpName>(entry: OutboxEntryOf<K>, error: ApiError, now: number): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    await db.outbox.delete(entry.seq);
    await opFor(entry.op).onRefuse(entry, error, opContext);
    await recordFailure(entry, error);
    await setMeta('lastProgressAt', now);
  });
}

async function keepForRetry<K extends OpName>(entry: OutboxEntryOf<K>, error: ApiError, options: DrainOptions): Promise<void> {
  const now = options.now?.() ?? Date.now();
  const delay = retryDelay(entry.attempts + 1, options.random?.() ?? Math.random());
  await db.outbox.update(entry.seq, {
    state: 'pending',
    attempts: entry.attempts + 1,
    lastError: error.message,
    nextAttemptAt: now + delay,
  });
}

async function drainOne<K extends OpName>(api: ApiClient, entry: OutboxEntryOf<K>, options: DrainOptions): Promise<Step> {
  const now = () => options.now?.() ?? Date.now();
  if (requiredIdsOf(entry).some((id) => id < 0)) {
    await refuse(entry, { status: 409, message: 'It belonged to a post that could not be created.' }, now());
    return 'refused';
  }
  // Zero rows updated: a command cancelled it meanwhile (deleting what was never sent).
  if ((await db.outbox.update(entry.seq, { state: 'sending' })) === 0) return 'cancelled';
  const result = await send(api, entry);
  if (result.ok) {
    await acknowledge(entry, result.data, now());
    return 'sent';
  }
  switch (outcomeOf(result.status)) {
    case 'refuse':
      await refuse(entry, result.error, now());
      // DESIGN §4: after a rollback, re-fetch the entity so the screen shows the server's truth.
      await refetchAfterRefusal(api, entry);
      return 'refused';
    case 'unauthorized':
      await db.outbox.update(entry.seq, { state: 'pending', lastError: result.error.message });
      return 'auth';
    default:
      await keepForRetry(entry, result.error, options);
      return 'retry';
  }
}

const emptyReport = (): DrainReport => ({ sent: 0, refused: 0, remaining: 0, held: 0, retryAt: null, authFailed: false });

/** The first entry in seq order that the signed-in account may send (step 9). */
async function headFor(viewer: number | null): Promise<OutboxEntry | undefined> {
  return db.outbox.orderBy('seq').filter((entry) => isEntryOfViewer(entry, viewer)).first();
}

async function drainLocked(api: ApiClient, options: DrainOptions): Promise<DrainReport> {
  const report = emptyReport();
  let ignoreBackoff = options.ignoreBackoff ?? false;
  for (;;) {
    const auth = await getAuth();
    if (auth.expired) {
      report.authFailed = true;
      break;
    }
    const entry = await headFor(viewerId(auth));
    if (!entry) break;
    if (!ignoreBackoff && entry.nextAttemptAt > (options.now?.() ?? Date.now())) {
      report.retryAt = entry.nextAttemptAt;
      break;
    }
    ignoreBackoff = false;
    const step = await drainOne(api, entry, options);
    if (step === 'cancelled') continue;
    if (step === 'sent' || step === 'refused') {
      report[step] += 1;
      continue;
    }
    if (step === 'retry') report.retryAt = (await db.outbox.get(entry.seq))?.nextAttemptAt ?? null;
    report.authFailed = step === 'auth';
    break;
  }
  report.remaining = await db.outbox.count();
  const viewer = viewerId(await getAuth());
  report.held = await db.outbox.filter((entry) => !isEntryOfViewer(entry, viewer)).count();
  return report;
}

/** Drains the outbox once (see the protocol above). Safe to call from any context at any time. */
export async function drainOutbox(api: ApiClient, options: DrainOptions = {}): Promise<DrainReport> {
  return withLock(SYNC_LOCK, async () => {
    if ((await db.outbox.count()) === 0) return emptyReport();
    await setMeta('syncing', true);
    try {
      return await drainLocked(api, options);
    } finally {
      await setMeta('syncing', false);
    }
  });
}
