// Notification retention (issue #50 item 3; docs/product.md §11 'How long notifications are kept',
// server/domain/notification-retention.ts): read ones go after 90 days, unread ones after 365, a
// member keeps the newest 500; batches are bounded and take turns under an advisory lock.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { firstRow } from '../../server/db/first-row';
import { applyNotificationRetention, NOTIFICATION_RETENTION } from '../../server/domain/notification-retention';
import { useApi } from './api';
import { person } from './groups-support';
import { newRequest } from './post-actors';

const api = useApi();

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();

/** `count` notifications of `userId` on `postId`, the i-th last changed `ageDays(i)` days before NOW, read or not. */
async function seed(userId: number, postId: number, count: number, ageDays: (i: number) => number, read: boolean): Promise<void> {
  const times = Array.from({ length: count }, (_, i) => new Date(NOW.getTime() - ageDays(i) * DAY).toISOString());
  await api.server.handle.db.execute(sql`insert into notifications (user_id, post_id, kind, day, created_at, updated_at, read_at)
    select ${userId}::integer, ${postId}::integer, 'prayed', date '2000-01-01' + n::integer, t, t, case when ${read}::boolean then t end
    from unnest(${`{${times.join(',')}}`}::timestamptz[]) with ordinality as x(t, n)`);
}

async function countOf(userId: number, where = sql`true`): Promise<number> {
  const row = firstRow(await api.server.handle.db.execute(sql`select count(*)::int as n from notifications where user_id = ${userId} and ${where}`), 'count');
  return Number(row.n);
}

describe('notification retention', () => {
  it('deletes read ones past 90 days and unread ones past 365, keeps the rest', async () => {
    const member = await person(api, 'Retained Rita');
    const post = await newRequest(api, member.token, 'Pray for the retention rule.');
    await seed(member.id, post.id, 4, (i) => [10, 89, 91, 400][i] ?? 0, true);
    const unreadPost = await newRequest(api, member.token, 'Pray for the unread ones.');
    await seed(member.id, unreadPost.id, 3, (i) => [91, 364, 366][i] ?? 0, false);
    const run = await applyNotificationRetention(api.server.handle.db, NOW);
    expect(run.skipped).toBe(false);
    expect(await countOf(member.id, sql`read_at is not null`)).toBe(2);
    expect(await countOf(member.id, sql`read_at is not null and updated_at < ${new Date(NOW.getTime() - 90 * DAY).toISOString()}::timestamptz`)).toBe(0);
    expect(await countOf(member.id, sql`read_at is null`)).toBe(2);
    expect(await countOf(member.id, sql`read_at is null and updated_at < ${new Date(NOW.getTime() - 365 * DAY).toISOString()}::timestamptz`)).toBe(0);
  });

  it('keeps a member only their newest N, in batches of at most the batch size', async () => {
    const member = await person(api, 'Busy Bea');
    const post = await newRequest(api, member.token, 'Pray for the cap.');
    const keep = 30;
    await seed(member.id, post.id, 75, (i) => i / 10, false);
    const rule = { ...NOTIFICATION_RETENTION, perMember: keep };
    // One batch of 20 rows at most: the walk stays on the member until its rows are under the cap.
    const first = await applyNotificationRetention(api.server.handle.db, NOW, { maxBatches: 1, batchRows: 20, rule });
    expect(first.overCap).toBe(20);
    expect(await countOf(member.id)).toBe(55);
    for (let i = 0; i < 10 && (await countOf(member.id)) > keep; i += 1) {
      const run = await applyNotificationRetention(api.server.handle.db, NOW, { maxBatches: 1, batchRows: 20, rule });
      expect(run.overCap).toBeLessThanOrEqual(20);
    }
    expect(await countOf(member.id)).toBe(keep);
    // The newest were kept: nothing older than the 30th newest (ages 0 .. 2.9 days) is left.
    expect(await countOf(member.id, sql`updated_at < ${new Date(NOW.getTime() - 2.95 * DAY).toISOString()}::timestamptz`)).toBe(0);
  });

  it('age batches are bounded too, and a batch skips its turn while another process holds the lock', async () => {
    const member = await person(api, 'Old Olga');
    const post = await newRequest(api, member.token, 'Pray for old times.');
    await seed(member.id, post.id, 25, (i) => 100 + i, true);
    const { db } = api.server.handle;
    const one = await applyNotificationRetention(db, NOW, { maxBatches: 1, batchRows: 10 });
    expect(one.read).toBe(10);
    expect(await countOf(member.id)).toBe(15);
    // Another holder of the lock (a second API process): the run stops at once, deleting nothing.
    if (api.server.handle.kind === 'postgres') {
      await api.server.handle.withSession(async (s) => {
        await s.exec('BEGIN');
        await s.rows('select pg_advisory_xact_lock(7310050)');
        const held = await applyNotificationRetention(db, NOW, { maxBatches: 1, batchRows: 10 });
        await s.exec('COMMIT');
        expect(held).toMatchObject({ skipped: true, read: 0 });
      });
      expect(await countOf(member.id)).toBe(15);
    }
    await applyNotificationRetention(db, NOW, { maxBatches: 5, batchRows: 10 });
    expect(await countOf(member.id)).toBe(0);
  });
});
