// The order of a prayer session read offline (docs/product.md §4 prayer sessions; docs/api.md 'Prayer sessions
// over lists': least recently prayed first, never prayed first, then list order). The local rows
// hold no time of the viewer's last prayer, so the order is assembled from what is known, in this
// order of trust (docs/decisions/0099-prayer-sessions-on-the-server-and-offline.md):
//   1. the server's own queue for the source, pulled while online (worker/pull-session.ts);
//   2. the rest: never prayed before prayed, each in list order (or the feed's order);
//   3. last, whatever this device prayed and has not yet sent, oldest prayer first: those are
//      certainly the most recently prayed, whatever the queue said when it was pulled.
// Pure and stable: the same rows, queue and outbox always give the same order.
import type { SessionQueue } from '../model/meta-types';

type Orderable = { id: number; isPrayed: boolean };

/** id -> epoch ms of this device's latest unacknowledged prayer for it. */
type PendingPrayTimes = ReadonlyMap<number, number>;

export function orderForSession<T extends Orderable>(inOrder: readonly T[], queue: SessionQueue | undefined, pending: PendingPrayTimes, size: number): T[] {
  const queueRank = new Map((queue?.ids ?? []).map((id, index) => [id, index]));
  const rank = (item: T): [number, number] => {
    const prayedHere = pending.get(item.id);
    if (prayedHere !== undefined) return [3, prayedHere];
    const inQueue = queueRank.get(item.id);
    if (inQueue !== undefined) return [0, inQueue];
    return [item.isPrayed ? 2 : 1, 0];
  };
  const ranked = inOrder.map((item, index) => ({ item, index, rank: rank(item) }));
  ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.index - b.index);
  return ranked.slice(0, Math.max(0, size)).map((entry) => entry.item);
}

/** The latest createdAt of the pending prayers, per target id. */
export function pendingPrayTimes(entries: readonly { id: number; createdAt: number }[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const entry of entries) times.set(entry.id, Math.max(times.get(entry.id) ?? 0, entry.createdAt));
  return times;
}
