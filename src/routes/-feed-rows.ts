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

/**
 * The rows with the keys they had: a post shared on this device gets its real id when the server
 * has it, and its row would be a new one (a new key) and lose what the person was doing in it,
 * such as keyboard focus on its link. A row whose id is new takes the key of the row that stood at
 * the same place with a temporary (negative) id that is gone: that is the same post. Temporary ids
 * are never reused, so keys stay unique.
 */
export function keepKeys(previous: readonly FeedRow[], next: FeedRow[]): FeedRow[] {
  const before = new Set(previous.map((row) => row.id));
  const now = new Set(next.map((row) => row.id));
  return next.map((row, index) => {
    const was = previous[index];
    if (before.has(row.id) || was === undefined || was.id >= 0 || now.has(was.id)) return row;
    return { ...row, key: was.key };
  });
}
