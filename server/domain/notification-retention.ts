// Notification retention (issue #50 item 3; docs/product.md §11 'How long notifications are kept',
// docs/decisions/0223-notification-retention-issue-50-item-3.md,
// migrations/0025_notification_retention.sql): read notifications go 90 days after their last
// change, unread ones after 365, and a member keeps their newest 500. Applied in the background
// (http/housekeeping.ts) in batches of at most RETENTION_BATCH_ROWS rows, each one short
// transaction that first takes a transaction-level advisory lock: with several API processes one
// deletes at a time, the others skip their turn, and no lock is held between batches. Rows a writer
// holds (a pray raising a notification) are skipped, not waited for (SKIP LOCKED), and taken by a
// later batch if still due. A deleted notification is announced and stamped by its trigger
// (migrations/0021_live.sql, 0024_change_stamps.sql): a device that held it learns it is gone by
// its next pull.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { firstRow } from '../db/first-row';

export const NOTIFICATION_RETENTION = {
  /** Days a read notification is kept after its last change. */
  readDays: 90,
  /** Days an unread notification is kept after its last change. */
  unreadDays: 365,
  /** The newest notifications a member keeps. */
  perMember: 500,
} as const;

/** Rows one batch deletes at most. */
export const RETENTION_BATCH_ROWS = 1000;
/** Members one batch of the per-member cap looks at. */
export const CAP_MEMBERS_PER_BATCH = 200;
/** The advisory lock of the housekeeping batches (server/db/migrate.ts uses 7_310_001). */
const HOUSEKEEPING_LOCK_ID = 7_310_050;

const DAY_MS = 24 * 60 * 60 * 1000;

type Batch = { locked: boolean; deleted: number };

/** Runs `work` in a transaction holding the housekeeping lock; `locked: false` when another process holds it. */
export async function underHousekeepingLock(db: Db, work: (tx: Db) => Promise<number>): Promise<Batch> {
  return db.transaction(async (tx) => {
    const lock = firstRow(await tx.execute(sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_ID}) as ok`), 'the housekeeping lock');
    if (lock.ok !== true) return { locked: false, deleted: 0 };
    return { locked: true, deleted: await work(tx) };
  });
}

/** One batch of an age rule: the oldest due rows of its partial index, at most `limit`. */
async function deleteAged(tx: Db, read: boolean, before: Date, limit: number): Promise<number> {
  const state = read ? sql`read_at is not null` : sql`read_at is null`;
  const row = firstRow(await tx.execute(sql`with gone as (
    delete from notifications where id in (
      select id from notifications where ${state} and updated_at < ${before.toISOString()}::timestamptz
      order by updated_at limit ${limit} for update skip locked)
    returning 1) select count(*)::int as n from gone`), 'a notification retention batch');
  return Number(row.n);
}

/**
 * One batch of the per-member cap: the next CAP_MEMBERS_PER_BATCH members after the walk's place,
 * each one's rows past the newest `perMember`, at most `limit` in all. The walk moves past the window
 * only when the batch was not full (a member far over the cap is finished by the next batches), and
 * starts again from the first member after the last.
 */
async function deleteOverCap(tx: Db, perMember: number, limit: number): Promise<{ deleted: number; wrapped: boolean }> {
  const row = firstRow(await tx.execute(sql`with place as (select after_user_id from notification_retention),
    members as (select id from users where id > (select after_user_id from place) order by id limit ${CAP_MEMBERS_PER_BATCH}),
    extra as (select n.id from members m cross join lateral (
      select id from notifications where user_id = m.id order by updated_at desc, id desc offset ${perMember} limit ${limit}) n
      limit ${limit}),
    gone as (delete from notifications where id in (select id from notifications where id in (select id from extra) for update skip locked)
      returning 1)
    select (select count(*)::int from gone) as n, (select max(id) from members) as last`), 'a notification cap batch');
  const deleted = Number(row.n);
  const last = row.last === null ? null : Number(row.last);
  if (deleted < limit) await tx.execute(sql`update notification_retention set after_user_id = ${last ?? 0}`);
  return { deleted, wrapped: last === null };
}

export type RetentionRun = { read: number; unread: number; overCap: number; batches: number; skipped: boolean };

/**
 * Applies the rule as of `now`, at most `maxBatches` batches of each kind (a tick's share; the rest
 * is the next tick's), each deleting at most `batchRows`. Stops at once when another process holds
 * the lock.
 */
export async function applyNotificationRetention(
  db: Db, now: Date, { maxBatches = 10, batchRows = RETENTION_BATCH_ROWS, rule = NOTIFICATION_RETENTION }:
    { maxBatches?: number; batchRows?: number; rule?: { readDays: number; unreadDays: number; perMember: number } } = {},
): Promise<RetentionRun> {
  const run: RetentionRun = { read: 0, unread: 0, overCap: 0, batches: 0, skipped: false };
  const rules: { key: 'read' | 'unread'; before: Date }[] = [
    { key: 'read', before: new Date(now.getTime() - rule.readDays * DAY_MS) },
    { key: 'unread', before: new Date(now.getTime() - rule.unreadDays * DAY_MS) },
  ];
  for (const { key, before } of rules) {
    for (let i = 0; i < maxBatches; i += 1) {
      const batch = await underHousekeepingLock(db, (tx) => deleteAged(tx, key === 'read', before, batchRows));
      if (!batch.locked) return { ...run, skipped: true };
      run.batches += 1;
      run[key] += batch.deleted;
      if (batch.deleted < batchRows) break;
    }
  }
  for (let i = 0; i < maxBatches; i += 1) {
    let wrapped = false;
    const batch = await underHousekeepingLock(db, async (tx) => {
      const result = await deleteOverCap(tx, rule.perMember, batchRows);
      wrapped = result.wrapped;
      return result.deleted;
    });
    if (!batch.locked) return { ...run, skipped: true };
    run.batches += 1;
    run.overCap += batch.deleted;
    if (wrapped) break;
  }
  return run;
}
