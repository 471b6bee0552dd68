// Issue #12 point 4: a double tap on Pray counts once; every later tap still counts (docs/product.md §10).
// The rule (src/commands/pray-gate.ts) reads an injected clock: no test here waits for real time.
import { beforeEach, describe, expect, it } from 'vitest';
import { addListItem, createList, prayForListItem, prayForPost, recoverUnsavedPrays } from '../../src/commands';
import { commitKeyed, newEntry } from '../../src/commands/commit';
import { claimPray, DOUBLE_TAP_MS, forgetOwnClaims, setPrayClock, unsavedPrays } from '../../src/commands/pray-gate';
import { clearAllTables, db } from '../../src/model/db';
import { intentState } from '../../src/db/intents';
import { readPost } from '../../src/db/reads';
import { toShownPost } from '../../src/model/shown';
import { readListItem } from '../../src/db/list-reads';
import { postRow } from './fixtures';

let now = 1_700_000_000_000;
const at = (ms: number) => {
  now = ms;
};

beforeEach(async () => {
  await clearAllTables();
  await db.posts.bulkPut([postRow({ id: 1, prayedCount: 4 }), postRow({ id: 2, prayedCount: 0, type: 'THANK' })]);
  now = 1_700_000_000_000;
  setPrayClock(() => now);
});

const prays = async (postId: number) =>
  (await db.outbox.where('op').equals('post.pray').toArray()).filter((e) => e.op === 'post.pray' && e.target.postId === postId).length;

describe('claimPray', () => {
  it('refuses the same target within a second of the counted pray, then allows it again', () => {
    const start = 5_000;
    expect(claimPray('post:7', start)).not.toBeNull();
    expect(claimPray('post:7', start + 1)).toBeNull();
    expect(claimPray('post:7', start + DOUBLE_TAP_MS - 1)).toBeNull();
    expect(claimPray('post:7', start + DOUBLE_TAP_MS)).not.toBeNull();
  });

  it('measures from the last counted pray, not from the last tap', () => {
    expect(claimPray('post:7', 0)).not.toBeNull();
    expect(claimPray('post:7', 600)).toBeNull();
    // 1,000 ms after the counted pray, though only 400 after the absorbed tap: counts.
    expect(claimPray('post:7', 1_000)).not.toBeNull();
  });

  it('keeps targets apart: a post and a list item of the same id, two posts', () => {
    expect(claimPray('post:7', 0)).not.toBeNull();
    expect(claimPray('post:8', 10)).not.toBeNull();
    expect(claimPray('item:7', 20)).not.toBeNull();
  });

  it('a claim given back (the transaction failed) lets the next tap count at once', () => {
    const claim = claimPray('post:7', 0);
    claim?.release();
    expect(claimPray('post:7', 10)).not.toBeNull();
  });

  it('a clock set back does not block praying', () => {
    expect(claimPray('post:7', 10_000)).not.toBeNull();
    expect(claimPray('post:7', 9_500)).not.toBeNull();
  });
});

describe('prayForPost twice', () => {
  it('a double tap within a second queues one pray and shows one more prayer', async () => {
    expect(await prayForPost(1)).toBe('counted');
    at(now + 300);
    expect(await prayForPost(1)).toBe('alreadyCounted');
    expect(await prays(1)).toBe(1);
    expect((await readPost(1))?.shownPrayedCount).toBe(5);
  });

  it('two taps before the first transaction ends: the second paints nothing and queues nothing', async () => {
    // Intents of earlier tests stay until a live query reads them back: count the new ones.
    const before = intentState('post:1').intents.length;
    const first = prayForPost(1);
    // The first tap's intent is painted synchronously; the second tap comes in the same frame.
    expect(intentState('post:1').intents).toHaveLength(before + 1);
    const second = prayForPost(1);
    expect(intentState('post:1').intents).toHaveLength(before + 1);
    expect(await Promise.all([first, second])).toEqual(['counted', 'alreadyCounted']);
    expect(await prays(1)).toBe(1);
  });

  it('a tap a second later counts again, and so does every later one', async () => {
    await prayForPost(1);
    at(now + DOUBLE_TAP_MS);
    expect(await prayForPost(1)).toBe('counted');
    at(now + 5_000);
    expect(await prayForPost(1)).toBe('counted');
    expect(await prays(1)).toBe(3);
    expect((await readPost(1))?.shownPrayedCount).toBe(7);
  });

  it('a quick tap on another post counts', async () => {
    await prayForPost(1);
    at(now + 100);
    expect(await prayForPost(2)).toBe('counted');
    expect([await prays(1), await prays(2)]).toEqual([1, 1]);
  });

  it('a refused first tap does not swallow the next one', async () => {
    await expect(prayForPost(404)).rejects.toMatchObject({ status: 404 });
    await db.posts.put(postRow({ id: 404 }));
    at(now + 100);
    expect(await prayForPost(404)).toBe('counted');
    expect(await prays(404)).toBe(1);
  });
});

describe('prayForListItem twice', () => {
  it('counts a double tap once and a tap a second later again', async () => {
    const { id: listId } = await createList({ name: 'Family' });
    const { id: itemId } = await addListItem(listId, { text: 'Health' });
    expect(await prayForListItem(itemId)).toBe('counted');
    at(now + 250);
    expect(await prayForListItem(itemId)).toBe('alreadyCounted');
    expect((await readListItem(itemId))?.shownPrayedCount).toBe(1);
    at(now + DOUBLE_TAP_MS);
    expect(await prayForListItem(itemId)).toBe('counted');
    expect((await readListItem(itemId))?.shownPrayedCount).toBe(2);
    expect(await db.outbox.where('op').equals('listItem.pray').count()).toBe(2);
  });
});

describe('a pray waiting to be sent', () => {
  it('shows on the pray button, not as the card line above it (which would move the button)', async () => {
    await prayForPost(1);
    const shown = await readPost(1);
    expect(shown).toMatchObject({ isPending: true, isPendingBesidesPrays: false, shownPrayedCount: 5, prayedCount: 4 });
    expect(toShownPost(postRow({ id: 3 }, { pendingPrays: 1, bookmarked: true })).isPendingBesidesPrays).toBe(true);
    expect(toShownPost(postRow({ id: -3 }, { pendingPrays: 1 })).isPendingBesidesPrays).toBe(true);
  });
});

describe('a pray is kept from the tap (docs/architecture/local-store.md, its section of that name)', () => {
  const keys = async () => (await db.outbox.toArray()).map((entry) => entry.key);

  it('a pray whose page closed before its transaction committed is saved at the next start, once, under its key', async () => {
    const claim = claimPray('post:1', now);
    forgetOwnClaims(); // the page closed: its transaction never ran
    expect(unsavedPrays().map((pray) => pray.key)).toEqual([claim?.key]);
    expect(await recoverUnsavedPrays()).toBe(1);
    expect(await keys()).toEqual([claim?.key]);
    expect((await readPost(1))?.shownPrayedCount).toBe(5);
    expect(unsavedPrays()).toEqual([]);
    expect(await recoverUnsavedPrays()).toBe(0);
    expect(await prays(1)).toBe(1);
  });

  it('a list item pray too', async () => {
    const { id: listId } = await createList({ name: 'Family' });
    const { id: itemId } = await addListItem(listId, { text: 'Health' });
    claimPray(`item:${itemId}`, now);
    forgetOwnClaims();
    expect(await recoverUnsavedPrays()).toBe(1);
    expect((await readListItem(itemId))?.shownPrayedCount).toBe(1);
  });

  it('the page that tapped saves nothing more when another page saved its pray first', async () => {
    const claim = claimPray('post:1', now);
    if (!claim) throw new Error('claimed');
    forgetOwnClaims(); // seen from another page, which recovers it while this one still commits
    expect(await recoverUnsavedPrays()).toBe(1);
    expect(await commitKeyed(claim.key, async () => newEntry('post.pray', { postId: 1 }, null))).toBeNull();
    expect(await prays(1)).toBe(1);
  });

  it('a page leaves its own running prays alone, and a committed pray leaves nothing behind', async () => {
    const tap = prayForPost(1);
    expect(await recoverUnsavedPrays()).toBe(0);
    expect(await tap).toBe('counted');
    forgetOwnClaims();
    expect(unsavedPrays()).toEqual([]);
    expect(await prays(1)).toBe(1);
  });

  it('a refused pray leaves nothing behind; one for a post that is gone is dropped at the start', async () => {
    await expect(prayForPost(404)).rejects.toMatchObject({ status: 404 });
    expect(unsavedPrays()).toEqual([]);
    claimPray('post:405', now);
    forgetOwnClaims();
    expect(await recoverUnsavedPrays()).toBe(0);
    expect(unsavedPrays()).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });
});
