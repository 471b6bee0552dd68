// The outbox drain (docs/architecture/sync-protocol.md 'Drain protocol', 'Batches'), shared by the
// sync worker and the service worker's 'sync' event. The protocol, step by step:
//   1. One drainer at a time everywhere: SYNC_LOCK (Web Locks).
//   2. Entries go in seq order; the head waits out its backoff unless the caller says now. An
//      entry held in its undo window is passed over until the window ends (src/commands/undo.ts).
//   3. An entry that needs an offline-created entity waits for it: the creator is ahead in seq
//      order, and its ack rewrites the temporary id in the entries behind it. One that reaches
//      the head still needing a temporary id has lost its creator: it is refused too.
//   4. Issue #10: the drain plans batches (worker/outbox-queue.ts planSend), up to
//      SYNC_PUSH_MAX_MUTATIONS through POST sync/push, each item with its own Idempotency-Key; a
//      batch is cut before an entry that needs a temporary id (it goes in the next batch, after
//      the ack rewrote it) and before one that may not be batched (a bot check, a rate-limited
//      report): that one, and a batch of one, go through the entry's own route (drain-send.ts).
//      A 401 refreshes the token once and retries. A push the server refuses whole or does not
//      know goes one by one. While a batch is settled the next one is already sent
//      (drain-pipeline.ts).
//   5-8. Every answer, whatever its route, is settled by one outcome step (drain-outcome.ts):
//      2xx: removed, the answer folded in (op.onAck); other 4xx: removed, undone (op.onRefuse),
//      recorded in `failed`, the entity re-fetched, and the queue goes on: a refused entry never
//      blocks the others; the answered prefix in ONE transaction with one rebase (drain-settle.ts).
//      No answer, 5xx, 408, 429, or a bot-check refusal (a fresh token may pass): keep it, back
//      off, stop; the caller asks for Background Sync. In a batch, the items after it stay
//      queued: the next push replays their stored answers. An entry whose request got no answer
//      at all is marked (`noAnswer`): the report says the head waits for the network, and the
//      next answer from the server resets that backoff (wake-ups.ts). 401 after a failed
//      refresh: keep it and stop until the user signs in again; while the session is marked
//      expired nothing is sent at all.
//   9. Only the signed-in account's entries go out (docs/architecture/sync-protocol.md 'Outbox and
//   sync protocol' 'kept for the same account');
//      another account's are held, skipped without being read (the `acct` index), until that
//      account signs in again.
import { SYNC_LOCK } from '../common/constants';
import { SYNC_PUSH_MAX_MUTATIONS } from '../common/sync-contract';
import { db } from '../src/model/db';
// Every context that writes the outbox drains it (the sync worker, the page's fallback engine, the
// service worker): the outbox's counter comes with the drain (src/model/queue-counts.ts).
import '../src/model/queue-counter';
import { getAuth, setMeta, viewerId } from '../src/model/meta';
import type { ApiClient } from './api-client';
import type { DrainReport } from './api-types';
import { refuseOrphan } from './drain-outcome';
import { drainRun, type NextBatch } from './drain-pipeline';
import { resetNetworkBackoff } from './drain-settle';
import { withLock } from './locks';
import { holdEndsAt, outboxCounts, planSend, queueOf } from './outbox-queue';

type DrainOptions = {
  /** Retry the head now even if its backoff has not elapsed (online, visible, sync event). */
  ignoreBackoff?: boolean;
  /** The server just answered: a head waiting out a network backoff is due now (resetNetworkBackoff). */
  resetNetworkBackoff?: boolean;
  now?: () => number;
  random?: () => number;
  /** At most this many entries a push (default and cap: the contract's SYNC_PUSH_MAX_MUTATIONS). */
  maxBatch?: number;
};

/** After a 404 from sync/push (a server without it), entries go singly for this long. */
const UNSUPPORTED_PUSH_MS = 10 * 60_000;
const pushUnsupportedUntil = new WeakMap<ApiClient, number>();

const emptyReport = (): DrainReport => ({ sent: 0, refused: 0, remaining: 0, held: 0, retryAt: null, waitsForNetwork: false, authFailed: false });

/**
 * The batch that may go while the previous one is settled (drain-pipeline.ts): the head after
 * those entries, if it is due and starts a batch (not an orphan, not a single-only route).
 */
function nextBatchOf(now: () => number, maxMutations: number): NextBatch {
  return async (excluded) => {
    const auth = await getAuth();
    if (auth.expired) return null;
    const rest = (await queueOf(viewerId(auth), maxMutations + excluded.size, now())).filter((entry) => !excluded.has(entry.seq));
    if ((rest[0]?.nextAttemptAt ?? 0) > now()) return null;
    const next = planSend(rest, { now: now(), batching: true, maxMutations });
    return next?.kind === 'batch' ? next : null;
  };
}

async function drainLocked(api: ApiClient, options: DrainOptions, sending: () => Promise<void>): Promise<DrainReport> {
  const report = emptyReport();
  const now = () => options.now?.() ?? Date.now();
  let ignoreBackoff = options.ignoreBackoff ?? false;
  /** Entries of a batch refused whole, sent one by one before batching again. */
  let singlesLeft = 0;
  const authRetried = new Set<number>();
  const maxMutations = Math.min(options.maxBatch ?? SYNC_PUSH_MAX_MUTATIONS, SYNC_PUSH_MAX_MUTATIONS);
  if (options.resetNetworkBackoff) await resetNetworkBackoff(viewerId(await getAuth()), now());
  for (;;) {
    const auth = await getAuth();
    if (auth.expired) {
      report.authFailed = true;
      break;
    }
    const queue = await queueOf(viewerId(auth), SYNC_PUSH_MAX_MUTATIONS, now());
    const head = queue[0];
    if (!head) {
      report.retryAt = await holdEndsAt(viewerId(auth), now());
      break;
    }
    if (!ignoreBackoff && head.nextAttemptAt > now()) {
      report.retryAt = Math.min(head.nextAttemptAt, (await holdEndsAt(viewerId(auth), now())) ?? Infinity);
      break;
    }
    ignoreBackoff = false;
    await sending();
    const batching = singlesLeft === 0 && (pushUnsupportedUntil.get(api) ?? 0) <= now();
    const plan = planSend(queue, { now: now(), batching, maxMutations });
    if (!plan) break;
    if (plan.kind === 'orphan') {
      await refuseOrphan(plan.entry, now());
      report.refused += 1;
      continue;
    }
    if (plan.kind === 'single') singlesLeft = Math.max(0, singlesLeft - 1);
    const step = await drainRun(api, plan, nextBatchOf(now, maxMutations), options, authRetried);
    report.sent += step.sent;
    report.refused += step.refused;
    if (step.then.kind === 'next') continue;
    if (step.then.kind === 'fallback') {
      singlesLeft = step.then.count;
      if (step.then.unsupported) pushUnsupportedUntil.set(api, now() + UNSUPPORTED_PUSH_MS);
      continue;
    }
    if (step.then.kind === 'retry') report.retryAt = step.then.retryAt;
    report.authFailed = step.then.kind === 'auth';
    break;
  }
  const viewer = viewerId(await getAuth());
  // The head carries how its last attempt failed (keepForRetry), whether it failed in this drain or before.
  if (report.retryAt !== null) report.waitsForNetwork = (await queueOf(viewer, 1))[0]?.noAnswer === true;
  return { ...report, ...(await outboxCounts(viewer)) };
}

/**
 * Drains the outbox once (see the protocol above). Safe to call from any context at any time.
 * `syncing` is set once something is due to go, not for a drain that finds the head waiting out
 * its backoff: while the network is cut every command's drain is one, and a page left while a
 * worker writes `meta` keeps that store locked in WebKit
 * (docs/decisions/0166-the-webkit-store-wedge-the-stall-after-a-reload-while-cut.md).
 */
export async function drainOutbox(api: ApiClient, options: DrainOptions = {}): Promise<DrainReport> {
  return withLock(SYNC_LOCK, async () => {
    if ((await db.outbox.count()) === 0) return emptyReport();
    let syncing = false;
    const sending = async (): Promise<void> => {
      if (syncing) return;
      syncing = true;
      await setMeta('syncing', true);
    };
    try {
      return await drainLocked(api, options, sending);
    } finally {
      if (syncing) await setMeta('syncing', false);
    }
  });
}
