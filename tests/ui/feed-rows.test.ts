// The community feed's rows (src/routes/-feed-rows.ts): docs/product.md §4 folded groups stay one row until
// the reader opens them, then their posts follow the newest one; the load-more cursor sees folded
// posts too (a folded post can be the oldest the device holds).
import { describe, expect, it } from 'vitest';
import { collapseFeed } from '../../src/db/feed-collapse';
import { oldestServerPost, type FeedItem } from '../../src/db/feed-reads';
import { toShownPost, type ShownPost } from '../../src/model/shown';
import { feedRows, keepKeys } from '../../src/routes/-feed-rows';
import { postRow } from '../unit/fixtures';

const HOUR = 3_600_000;
const START = Date.parse('2025-03-01T12:00:00.000Z');

/** Newest first: id, author and hours before START. */
function post(id: number, userId: number, hoursAgo: number): ShownPost {
  return toShownPost(postRow({ id, user_id: userId, is_mine: false, is_anonymous: false, type: 'REQUEST', created_at: new Date(START - hoursAgo * HOUR).toISOString() }));
}

// Ana (11) posts three times within 12 h with Ben (12) in between; Ben's older post is the oldest.
const posts = [post(10, 11, 0), post(9, 12, 1), post(8, 11, 2), post(7, 11, 3), post(6, 12, 20)];
const feed: FeedItem[] = collapseFeed(posts, null).map((head) => ({
  id: head.id, createdAtMs: head.createdAtMs, collapsedIds: head.collapsedPosts.map((folded) => folded.id),
}));

describe('feedRows', () => {
  it('shows a folded group as its newest post with the count it folds', () => {
    const rows = feedRows(feed, new Set());
    expect(rows.map((row) => [row.key, row.fold?.count ?? 0, row.isInGroup])).toEqual([
      ['10', 2, false],
      ['9', 0, false],
      ['6', 0, false],
    ]);
    expect(rows[0]?.fold?.isOpen).toBe(false);
  });

  it('puts an opened group’s posts right under its newest post, marked as grouped', () => {
    const rows = feedRows(feed, new Set([10]));
    expect(rows.map((row) => [row.key, row.isInGroup])).toEqual([
      ['10', false],
      ['8', true],
      ['7', true],
      ['9', false],
      ['6', false],
    ]);
    expect(rows[0]?.fold).toEqual({ count: 2, isOpen: true });
  });

  it('ignores an open mark on a post that folds nothing', () => {
    expect(feedRows(feed, new Set([9])).map((row) => row.key)).toEqual(['10', '9', '6']);
  });
});

describe('oldestServerPost', () => {
  it('gives the load-more cursor from every post read, folded ones too', () => {
    expect(oldestServerPost(posts)).toBe(6);
    expect(oldestServerPost([post(5, 11, 0), post(4, 11, 1), post(3, 11, 2)])).toBe(3);
    expect(oldestServerPost([post(-2, 11, 9)])).toBeUndefined();
  });
});

describe('keepKeys', () => {
  const row = (id: number) => ({ key: String(id), id, fold: null, isInGroup: false });
  it('keeps the row of a post shared here when it gets its real id, so what was focused in it stays', () => {
    const before = [row(-1), row(12), row(11)];
    expect(keepKeys(before, [row(40), row(12), row(11)]).map((r) => r.key)).toEqual(['-1', '12', '11']);
  });

  it('gives a new key to anything else: a new post from elsewhere, a real row that moved', () => {
    expect(keepKeys([row(12), row(11)], [row(40), row(12), row(11)]).map((r) => r.key)).toEqual(['40', '12', '11']);
    expect(keepKeys([row(-1), row(12)], [row(40), row(-1), row(12)]).map((r) => r.key)).toEqual(['40', '-1', '12']);
  });
});
