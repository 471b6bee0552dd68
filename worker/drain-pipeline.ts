// One run of sends: the planned one, then, issue #10, batches back to back. Settling a batch (one
// transaction: acks, one rebase) costs about as much as a round trip on a device with a large
// store, so while a fully answered batch is settled, the next one is already on its way: order
// holds (the next push leaves only after the previous one's answer came back, and the server
// applies pushes in the order they arrive), and the next batch never needs what the settle writes
// (a batch is cut before an entry that needs a temporary id, so the pipeline stops there and the
// drain plans again after the settle). Only a push with every item acknowledged or refused lets
// the next one go early; anything else (an entry on its own route, a retry, a 401, a push refused
// whole) ends the run and the drain decides. Issue #25 P4: the next batch is planned and marked
// while the push before it is out, so it leaves the moment that answer is back (if the answer
// stops the run, its entries are marked pending again, unsent).
import type { ApiClient } from './api-client';
import { settleSent, type SendStep } from './drain-outcome';
import { markSending, sendMarked, type Planned, type Sent } from './drain-send';
import { markPending, type RetryOptions } from './drain-settle';
import type { OutboxEntry } from '../src/model/outbox-types';
import type { SendPlan } from './outbox-queue';

type PlannedBatch = Extract<SendPlan, { kind: 'batch' }>;

/** The batch after these entries (excluded: still in the outbox while they are settled), or null to stop the run. */
export type NextBatch = (excluded: Set<number>) => Promise<PlannedBatch | null>;

/** A send that is out: its entries as marked, its answer, and the moment its request is on the wire. */
type Out = { planned: Planned; marked: OutboxEntry[]; answer: Promise<Sent | null>; onWire: Promise<void> };

function launch(api: ApiClient, planned: Planned, marked: OutboxEntry[]): Out {
  let onWire = () => {};
  const wire = new Promise<void>((resolve) => (onWire = resolve));
  return { planned, marked, answer: sendMarked(api, planned, marked, onWire), onWire: wire };
}

/**
 * The batch after `out`, planned and marked once `out` is on the wire (its own reads of the store
 * would otherwise queue behind this write): null when there is none, or a command took them all.
 */
async function prepareAfter(out: Out, nextBatch: NextBatch): Promise<{ planned: PlannedBatch; marked: OutboxEntry[] } | null> {
  await Promise.race([out.onWire, out.answer]);
  const planned = await nextBatch(new Set(out.marked.map((entry) => entry.seq)));
  if (!planned) return null;
  const marked = await markSending(planned.entries);
  return marked.length === 0 ? null : { planned, marked };
}

/** Sends `first` and the batches `nextBatch` plans after it, settling each in order; the counts of the run and how the drain goes on. */
export async function drainRun(api: ApiClient, first: Planned, nextBatch: NextBatch, options: RetryOptions, authRetried: Set<number>): Promise<SendStep> {
  const total = { sent: 0, refused: 0 };
  let out = launch(api, first, await markSending(first.kind === 'single' ? [first.entry] : first.entries));
  for (;;) {
    const prepared = out.planned.kind === 'batch' ? await prepareAfter(out, nextBatch) : null;
    const current = await out.answer;
    let next: Out | null = null;
    if (prepared && current?.route === 'batch' && current.stop === null) {
      next = launch(api, prepared.planned, prepared.marked);
      // The settle waits until the push is on the wire: the request reads the session and channel
      // first, and a read asked after the settle's write transaction began waits for it to commit
      // (P4 measured 0.25-0.65 s between pushes so, at 10,000 posts).
      await Promise.race([next.onWire, next.answer]);
    } else if (prepared) {
      await markPending(prepared.marked);
    }
    if (!current) return { ...total, then: { kind: 'next' } };
    const step = await settleSent(api, current, options, authRetried);
    total.sent += step.sent;
    total.refused += step.refused;
    if (!next || step.then.kind !== 'next') return { ...total, then: step.then };
    out = next;
  }
}
