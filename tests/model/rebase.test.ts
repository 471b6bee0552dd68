// The rebase (src/model/rebase.ts): server rows in, pending intent re-applied on top.
// Shown count = server count + this device's unacknowledged prays, whatever arrives when.
import { beforeEach, describe, expect, it } from 'vitest';
import { prayForPost, toggleBookmark } from '../../src/commands';
import { commit, newEntry } from '../../src/commands/commit';
import { clearAllTables, db, writeTables } from '../../src/model/db';
import { readPost } from '../../src/db/reads';
import { apiPost, commentRow, postRow } from '../unit/fixtures';
import { aSecondLater } from '../helpers/pray-clock';
import { rebasePutRows, rebaseRows } from '../../src/commands/ops/registry';
import { putServerRows } from '../../src/model/rows';

const ref = [{ table: 'posts' as const, id: 1 }];

function pull(prayedCount: number, isBookmarked = false): Promise<void> {
  return db.transaction('rw', writeTables(), async () => {
    await putServerRows('posts', [apiPost({ id: 1, prayedCount, is_bookmarked: isBookmarked })]);
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
    aSecondLater();
    await prayForPost(1);
    const [first] = await db.outbox.toArray();
    await db.transaction('rw', writeTables(), async () => {
      await db.outbox.delete(first?.seq ?? 0);
      await putServerRows('posts', [apiPost({ id: 1, prayedCount: 5, isPrayed: true })]);
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

describe('the indexed rebase (issue #10)', () => {
  it("re-applies only the viewer's entries on the rows, through the rows' index", async () => {
    await db.posts.bulkPut([postRow({ id: 2, prayedCount: 1 }), postRow({ id: 3, prayedCount: 1 })]);
    await prayForPost(1);
    await prayForPost(2);
    // Another account's pray on post 1, held (docs/architecture/sync-protocol.md 'Outbox and sync
    // protocol'): not this viewer's intent.
    await db.outbox.add({ ...newEntry('post.pray', { postId: 1 }, null), accountId: 99 });
    await pull(4);
    expect(await db.posts.get(1)).toMatchObject({ local: { pendingPrays: 1 } });
    expect(await db.posts.get(2)).toMatchObject({ local: { pendingPrays: 1 } });
  });

  it('resets every row an entry touches, to a fixed point (a comment and its post)', async () => {
    await db.comments.put(commentRow({ id: 10, post_id: 1 }));
    await commit(async () => newEntry('comment.delete', { postId: 1, commentId: 10 }, null));
    await commit(async () => newEntry('comment.create', { postId: 1, commentId: -5 }, { comment: 'Amen' }));
    expect(await db.posts.get(1)).toMatchObject({ local: { commentDelta: 0 } });
    // Seeded by the comment alone: its delete touches the post, whose create is re-applied too.
    await db.transaction('rw', writeTables(), async () => {
      await rebaseRows([{ table: 'comments', id: 10 }]);
    });
    expect(await db.posts.get(1)).toMatchObject({ local: { commentDelta: 0 } });
    expect((await db.comments.get(10))?.local.deleted).toBe(true);
    expect(await db.comments.get(-5)).toBeDefined();
  });

  it('re-applies a run of waiting prays with one write per row, whatever the queue holds (issue #25)', async () => {
    await db.posts.put(postRow({ id: 2, prayedCount: 1 }));
    const waiting = [...Array.from({ length: 300 }, (_, i) => newEntry('post.pray', { postId: 1 + (i % 2) }, null)), newEntry('post.bookmark', { postId: 1 }, null)];
    await db.outbox.bulkAdd(waiting);
    let writes = 0;
    const count = () => void (writes += 1);
    db.posts.hook('updating', count);
    try {
      await db.transaction('rw', writeTables(), async () => {
        await rebaseRows([{ table: 'posts', id: 1 }, { table: 'posts', id: 2 }]);
      });
    } finally {
      db.posts.hook('updating').unsubscribe(count);
    }
    expect(await db.posts.get(1)).toMatchObject({ local: { pendingPrays: 150, bookmarked: true } });
    expect(await db.posts.get(2)).toMatchObject({ local: { pendingPrays: 150 } });
    // The reset of each row, the prays of each row at once, the bookmark: not 300 writes.
    expect(writes).toBeLessThanOrEqual(5);
  });
});

describe('the rebase of rows just pulled (rebasePutRows, issue #25 P5)', () => {
  /** Every table a rebase writes, as rows. */
  async function snapshot() {
    return { posts: await db.posts.toArray(), comments: await db.comments.toArray() };
  }

  it('leaves exactly what the full rebase leaves, and does not write the pulled rows twice', async () => {
    await db.posts.put(postRow({ id: 2, prayedCount: 1 }));
    await db.comments.put(commentRow({ id: 10, post_id: 1 }));
    await prayForPost(1);
    await toggleBookmark(2);
    await commit(async () => newEntry('comment.delete', { postId: 1, commentId: 10 }, null));
    // A stale intent on the comment the pull does not bring: the fixed point resets it all the same.
    await db.comments.update(10, { local: { edit: 'stale', deleted: false, liked: null, reported: false } });
    const pulled = [apiPost({ id: 1, prayedCount: 7 }), apiPost({ id: 2, prayedCount: 3 }), apiPost({ id: 3, prayedCount: 0 })];
    const refs = pulled.map((post) => ({ table: 'posts' as const, id: post.id }));
    const before = await snapshot();
    let postWrites = 0;
    const count = () => void (postWrites += 1);
    db.posts.hook('updating', count);
    await db.transaction('rw', writeTables(), async () => {
      await putServerRows('posts', pulled);
      await rebaseRows(refs);
    });
    const full = await snapshot();
    const fullWrites = postWrites;
    postWrites = 0;
    await db.transaction('rw', db.posts, db.comments, async () => {
      await db.posts.clear();
      await db.comments.clear();
      await db.posts.bulkPut(before.posts);
      await db.comments.bulkPut(before.comments);
    });
    try {
      await db.transaction('rw', writeTables(), async () => {
        await putServerRows('posts', pulled);
        await rebasePutRows(refs);
      });
    } finally {
      db.posts.hook('updating').unsubscribe(count);
    }
    expect(await snapshot()).toEqual(full);
    expect(full.posts.find((post) => post.id === 1)).toMatchObject({ prayedCount: 7, local: { pendingPrays: 1, commentDelta: -1 } });
    expect(full.comments[0]?.local).toMatchObject({ deleted: true });
    // The same writes less the second one of each pulled row (its reset to the empty intent it holds).
    expect(postWrites).toBe(fullWrites - pulled.length);
  });
});
