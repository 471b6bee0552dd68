// Issue #10: batches back to back. Settling a batch (one transaction: acks, one rebase) costs
// about as much as a round trip on a device with a large store, so while a fully answered batch
// is settled, the next one is already on its way: order holds (the next push leaves only after
// the previous one's answer came back, and the server applies pushes in the order they arrive),
// and the next batch never needs what the settle writes (a batch is cut before an entry that
// needs a temporary id, so the pipeline stops there and the drain plans again after the settle).
// Only a batch with every item acknowledged or refused lets the next one go early; anything
// else (a retry, a 401, a push refused whole) ends the run and the drain decides.
import type { PushMutation } from '../common/sync-contract';
import type { OutboxEntry } from '../src/db/outbox-types';
import type { ApiClient } from './api-client';
import { isFullyAnswered, markSending, pushMarked, settleBatch, type BatchStep, type SentBatch } from './drain-batch';
import type { RetryOptions } from './drain-settle';

export type PlannedBatch = { entries: OutboxEntry[]; mutations: PushMutation[] };

/** The batch after these entries (excluded: still in the outbox while they are settled), or null to stop the run. */
export type NextBatch = (excluded: Set<number>) => Promise<PlannedBatch | null>;

async function send(api: ApiClient, batch: PlannedBatch): Promise<SentBatch | null> {
  return pushMarked(api, batch.entries, await markSending(batch.entries), batch.mutations);
}

/** Sends `first` and the batches `nextBatch` plans after it, settling each in order; the counts of the run and how the drain goes on. */
export async function drainBatches(api: ApiClient, first: PlannedBatch, nextBatch: NextBatch, options: RetryOptions, authRetried: Set<number>): Promise<BatchStep> {
  const total = { sent: 0, refused: 0 };
  let current = await send(api, first);
  while (current) {
    let next: Promise<SentBatch | null> | null = null;
    if (isFullyAnswered(current)) {
      const planned = await nextBatch(new Set(current.entries.map((entry) => entry.seq)));
      // Marked before the settle starts (its transaction would otherwise queue behind it); pushed
      // meanwhile. The settle waits until the push is on the wire: the request reads the session
      // and channel first, and a read asked after the settle's write transaction began waits for
      // it to commit (P4 measured 0.25-0.65 s between pushes so, at 10,000 posts).
      if (planned) {
        const marked = await markSending(planned.entries);
        let onWire = () => {};
        const sent = new Promise<void>((resolve) => (onWire = resolve));
        next = pushMarked(api, planned.entries, marked, planned.mutations, onWire);
        await Promise.race([sent, next]);
      }
    }
    const step = await settleBatch(api, current, options, authRetried);
    total.sent += step.sent;
    total.refused += step.refused;
    if (!next || step.then.kind !== 'next') return { ...total, then: step.then };
    current = await next;
  }
  return { ...total, then: { kind: 'next' } };
}
