// What a poke does to the store (issue #48, worker/live-apply.ts): counts on held posts only, in
// step with the drain (SYNC_LOCK), new posts counted once, pulls spread; and what a poke costs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_LOCK } from '../../common/constants';
import { clearAllTables, db } from '../../src/model/db';
import { getMeta, setMeta } from '../../src/model/meta';
import { toShownPost } from '../../src/model/shown';
import { applyCounts, applyNewPosts, COUNTED_IDS_MAX, createPullSpreader, forgetCountedPosts } from '../../worker/live-apply';
import { withLock } from '../../worker/locks';
import { postRow } from './fixtures';

beforeEach(async () => {
  await clearAllTables();
  forgetCountedPosts();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('counts', () => {
  it('sets the server counts of held posts only, leaving their local intent', async () => {
    await db.posts.bulkPut([postRow({ id: 1, prayedCount: 3, commentCount: 1 }, { pendingPrays: 2, commentDelta: 1 }), postRow({ id: 2, prayedCount: 5 })]);
    expect(await applyCounts([[1, 4, 2], [2, 5, 0], [3, 9, 9]])).toBe(1);
    const one = await db.posts.get(1);
    expect([one?.prayedCount, one?.commentCount, one?.local.pendingPrays, one?.local.commentDelta]).toEqual([4, 2, 2, 1]);
    expect(one && toShownPost(one).shownPrayedCount).toBe(6);
    expect(await db.posts.get(3)).toBeUndefined();
  });

  it('prayers only grow (an old poke cannot lower a newer ack); comments follow the server both ways', async () => {
    await db.posts.put(postRow({ id: 1, prayedCount: 7, commentCount: 3 }));
    await applyCounts([[1, 6, 2]]);
    const row = await db.posts.get(1);
    expect([row?.prayedCount, row?.commentCount]).toEqual([7, 2]);
  });

  it("waits for the drain: a count that holds this device's pray lands after its ack, so the pray shows once", async () => {
    await db.posts.put(postRow({ id: 1, prayedCount: 5 }, { pendingPrays: 1 }));
    const shown = async () => toShownPost((await db.posts.get(1))!).shownPrayedCount;
    let poked: Promise<number> | null = null;
    await withLock(SYNC_LOCK, async () => {
      // The pray is on the wire; the server counted it and pokes 6 before the ack is settled here.
      poked = applyCounts([[1, 6, 0]]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await shown()).toBe(6);
      // The ack: the server's 6, the pending pray gone (worker/drain-settle.ts, in one transaction).
      await db.posts.update(1, { prayedCount: 6, local: { ...(await db.posts.get(1))!.local, pendingPrays: 0 } });
    });
    await poked;
    expect(await shown()).toBe(6);
  });

  it('a poke of 20 counts on a store of 10,000 posts reads those 20 rows and nothing else', async () => {
    await db.posts.bulkPut(Array.from({ length: 10_000 }, (_, i) => postRow({ id: i + 1, prayedCount: 1, created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() })));
    const counts = Array.from({ length: 20 }, (_, i): [number, number, number] => [1 + i * 499, 2, 1]);
    const reads = countStoreReads();
    const started = performance.now();
    expect(await applyCounts(counts)).toBe(20);
    const ms = performance.now() - started;
    const seen = reads.stop();
    // Point reads of the 20 ids (Dexie's update reads them again, and its hooks once more); never a scan.
    expect(seen.scans).toBe(0);
    expect(new Set(seen.keys)).toEqual(new Set(counts.map(([id]) => id)));
    console.info(`live poke: 20 counts on 10,000 posts: ${ms.toFixed(1)} ms, ${seen.keys.length} point reads of ${new Set(seen.keys).size} ids, ${seen.scans} scans`);
  });
});

type Method = (...args: unknown[]) => unknown;

/** Replaces `name` on `target` by a spy calling `seen` first; gives back the undo. */
function spyOn(target: object, name: string, seen: (self: unknown, args: unknown[]) => void): () => void {
  const methods = target as unknown as Record<string, Method>;
  const original = methods[name];
  if (!original) throw new Error(`no ${name} to spy on`);
  methods[name] = function (this: unknown, ...args: unknown[]) {
    seen(this, args);
    return original.apply(this, args);
  };
  return () => {
    methods[name] = original;
  };
}

/** Counts IndexedDB reads of the posts store: point reads by key, and anything that walks a range or an index. */
function countStoreReads(): { stop(): { keys: number[]; scans: number } } {
  const keys: number[] = [];
  let scans = 0;
  const ofPosts = (self: unknown) => (self instanceof IDBIndex ? self.objectStore.name : (self as IDBObjectStore).name) === 'posts';
  const undo = [
    spyOn(IDBObjectStore.prototype, 'get', (self, [key]) => {
      if (!ofPosts(self)) return;
      if (typeof key === 'number') keys.push(key);
      else scans += 1;
    }),
    ...['getAll', 'getAllKeys', 'openCursor', 'openKeyCursor', 'count'].map((name) => spyOn(IDBObjectStore.prototype, name, (self) => {
      if (ofPosts(self)) scans += 1;
    })),
    ...['get', 'getAll', 'getAllKeys', 'openCursor', 'openKeyCursor', 'count'].map((name) => spyOn(IDBIndex.prototype, name, (self) => {
      if (ofPosts(self)) scans += 1;
    })),
  ];
  return {
    stop() {
      for (const restore of undo) restore();
      return { keys, scans };
    },
  };
}

describe('new posts', () => {
  it('counts ids neither held nor counted before, only once the feed has a horizon', async () => {
    await db.posts.put(postRow({ id: 10 }));
    expect(await applyNewPosts([11])).toBe(0);
    expect(await getMeta('newCount')).toBeUndefined();
    await setMeta('feedSince', '2025-01-01T12:00:00.000Z');
    await setMeta('newCount', 2);
    expect(await applyNewPosts([10, 11, 12, 11])).toBe(2);
    expect(await applyNewPosts([12, 13])).toBe(1);
    expect(await getMeta('newCount')).toBe(5);
    // Another horizon (the new posts were loaded): counted afresh.
    await setMeta('feedSince', '2025-01-02T12:00:00.000Z');
    await setMeta('newCount', 0);
    expect(await applyNewPosts([13])).toBe(1);
  });

  it('remembers a bounded number of ids', async () => {
    await setMeta('feedSince', '2025-01-01T12:00:00.000Z');
    await applyNewPosts(Array.from({ length: COUNTED_IDS_MAX + 10 }, (_, i) => 100 + i));
    // The oldest counted were forgotten; the latest still count once.
    expect(await applyNewPosts([100 + COUNTED_IDS_MAX + 9])).toBe(0);
    expect(await applyNewPosts([100])).toBe(1);
  });
});

describe('pull spread', () => {
  it('runs one catch-up at a random moment within the spread, shared by the pokes before it', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => undefined);
    const spreader = createPullSpreader(run, () => 0.5);
    spreader.ask(2_000);
    spreader.ask(2_000);
    spreader.ask(4_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    // A shorter spread brings a waiting one forward.
    spreader.ask(10_000);
    spreader.ask(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('spreads over the whole window', () => {
    vi.useFakeTimers();
    const delays: number[] = [];
    for (const r of [0, 0.25, 0.999]) {
      const asked = Date.now();
      const spreader = createPullSpreader(async () => delays.push(Date.now() - asked), () => r);
      spreader.ask(1_000);
      vi.advanceTimersByTime(1_000);
    }
    expect(delays).toEqual([0, 250, 999]);
  });
});
