// What the drain has put on the wire and not settled (docs/architecture/sync-protocol.md 'Outbox
// and sync protocol'). Its seqs are kept in one meta row, not written into each entry: a put
// rewrites an entry with its seven index entries, and marking a batch of 1,000 so took 150-390 ms
// on the drain's path (issue #25 P4). An entry may still carry state 'sending' itself: the head
// kept for a retry after a push that got no answer, or an entry written by an earlier build. A
// crash leaves both as they are: those entries may have been applied, they are replayed with their
// keys, and no command cancels them meanwhile.
import type { PromiseExtended } from 'dexie';
import { getMeta, setMeta } from './meta';
import type { OutboxEntry } from './outbox-types';

/** The seqs in flight (read in the caller's transaction when it must agree with the outbox). */
export function inFlightSeqs(): PromiseExtended<ReadonlySet<number>> {
  return getMeta('inFlight').then((seqs) => new Set(seqs ?? []));
}

/** Sent and not settled: a command may not take it back, only queue what undoes it. */
export function isSending(entry: Pick<OutboxEntry, 'seq' | 'state'>, inFlight: ReadonlySet<number>): boolean {
  return entry.state === 'sending' || inFlight.has(entry.seq);
}

/** `add` goes on the wire, `drop` is settled or back in the queue; in the caller's transaction. */
export async function changeInFlight(change: { add?: readonly number[]; drop?: readonly number[] }): Promise<void> {
  const seqs = new Set(await inFlightSeqs());
  for (const seq of change.drop ?? []) seqs.delete(seq);
  for (const seq of change.add ?? []) seqs.add(seq);
  await setMeta('inFlight', [...seqs]);
}
