// The rows of the community feed (pure, so the SPEC §4 folding on screen is tested without a
// browser): each group's newest post, followed by the posts it folds when the reader opened it.
import type { CollapsedPost, ShownPost } from '../db/queries';

/** One row of the feed: a post, maybe heading a folded group, maybe inside an unfolded one. */
export type FeedRow = {
  key: string;
  post: ShownPost;
  /** Set on the newest post of a group (SPEC §4): how many posts it folds and whether they show. */
  fold: { count: number; isOpen: boolean } | null;
  /** A post of an unfolded group, shown under its newest post. */
  isInGroup: boolean;
};

/** The rows to render: each group's head, followed by its posts when the reader unfolded it. */
export function feedRows(feed: readonly CollapsedPost[], openGroups: ReadonlySet<number>): FeedRow[] {
  const rows: FeedRow[] = [];
  for (const head of feed) {
    const isOpen = head.collapsed > 0 && openGroups.has(head.id);
    rows.push({ key: String(head.id), post: head, fold: head.collapsed > 0 ? { count: head.collapsed, isOpen } : null, isInGroup: false });
    if (!isOpen) continue;
    for (const post of head.collapsedPosts) rows.push({ key: String(post.id), post, fold: null, isInGroup: true });
  }
  return rows;
}

/** Every post the feed holds, folded or not (the load-more cursor must see them all). */
export function allPosts(feed: readonly CollapsedPost[]): ShownPost[] {
  return feed.flatMap((head) => [head, ...head.collapsedPosts]);
}
