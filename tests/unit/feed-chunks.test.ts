// Issue #10: the unfiltered feed read as chunks of the feed index (src/db/feed-chunks.ts). The
// chunks together show exactly what one read of the same keys shows, in order, whatever is
// written where; a write re-reads only the chunk whose range it touches; an open last chunk that
// pulled pages made long is cut, so no read grows with what was pulled.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { FeedChunks, type ChunkedFeed } from '../../src/db/feed-chunks';
import { postRow } from './fixtures';

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();
/** Post n is n minutes after midnight: a higher id is newer. Distinct authors: nothing folds. */
const post = (id: number) => postRow({ id, user_id: 1000 + id, created_at: at(id) });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);

let store: FeedChunks | null = null;

beforeEach(async () => {
  await clearAllTables();
});
afterEach(() => {
  store?.dispose();
  store = null;
  vi.restoreAllMocks();
});

/** Resolves with the first snapshot that passes `isDone` (or fails after 2 s). */
function snapshotWhen(chunks: FeedChunks, isDone: (feed: ChunkedFeed) => boolean): Promise<ChunkedFeed> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const feed = chunks.getSnapshot();
      if (!feed || !isDone(feed)) return;
      unsubscribe();
      clearTimeout(timer);
      resolve(feed);
    };
    const unsubscribe = chunks.subscribe(check);
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no such snapshot; last: ${JSON.stringify(chunks.getSnapshot()?.rows.map((row) => row.id))}`));
    }, 2000);
    check();
  });
}

const ids = (feed: ChunkedFeed) => feed.rows.map((row) => row.id);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('FeedChunks', () => {
  it('reads the first chunk, then one more each time it grows, and counts what is held below', async () => {
    await db.posts.bulkPut(range(1, 25).map(post));
    store = new FeedChunks(1, 10, 5);
    await store.start();
    let feed = await snapshotWhen(store, () => true);
    expect(ids(feed)).toEqual(newestFirst(range(16, 25)));
    expect(feed.isEnd).toBe(false);
    expect((await snapshotWhen(store, (f) => f.heldBelow === 15)).heldBelow).toBe(15);

    await store.grow();
    feed = await snapshotWhen(store, (f) => f.rows.length === 15 && f.heldBelow === 10);
    expect(ids(feed)).toEqual(newestFirst(range(11, 25)));

    await store.grow();
    await store.grow();
    await store.grow();
    feed = await snapshotWhen(store, (f) => f.isEnd);
    expect(ids(feed)).toEqual(newestFirst(range(1, 25)));
    expect(feed.heldBelow).toBe(0);
  });

  it('places each write in its chunk: new at the top, one in the middle, pulled below the end, one hidden', async () => {
    await db.posts.bulkPut(range(10, 30).map(post));
    store = new FeedChunks(1, 8, 5);
    await store.start();
    for (let i = 0; i < 4; i += 1) await store.grow();
    await snapshotWhen(store, (f) => f.isEnd);

    await db.posts.put(post(40));
    // Id 35 between minutes 17 and 18: inside a chunk read before.
    await db.posts.put(postRow({ id: 35, user_id: 5, created_at: new Date(Date.UTC(2025, 0, 1, 0, 17, 30)).toISOString() }));
    await db.posts.bulkPut(range(1, 9).map(post));
    await db.posts.update(20, { visibility: 4 });
    const expected = [40, ...newestFirst(range(21, 30)), ...newestFirst(range(18, 19)), 35, ...newestFirst(range(1, 17))];
    const feed = await snapshotWhen(store, (f) => f.rows.length === expected.length && f.rows[0]?.id === 40);
    expect(ids(feed)).toEqual(expected);
    expect(feed.isEnd).toBe(true);
  });

  it('re-reads only the chunk a write touches', async () => {
    await db.posts.bulkPut(range(1, 40).map(post));
    store = new FeedChunks(1, 10, 10);
    await store.start();
    await store.grow();
    await store.grow();
    await snapshotWhen(store, (f) => f.rows.length === 30);
    await settle();

    const sizes = keyReads();
    await db.posts.put({ ...post(15), text: 'edited: the same key' });
    await db.posts.put(postRow({ id: 100, user_id: 3, created_at: new Date(Date.UTC(2025, 0, 1, 0, 25, 30)).toISOString() }));
    const feed = await snapshotWhen(store, (f) => f.rows.some((row) => row.id === 100));
    await settle();
    expect(ids(feed)).toEqual([...newestFirst(range(26, 40)), 100, ...newestFirst(range(11, 25))]);
    // The new post's chunk (minutes 21-30, now 11 keys) read once; none other, nor the edit's.
    expect(sizes).toEqual([11]);
  });

  it('cuts an open last chunk that pulled pages made long, so every read stays a chunk', async () => {
    await db.posts.bulkPut(range(95, 100).map(post));
    store = new FeedChunks(1, 10, 10);
    await store.start();
    await snapshotWhen(store, (f) => f.isEnd && f.rows.length === 6);

    // Pages of 20 pulled below the end one after another, as "load more" writes them.
    const sizes = keyReads();
    for (let top = 94; top > 0; top -= 20) {
      const bottom = Math.max(1, top - 19);
      await db.posts.bulkPut(range(bottom, top).map(post));
      await snapshotWhen(store, (f) => f.rows.length === 101 - bottom);
    }
    const feed = await snapshotWhen(store, (f) => f.rows.length === 100);
    expect(ids(feed)).toEqual(newestFirst(range(1, 100)));
    expect(feed.isEnd).toBe(true);
    // An open chunk is cut once it holds more than two steps: no read came near the 100 rows shown.
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(2 * 10 + 20);
    // Issue #25 point 4: each pulled key is read once, when its page lands below the open chunk;
    // neither what the chunk held nor the pieces of a cut are read again.
    expect(sizes).toEqual([20, 20, 20, 20, 14]);
  });

  it('sees a post deleted from the middle of the feed, and one written while a chunk was first read', async () => {
    await db.posts.bulkPut(range(1, 30).map(post));
    store = new FeedChunks(1, 10, 10);
    await store.start();
    await store.grow();
    await snapshotWhen(store, (f) => f.rows.length === 20);

    // A delete names the row only (Dexie does not see its old keys): found through its id.
    await db.posts.delete(15);
    let feed = await snapshotWhen(store, (f) => !f.rows.some((row) => row.id === 15));
    expect(ids(feed)).toEqual(newestFirst(range(11, 30)).filter((id) => id !== 15));

    // Written once the next chunk's read has its keys, before the chunk is made: it reads again.
    const late = postRow({ id: 200, user_id: 7, created_at: new Date(Date.UTC(2025, 0, 1, 0, 5, 30)).toISOString() });
    afterNextKeyRead(() => db.posts.put(late));
    await store.grow();
    feed = await snapshotWhen(store, (f) => f.rows.some((row) => row.id === 200));
    const held = [...newestFirst(range(6, 30)).filter((id) => id !== 15), 200, ...newestFirst(range(1, 5))];
    expect(ids(feed)).toEqual(held.slice(0, feed.rows.length));
  });
});

/** The next key read (Collection.keys) answers only once `write` has committed. */
function afterNextKeyRead(write: () => Promise<unknown>): void {
  const proto = Object.getPrototypeOf(db.posts.toCollection()) as { keys: (...args: unknown[]) => Promise<unknown[]> };
  const original = proto.keys;
  vi.spyOn(proto, 'keys').mockImplementationOnce(function (this: unknown, ...args: unknown[]) {
    return original.apply(this, args).then(async (keys) => {
      await write();
      return keys;
    });
  });
}

/** The sizes of the key reads (Collection.keys) from now on. */
function keyReads(): number[] {
  const sizes: number[] = [];
  const proto = Object.getPrototypeOf(db.posts.toCollection()) as { keys: (...args: unknown[]) => Promise<unknown[]> };
  const original = proto.keys;
  vi.spyOn(proto, 'keys').mockImplementation(function (this: unknown, ...args: unknown[]) {
    return original.apply(this, args).then((keys) => {
      sizes.push(keys.length);
      return keys;
    });
  });
  return sizes;
}
