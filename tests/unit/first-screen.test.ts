// Issue #10 P2: the feed's first screen read by the route's loader (src/db/first-screen.ts): the
// same window the feed's live query reads, and the first cards' rows as their queries would show
// them, offered as those queries' default results.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { readFeedWindow } from '../../src/db/feed-reads';
import { loadFirstScreen, primedPost } from '../../src/db/first-screen';
import { readPost } from '../../src/db/reads';
import { postRow } from './fixtures';

const minute = (n: number) => new Date(Date.UTC(2025, 0, 1, 12, n)).toISOString();

beforeEach(async () => {
  await clearAllTables();
  await db.posts.bulkPut(
    Array.from({ length: 12 }, (_, i) => postRow({ id: i + 1, user_id: 100 + i, created_at: minute(i), prayedCount: i }, { pendingPrays: i === 11 ? 2 : 0 })),
  );
});

describe('loadFirstScreen', () => {
  it('reads the window the feed reads, and primes the first cards as their own reads show them', async () => {
    const first = await loadFirstScreen(5);
    expect(first?.limit).toBe(5);
    expect(first?.window).toEqual(await readFeedWindow({}, 5));
    expect(first?.window.items.map((item) => item.id)).toEqual([12, 11, 10, 9, 8]);
    for (const id of [12, 11, 10, 9, 8]) expect(primedPost(id)?.post).toEqual(await readPost(id));
    expect(primedPost(12)?.post?.shownPrayedCount).toBe(13);
    // Only the window's first cards: a card further down reads for itself.
    expect(primedPost(7)).toBeUndefined();
  });

  it('leaves out a post deleted here, and a later load replaces the earlier one', async () => {
    await db.posts.update(12, { local: { ...postRow().local, deleted: true } });
    await loadFirstScreen(5);
    expect(primedPost(12)).toBeUndefined();
    expect(primedPost(11)).toBeDefined();
    await db.posts.delete(11);
    await loadFirstScreen(2);
    expect(primedPost(11)).toBeUndefined();
    expect(primedPost(10)?.post?.id).toBe(10);
  });
});
