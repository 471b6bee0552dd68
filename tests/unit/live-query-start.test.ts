// Issue #23 item 6: the screens' live queries, started together while the database opens (as a
// page start does), each read in one transaction and keep being tracked. With getMeta/getAuth as
// async functions, the explicit read transactions of readSession and readSyncSnapshot lost their
// transaction after `await getAuth()` in most such starts: their outbox counts ran outside it,
// it committed with them still to come, and Dexie threw PrematureCommitError (the CI error page
// on /settings/account). docs/decisions/0037-explicit-read-transactions-keep-to-dexie-promises.md.
import { liveQuery, type Subscription } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { newEntry } from '../../src/commands/commit';
import { clearAllTables, db } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { readChannel, readFeed, readNewCount, readSession, readSyncSnapshot } from '../../src/db/reads';
import { readDelivery, readRefusedChanges } from '../../src/db/change-reads';
import { readModerationQueue } from '../../src/db/moderation-reads';
import { readAccountSettings } from '../../src/db/account-reads';
import type { ApiUser } from '../../common/contract';

const MEMBER = 7;
const STARTS = 30;

beforeEach(async () => {
  await clearAllTables();
  const user = { id: MEMBER, today_prayer_count: 2 } as Partial<ApiUser> as ApiUser;
  await setMeta('auth', { memberToken: 'token', guestToken: null, user, guest: null, expired: false });
});

/** What one start of the app shell and a settings screen subscribe to at once. */
const SCREEN_QUERIES: (() => Promise<unknown>)[] = [
  readSyncSnapshot, readSession, async () => readChannel(), async () => readFeed({}), readRefusedChanges, readNewCount, readAccountSettings,
  readModerationQueue, async () => readDelivery(['a']), readSyncSnapshot, readSession,
];

type Started = { subscriptions: Subscription[]; errors: string[] };

/** Closes the database (it reopens on the first read) and subscribes every query in one go. */
function startPage(extra: Record<string, (value: unknown) => void> = {}): Started {
  db.close({ disableAutoOpen: false });
  const errors: string[] = [];
  const subscriptions = SCREEN_QUERIES.map((querier, index) =>
    liveQuery(querier).subscribe({
      next: (value) => extra[String(index)]?.(value),
      error: (error: unknown) => errors.push(`${String(index)}: ${error instanceof Error ? error.name : String(error)}`),
    }),
  );
  return { subscriptions, errors };
}

function stop(started: Started): void {
  for (const subscription of started.subscriptions) subscription.unsubscribe();
}

/** Resolves with the first value of `index` that `accept` takes. */
function valueOf<T>(handlers: Record<string, (value: unknown) => void>, index: number, accept: (value: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`query ${String(index)}: no such value in 2 s`)), 2000);
    handlers[String(index)] = (value) => {
      if (!accept(value as T)) return;
      clearTimeout(timer);
      resolve(value as T);
    };
  });
}

describe('live queries started while the database opens', () => {
  it('never commit an explicit read transaction early', async () => {
    const errors: string[] = [];
    for (let start = 0; start < STARTS; start++) {
      const handlers: Record<string, (value: unknown) => void> = {};
      const session = valueOf<{ ready: boolean }>(handlers, 1, (value) => value.ready);
      const started = startPage(handlers);
      await session.catch(() => undefined);
      stop(started);
      errors.push(...started.errors);
    }
    expect(errors).toEqual([]);
  });

  it('keep tracking the outbox they count in their transaction', async () => {
    const handlers: Record<string, (value: unknown) => void> = {};
    const first = valueOf<{ todayPrayerCount: number; ready: boolean }>(handlers, 1, (value) => value.ready);
    const started = startPage(handlers);
    expect((await first).todayPrayerCount).toBe(2);
    const counted = valueOf<{ todayPrayerCount: number }>(handlers, 1, (value) => value.todayPrayerCount === 3);
    const pending = valueOf<{ pending: number }>(handlers, 0, (value) => value.pending === 1);
    await db.outbox.add({ ...newEntry('post.pray', { postId: 1 }, null), accountId: MEMBER });
    await expect(counted).resolves.toMatchObject({ todayPrayerCount: 3 });
    await expect(pending).resolves.toMatchObject({ pending: 1 });
    stop(started);
    expect(started.errors).toEqual([]);
  });
});
