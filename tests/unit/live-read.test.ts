// Issue #23 item 6: a live read that fails keeps what it last read and is listed for the
// storage notice; the notice's Retry (retryFailedReads) runs it again. The hooks are this over
// React (src/db/live-read.ts); e2e/storage-hiccup.spec.ts covers the screens in Chromium.
import { Dexie, type Subscription } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { observeLiveRead, retryFailedReads } from '../../src/db/live-read';
import { postRow } from './fixtures';
import { expectSoon } from '../helpers/wait-until';

beforeEach(async () => {
  await clearAllTables();
  await db.posts.put(postRow({ id: 1 }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const until = (check: () => boolean) => expectSoon(check, { timeoutMs: 2000, stepMs: 5 });

describe('observeLiveRead', () => {
  it('keeps the last value through a failed read, and Retry reads again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = false;
    const querier = async () => {
      const count = await db.posts.count();
      if (fail) throw new Dexie.PrematureCommitError('the read failed (test)');
      return count;
    };
    const values: number[] = [];
    let retries = 0;
    let subscription: Subscription;
    const start = () => {
      subscription = observeLiveRead(querier, { next: (value) => values.push(value) }, () => {
        retries += 1;
        subscription.unsubscribe();
        start();
      });
    };
    start();
    await until(() => values.length === 1);

    fail = true;
    await db.posts.put(postRow({ id: 2 }));
    await until(() => warn.mock.calls.length === 1);
    expect(values).toEqual([1]);

    fail = false;
    retryFailedReads();
    expect(retries).toBe(1);
    await until(() => values.length === 2);
    expect(values).toEqual([1, 2]);
    // Listed no more: a second Retry has nothing to run.
    retryFailedReads();
    expect(retries).toBe(1);
    subscription!.unsubscribe();
  });
});
