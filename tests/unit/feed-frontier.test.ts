// Issue #10 P5: where "load more" goes on from (worker/feed-frontier.ts), rule by rule.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAllTables, db } from '../../src/model/db';
import { setMeta } from '../../src/model/meta';
import { frontierAfterFirstPage, frontierAfterPage, isAfter, nextPageCursor, readFrontier } from '../../worker/feed-frontier';
import { apiPost, postRow } from './fixtures';

const scope = { channelId: 1 as const, viewer: 7 };
const at = (hour: number) => `2025-03-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
const frontierAt = (id: number, hour: number) => ({ ...scope, id, createdAtMs: Date.parse(at(hour)) });

beforeEach(async () => {
  await clearAllTables();
});

describe('the feed frontier', () => {
  it('orders as the server does: older first, then the smaller id', () => {
    expect(isAfter({ id: 9, createdAtMs: 1 }, { id: 1, createdAtMs: 2 })).toBe(true);
    expect(isAfter({ id: 1, createdAtMs: 2 }, { id: 1, createdAtMs: 2 })).toBe(false);
    expect(isAfter({ id: 1, createdAtMs: 2 }, { id: 2, createdAtMs: 2 })).toBe(true);
  });

  it('is kept for its own channel and viewer only', async () => {
    await setMeta('feedFrontier', frontierAt(5, 3));
    expect(await readFrontier(scope)).toMatchObject({ id: 5 });
    expect(await readFrontier({ ...scope, viewer: 8 })).toBeNull();
    expect(await readFrontier({ ...scope, channelId: 2 })).toBeNull();
  });

  it('is the cursor when the screen holds an older post, or one it does not know', async () => {
    await setMeta('feedFrontier', frontierAt(5, 10));
    await db.posts.bulkPut([postRow({ id: 2, created_at: at(1) }), postRow({ id: 6, created_at: at(12) })]);
    expect(await nextPageCursor(scope, 2)).toEqual({ cursor: 5, fromFrontier: true });
    expect(await nextPageCursor(scope, 404)).toEqual({ cursor: 5, fromFrontier: true });
    // The frontier's post was pruned and the screen's cursor is newer: the screen's.
    expect(await nextPageCursor(scope, 6)).toEqual({ cursor: 6, fromFrontier: false });
    expect(await nextPageCursor({ ...scope, viewer: 8 }, 2)).toEqual({ cursor: 2, fromFrontier: false });
    // The frontier's post is held and the screen's cursor is newer (pages pulled ahead of the
    // screen): the frontier, or those pages would be pulled again.
    await db.posts.put(postRow({ id: 5, created_at: at(10) }));
    expect(await nextPageCursor(scope, 6)).toEqual({ cursor: 5, fromFrontier: true });
  });

  it('moves to a first page’s end, unless that page joins a longer run held before', async () => {
    const page = [apiPost({ id: 30, created_at: at(20) }), apiPost({ id: 20, created_at: at(15) })];
    expect(await frontierAfterFirstPage(scope, page, false)).toMatchObject({ id: 20 });
    await setMeta('feedFrontier', frontierAt(5, 10));
    expect(await frontierAfterFirstPage(scope, page, true)).toMatchObject({ id: 5 });
    // Not held before: a gap may lie between the page and the old run.
    expect(await frontierAfterFirstPage(scope, page, false)).toMatchObject({ id: 20 });
    expect(await frontierAfterFirstPage(scope, [], true)).toBeNull();
    expect(frontierAfterPage(scope, page)).toMatchObject({ id: 20, createdAtMs: Date.parse(at(15)) });
  });
});
