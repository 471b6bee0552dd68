// The rebase (worker/local-store.ts): server rows in, pending intent re-applied on top.
// Shown count = server count + this device's unacknowledged prays, whatever arrives when.
import { beforeEach, describe, expect, it } from 'vitest';
import { prayForPost, toggleBookmark } from '../../src/commands';
import { clearAllTables, db, writeTables } from '../../src/db/db';
import { readPost } from '../../src/db/reads';
import { putServerPosts, rebaseRows } from '../../worker/local-store';
import { apiPost, postRow } from './fixtures';

const ref = [{ table: 'posts' as const, id: 1 }];

function pull(prayedCount: number, isBookmarked = false): Promise<void> {
  return db.transaction('rw', writeTables(), async () => {
    await putServerPosts([apiPost({ id: 1, prayedCount, is_bookmarked: isBookmarked })]);
    await rebaseRows(ref);
  });
}

beforeEach(async () => {
  await clearAllTables();
  await db.posts.put(postRow({ id: 1, prayedCount: 4 }));
});

describe('pull while a pray is pending', () => {
  it('neither doubles nor loses the pray', async () => {
    await prayForPost(1);
    await pull(4);
    expect((await readPost(1))?.shownPrayedCount).toBe(5);
    await pull(4);
    expect((await readPost(1))?.shownPrayedCount).toBe(5);
    // Someone else prayed meanwhile: their pray shows, ours still counts once.
    await pull(6);
    expect((await readPost(1))?.shownPrayedCount).toBe(7);
  });

  it('after the ack the server count carries the pray and nothing is added', async () => {
    await prayForPost(1);
    await prayForPost(1);
    const [first] = await db.outbox.toArray();
    await db.transaction('rw', writeTables(), async () => {
      await db.outbox.delete(first?.seq ?? 0);
      await putServerPosts([apiPost({ id: 1, prayedCount: 5, isPrayed: true })]);
      await rebaseRows(ref);
    });
    expect(await db.posts.get(1)).toMatchObject({ prayedCount: 5, local: { pendingPrays: 1 } });
    expect((await readPost(1))?.shownPrayedCount).toBe(6);
  });

  it('keeps a pending bookmark toggle over the pulled value', async () => {
    await toggleBookmark(1);
    await pull(4, false);
    expect((await readPost(1))?.is_bookmarked).toBe(true);
  });
});
