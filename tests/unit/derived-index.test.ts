// Issue #10: the derived index fields (src/model/feed-key.ts, src/model/outbox-index.ts) follow every
// write, and the feed's window query is not re-run by a change that moves no key (a pray).
import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { readFeedWindow } from '../../src/db/feed-reads';
import { HIDDEN_CHANNEL } from '../../src/model/feed-key';
import { ANY_ACCOUNT } from '../../src/model/outbox-index';
import { newEntry } from '../../src/commands/commit';
import { postRow } from './fixtures';
import { expectSoon } from '../helpers/wait-until';

beforeEach(async () => {
  await clearAllTables();
});

describe('the feed key of a post', () => {
  it('is set on put and follows local intent that moves or hides the post', async () => {
    await db.posts.put(postRow({ id: 1, created_at: '2025-01-01T12:00:00.000Z' }));
    const created = (await db.posts.get(1))?.feed;
    expect(created?.slice(0, 3)).toEqual([1, Date.parse('2025-01-01T12:00:00.000Z'), 1]);

    await db.posts.where('id').equals(1).modify((row) => {
      row.local.pendingPrays += 1;
    });
    expect((await db.posts.get(1))?.feed).toEqual(created);

    const answeredAt = '2025-02-01T00:00:00.000Z';
    await db.posts.update(1, { 'local.answer': { answered: true, answer_text: 'Healed', at: answeredAt } });
    expect((await db.posts.get(1))?.feed?.[1]).toBe(Date.parse(answeredAt));

    await db.posts.where('id').equals(1).modify((row) => {
      row.local.deleted = true;
    });
    expect((await db.posts.get(1))?.feed?.[0]).toBe(HIDDEN_CHANNEL);
  });

  it('is set by bulkPut over existing rows (a pull)', async () => {
    await db.posts.put(postRow({ id: 1 }));
    await db.posts.bulkPut([postRow({ id: 1, visibility: 4 }), postRow({ id: 2, user_id: null, is_anonymous: true })]);
    expect((await db.posts.get(1))?.feed?.[0]).toBe(HIDDEN_CHANNEL);
    expect((await db.posts.get(2))?.feed?.slice(4, 7)).toEqual([-1, 'REQUEST', 1]);
  });
});

describe('the mine and bookmarked indexes', () => {
  it('hold just the viewer’s own live posts and the bookmarked ones, and follow local intent', async () => {
    await db.posts.bulkPut([postRow({ id: 1, is_mine: true }), postRow({ id: 2 }), postRow({ id: 3, is_bookmarked: true })]);
    expect(await db.posts.orderBy('mine').primaryKeys()).toEqual([1]);
    expect(await db.posts.orderBy('bookmarked').primaryKeys()).toEqual([3]);
    await db.posts.update(2, { 'local.bookmarked': true });
    await db.posts.update(3, { 'local.bookmarked': false });
    await db.posts.update(1, { 'local.deleted': true });
    expect(await db.posts.orderBy('bookmarked').primaryKeys()).toEqual([2]);
    expect(await db.posts.orderBy('mine').count()).toBe(0);
    expect((await db.posts.get(3))?.bookmarked).toBeUndefined();
  });
});

describe('the outbox index fields', () => {
  it('are derived from the target and account, and follow a temporary id rewrite', async () => {
    const entry = newEntry('comment.create', { postId: -3, commentId: -4 }, { comment: 'Amen' });
    const seq = await db.outbox.add(entry);
    expect(await db.outbox.get(seq)).toMatchObject({ acct: ANY_ACCOUNT, rowKeys: ['posts:-3', 'comments:-4'], ids: [-3, -4] });
    await db.outbox.where('ids').equals(-3).modify((stored) => {
      if (stored.op === 'comment.create') stored.target = { ...stored.target, postId: 12 };
      stored.accountId = 7;
    });
    expect(await db.outbox.get(seq)).toMatchObject({ acct: 7, rowKeys: ['posts:12', 'comments:-4'], ids: [12, -4] });
    expect(await db.outbox.where('rowKeys').equals('posts:12').count()).toBe(1);
  });
});

describe('the feed window', () => {
  it('is not re-run by a pray, and is by a new post', async () => {
    await db.posts.bulkPut([postRow({ id: 1 }), postRow({ id: 2, created_at: '2025-01-02T00:00:00.000Z', user_id: 9 })]);
    const emissions: number[][] = [];
    const subscription = liveQuery(async () => readFeedWindow({}, 50)).subscribe((window) => emissions.push(window.items.map((i) => i.id)));
    await expectSoon(() => emissions.length === 1);
    await db.posts.where('id').equals(1).modify((row) => {
      row.local.pendingPrays += 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(emissions).toHaveLength(1);
    await db.posts.put(postRow({ id: 3, created_at: '2025-01-03T00:00:00.000Z', user_id: 10 }));
    await expectSoon(() => emissions.length === 2);
    subscription.unsubscribe();
    expect(emissions).toEqual([[2, 1], [3, 2, 1]]);
  });
});
