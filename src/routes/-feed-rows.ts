// The rows of the community feed (pure, so the docs/product.md §4 folding on screen is tested without a
// browser): each group's newest post, followed by the posts it folds when the reader opened it.
// Rows carry ids only: each card reads its own post (issue #10, src/db/feed-reads.ts).
import type { FeedItem } from '../db/feed-reads';

/** One row of the feed: a post, maybe heading a folded group, maybe inside an unfolded one. */
export type FeedRow = {
  key: string;
  id: number;
  /** Set on the newest post of a group (docs/product.md §4): how many posts it folds and whether they show. */
  fold: { count: number; isOpen: boolean } | null;
  /** A post of an unfolded group, shown under its newest post. */
  isInGroup: boolean;
};

/** The rows to render: each group's head, followed by its posts when the reader unfolded it. */
export function feedRows(feed: readonly FeedItem[], openGroups: ReadonlySet<number>): FeedRow[] {
  const rows: FeedRow[] = [];
  for (const head of feed) {
    const count = head.collapsedIds.length;
    const isOpen = count > 0 && openGroups.has(head.id);
    rows.push({ key: String(head.id), id: head.id, fold: count > 0 ? { count, isOpen } : null, isInGroup: false });
    if (!isOpen) continue;
    for (const id of head.collapsedIds) rows.push({ key: String(id), id, fold: null, isInGroup: true });
  }
  return rows;
}
