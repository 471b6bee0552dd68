// The screens' live queries must keep updating after their first result (a querier that awaits
// several reads loses Dexie's tracking unless it is an async function).
import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { feedWindowQuerier } from '../../src/db/feed-window-hooks';
import { postRow } from './fixtures';

beforeEach(async () => {
  await clearAllTables();
  await db.posts.put(postRow({ id: 1 }));
});

function nextEmissions<T>(querier: () => Promise<T>, count: number, act: () => Promise<unknown>): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const seen: T[] = [];
    const subscription = liveQuery(querier).subscribe({
      next: (value) => {
        seen.push(value);
        if (seen.length === 1) void act();
        if (seen.length === count) {
          subscription.unsubscribe();
          resolve(seen);
        }
      },
      error: reject,
    });
    setTimeout(() => {
      subscription.unsubscribe();
      reject(new Error(`only ${seen.length} of ${count} emissions`));
    }, 2000);
  });
}

describe('feedWindowQuerier', () => {
  it('emits again when a post is added after the first result', async () => {
    const [first, second] = await nextEmissions(feedWindowQuerier({}, 50), 2, () => db.posts.put(postRow({ id: 2, user_id: 12 })));
    expect(first?.items.map((p) => p.id)).toEqual([1]);
    expect(second?.items.map((p) => p.id).sort()).toEqual([1, 2]);
  });

  it('emits again when a post changes in a filtered view (it reads rows)', async () => {
    const [, second] = await nextEmissions(feedWindowQuerier({ type: 'REQUEST' }, 50), 2, () => db.posts.update(1, { prayedCount: 9 }));
    expect(second?.items.map((p) => p.id)).toEqual([1]);
  });

  it('emits again when a filtered view gains a match', async () => {
    const [first, second] = await nextEmissions(feedWindowQuerier({ type: 'THANK' }, 50), 2, () => db.posts.update(1, { type: 'THANK' }));
    expect(first?.items).toEqual([]);
    expect(second?.items.map((p) => p.id)).toEqual([1]);
  });
});
