// A large write of server rows (src/model/compact-mutations.ts): every row lands, and what Dexie
// tells the live queries is one range per index, from the lowest key written to the highest.
import { Dexie, RangeSet, type IntervalTree } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllTables, db, writeTables } from '../../src/model/db';
import { putServerRows } from '../../src/model/rows';
import { TRACKED_WRITE_ROWS } from '../../src/model/compact-mutations';
import { apiPost } from '../unit/fixtures';

type Parts = Record<string, IntervalTree>;
const seen: Parts[] = [];
const listen = (parts: Parts) => void seen.push(parts);

beforeEach(async () => {
  await clearAllTables();
  seen.length = 0;
  Dexie.on('storagemutated', listen);
});
afterEach(() => Dexie.on('storagemutated').unsubscribe(listen));

const rangesOf = (tree: IntervalTree | undefined) => (tree ? [...new RangeSet().add(tree)].map((range) => [range.from, range.to]) : []);

describe('a large write of server rows', () => {
  it('puts every row and tells the live queries one range per index', async () => {
    const posts = Array.from({ length: 16 * TRACKED_WRITE_ROWS }, (_, i) => apiPost({ id: 1000 - i }));
    await db.transaction('rw', writeTables(), () => putServerRows('posts', posts));
    expect(await db.posts.count()).toBe(posts.length);
    const parts = seen.find((p) => Object.keys(p).some((key) => key.endsWith('/posts/feed')));
    expect(parts).toBeDefined();
    const byId = rangesOf(parts?.[`idb://${db.name}/posts/`]);
    expect(byId).toEqual([[1000 - posts.length + 1, 1000]]);
    expect(rangesOf(parts?.[`idb://${db.name}/posts/feed`])).toHaveLength(1);
  });

  it("reads the rows it replaces once, a slice of close ids as one span: Dexie's hooks find them in the transaction's cache", async () => {
    const close = Array.from({ length: 2 * TRACKED_WRITE_ROWS }, (_, i) => apiPost({ id: 500 - i }));
    const apart = Array.from({ length: TRACKED_WRITE_ROWS }, (_, i) => apiPost({ id: 10_000 + 1_000 * i }));
    await db.transaction('rw', writeTables(), () => putServerRows('posts', [...close, ...apart]));
    const gets = vi.spyOn(IDBObjectStore.prototype, 'get');
    const spans = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const edit = (posts: typeof close) => posts.map((post) => ({ ...post, text: `${post.text} (edited)` }));
    try {
      await db.transaction('rw', writeTables(), () => putServerRows('posts', edit(close)));
      // Two slices of 40 close ids: a read of each span, and no read by the hooks.
      expect([gets.mock.calls.length, spans.mock.calls.length]).toEqual([0, 2]);
      gets.mockClear();
      spans.mockClear();
      await db.transaction('rw', writeTables(), () => putServerRows('posts', edit(apart)));
      // Ids far apart: a read each, still once.
      expect([gets.mock.calls.length, spans.mock.calls.length]).toEqual([apart.length, 0]);
    } finally {
      gets.mockRestore();
      spans.mockRestore();
    }
    expect((await db.posts.get(500))?.text).toMatch(/\(edited\)$/);
    expect((await db.posts.get(10_000))?.text).toMatch(/\(edited\)$/);
  });

  it('leaves a small write key by key', async () => {
    const posts = [apiPost({ id: 5 }), apiPost({ id: 9 })];
    await db.transaction('rw', writeTables(), () => putServerRows('posts', posts));
    const parts = seen.find((p) => Object.keys(p).some((key) => key.endsWith('/posts/feed')));
    expect(rangesOf(parts?.[`idb://${db.name}/posts/`])).toEqual([[5, 5], [9, 9]]);
  });
});
