// One run of sends: the planned one, then, issue #10, batches back to back. Settling a batch (one
// transaction: acks, one rebase) costs about as much as a round trip on a device with a large
// store, so while a fully answered batch is settled, the next one is already on its way: order
// holds (the next push leaves only after the previous one's answer came back, and the server
// applies pushes in the order they arrive), and the next batch never needs what the settle writes
// (a batch is cut before an entry that needs a temporary id, so the pipeline stops there and the
// drain plans again after the settle). Only a push with every item acknowledged or refused lets
// the next one go early; anything else (an entry on its own route, a retry, a 401, a push refused
// whole) ends the run and the drain decides.
import type { ApiClient } from './api-client';
import { settleSent, type SendStep } from './drain-outcome';
import { markSending, send, sendMarked, type Planned, type Sent } from './drain-send';
import type { RetryOptions } from './drain-settle';
import type { SendPlan } from './outbox-queue';

type PlannedBatch = Extract<SendPlan, { kind: 'batch' }>;

/** The batch after these entries (excluded: still in the outbox while they are settled), or null to stop the run. */
export type NextBatch = (excluded: Set<number>) => Promise<PlannedBatch | null>;

/** Sends `first` and the batches `nextBatch` plans after it, settling each in order; the counts of the run and how the drain goes on. */
export async function drainRun(api: ApiClient, first: Planned, nextBatch: NextBatch, options: RetryOptions, authRetried: Set<number>): Promise<SendStep> {
  const total = { sent: 0, refused: 0 };
  let current = await send(api, first);
  while (current) {
    let next: Promise<Sent | null> | null = null;
    if (current.route === 'batch' && current.stop === null) {
      const planned = await nextBatch(new Set(current.entries.map((entry) => entry.seq)));
      // Marked before the settle starts (its transaction would otherwise queue behind it); pushed
      // meanwhile. The settle waits until the push is on the wire: the request reads the session
      // and channel first, and a read asked after the settle's write transaction began waits for
      // it to commit (P4 measured 0.25-0.65 s between pushes so, at 10,000 posts).
      if (planned) {
        const marked = await markSending(planned.entries);
        let onWire = () => {};
        const sent = new Promise<void>((resolve) => (onWire = resolve));
        next = sendMarked(api, planned, marked, onWire);
        await Promise.race([sent, next]);
      }
    }
    const step = await settleSent(api, current, options, authRetried);
    total.sent += step.sent;
    total.refused += step.refused;
    if (!next || step.then.kind !== 'next') return { ...total, then: step.then };
    current = await next;
  }
  return { ...total, then: { kind: 'next' } };
}
