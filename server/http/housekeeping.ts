// The server's housekeeping (issue #50 items 2 and 3): a periodic job in every API process, as the
// reminder scheduler is (push/reminder-scheduler.ts: an unref'd interval, never two ticks at once,
// stopped and awaited on close). Each tick applies the notification retention
// (domain/notification-retention.ts) and prunes the change stamps' logs (domain/change-stamps.ts),
// in small batches under a transaction-level advisory lock, so several processes take turns.
import type { FastifyInstance } from 'fastify';
import { pruneChangeStamps } from '../domain/change-stamps';
import { applyNotificationRetention, underHousekeepingLock } from '../domain/notification-retention';
import type { Db } from '../db/client';
import type { RouteDeps } from '../routes/deps';

/** One tick: the retention, then the stamps' prune (its own locked transaction). */
export async function housekeepingTick(db: Db, now: Date): Promise<{ notifications: number; stamps: number }> {
  const retention = await applyNotificationRetention(db, now);
  const pruned = await underHousekeepingLock(db, (tx) => pruneChangeStamps(tx, 10));
  return { notifications: retention.read + retention.unread + retention.overCap, stamps: pruned.deleted };
}

export function registerHousekeeping(app: FastifyInstance, { db, config }: RouteDeps): void {
  if (config.housekeepingTickMs <= 0) return;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running !== null) return;
    running = housekeepingTick(db, new Date())
      .then((done) => {
        if (done.notifications > 0 || done.stamps > 0) app.log.info(done, 'housekeeping: rows deleted');
      }, (error: unknown) => app.log.error({ err: error }, 'housekeeping tick failed'))
      .finally(() => { running = null; });
  };
  const timer = setInterval(tick, config.housekeepingTickMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
