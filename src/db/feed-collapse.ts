// docs/product.md §4 feed collapsing (docs/product.md §10: a pure function over the ordered page). With no type or
// search filter, posts of the same other user and the same type fold into the newest of them,
// unless they are at least FEED_COLLAPSE_WINDOW_MS (12 h, docs/product.md §9) apart. Own posts and anonymous
// posts never fold. docs/decisions/0034-feed-collapsing.md says how a group is measured and why it
// may skip over other people's posts.
import { FEED_COLLAPSE_WINDOW_MS } from '../../common/constants';
import type { FeedFilter, ShownPost } from '../model/shown';

/** What folding needs of a post: a shown post, or a feed key row (src/model/feed-key.ts). */
type Collapsible = Pick<ShownPost, 'id' | 'user_id' | 'type' | 'is_anonymous' | 'is_mine' | 'feedAtMs'>;

type Collapsed<T extends Collapsible> = T & {
  /** How many more posts of the same author and type are folded into this one (0: none). */
  collapsed: number;
  /** Those posts, in feed order, for a control that unfolds them. */
  collapsedPosts: T[];
};

export type CollapsedPost = Collapsed<ShownPost>;

/** Own and anonymous posts stay apart; so does a post whose author is unknown. */
function isCollapsible(post: Collapsible, viewerId: number | null): boolean {
  if (post.is_anonymous || post.is_mine || post.user_id === null) return false;
  return post.user_id !== viewerId;
}

export function isUnfiltered(filter: FeedFilter): boolean {
  return filter.type === undefined && (filter.search ?? '').trim() === '';
}

function single<T extends Collapsible>(post: T): Collapsed<T> {
  return { ...post, collapsed: 0, collapsedPosts: [] };
}

/**
 * Folds the ordered feed. A group is headed by its newest post (its place in the feed) and takes
 * each later post of the same author and type that is less than 12 h older than the head, even
 * with other people's posts in between: one person posting often never floods the feed.
 */
export function collapseFeed<T extends Collapsible>(posts: T[], viewerId: number | null, filter: FeedFilter = {}): Collapsed<T>[] {
  if (!isUnfiltered(filter)) return posts.map(single);
  const feed: Collapsed<T>[] = [];
  const openGroups = new Map<string, Collapsed<T>>();
  for (const post of posts) {
    if (!isCollapsible(post, viewerId)) {
      feed.push(single(post));
      continue;
    }
    const key = `${String(post.user_id)}:${post.type}`;
    const head = openGroups.get(key);
    if (head && Math.abs(head.feedAtMs - post.feedAtMs) < FEED_COLLAPSE_WINDOW_MS) {
      head.collapsed += 1;
      head.collapsedPosts.push(post);
      continue;
    }
    const group = single(post);
    feed.push(group);
    openGroups.set(key, group);
  }
  return feed;
}
