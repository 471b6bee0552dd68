// What a screen shows for a post: the server's values with this device's unacknowledged intent
// on top (DESIGN §3). Pure, so the rule "never add +1 to a server value that already has it"
// is tested without a database.
import { VISIBILITY, type FeedType } from '../../common/contract';
import type { PostRow } from './types';

export type ShownPost = Omit<PostRow, 'local'> & {
  /** The server's prayedCount plus this device's unacknowledged prays: the number to show. */
  shownPrayedCount: number;
  /** Shown value: true if the server says so or a pray of this device is unacknowledged. */
  isPrayed: boolean;
  /** Shown value: the user's last unacknowledged choice, else the server's. */
  is_bookmarked: boolean;
  /** Some change of this device to this post is not yet acknowledged by the server. */
  isPending: boolean;
  /** Created offline and not yet on the server (its id is temporary and negative). */
  isLocalOnly: boolean;
};

export function toShownPost(row: PostRow): ShownPost {
  const { local, ...server } = row;
  return {
    ...server,
    shownPrayedCount: server.prayedCount + local.pendingPrays,
    isPrayed: server.isPrayed || local.pendingPrays > 0,
    is_bookmarked: local.bookmarked ?? server.is_bookmarked,
    isPending: local.pendingPrays > 0 || local.bookmarked !== null || server.id < 0,
    isLocalOnly: server.id < 0,
  };
}

/** The feed filters of SPEC §3 as screens pass them (docs/decisions.md gives their meaning). */
export type FeedFilter = { type?: FeedType | undefined; search?: string | undefined; limit?: number | undefined };

function matchesType(post: ShownPost, type: FeedType | undefined): boolean {
  switch (type) {
    case undefined:
      return true;
    case 'REQUEST':
      return post.type === 'REQUEST' && !post.atendido;
    case 'THANK':
      return post.type === 'THANK';
    case 'ANSWERED':
      return post.type === 'REQUEST' && post.atendido;
    case 'ANSWER':
      return post.atendido && post.answer_text !== null;
    case 'PRAYED_BY_USER':
      return post.isPrayed;
    case 'BOOKMARKED':
      return post.is_bookmarked;
  }
}

function matchesSearch(post: ShownPost, needle: string): boolean {
  if (needle === '') return true;
  const author = post.is_anonymous ? '' : `${post.user.name} ${post.user.username}`;
  const haystack = `${post.text} ${post.answer_text ?? ''} ${author}`.toLocaleLowerCase();
  return haystack.includes(needle);
}

/**
 * Filters a channel's posts (already newest first) the way the server would, so the feed is
 * right offline. Local search is a substring match; the server's full-text search may find more
 * and its results are pulled into the same table.
 */
export function selectFeed(rows: PostRow[], filter: FeedFilter): ShownPost[] {
  const needle = (filter.search ?? '').trim().toLocaleLowerCase();
  const posts = rows
    .filter((row) => row.visibility !== VISIBILITY.DENOUNCED)
    .map(toShownPost)
    .filter((post) => matchesType(post, filter.type) && matchesSearch(post, needle));
  // Testimonies are ordered by when they were answered (docs/decisions.md).
  if (filter.type === 'ANSWER') {
    posts.sort((a, b) => (b.updated_answer_at ?? '').localeCompare(a.updated_answer_at ?? ''));
  }
  return filter.limit === undefined ? posts : posts.slice(0, filter.limit);
}
