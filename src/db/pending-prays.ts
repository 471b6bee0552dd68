// This device's unacknowledged prayers per target, with their time: the one piece of "when was it
// last prayed" the local store holds (src/db/session-order.ts).
import { db } from '../model/db';
import { pendingPrayTimes } from './session-order';

export async function readPendingPrayTimes(op: 'listItem.pray' | 'post.pray'): Promise<Map<number, number>> {
  const entries = await db.outbox.where('op').equals(op).toArray();
  return pendingPrayTimes(
    entries.flatMap((entry) => {
      if (entry.op === 'listItem.pray') return [{ id: entry.target.itemId, createdAt: entry.createdAt }];
      if (entry.op === 'post.pray') return [{ id: entry.target.postId, createdAt: entry.createdAt }];
      return [];
    }),
  );
}
