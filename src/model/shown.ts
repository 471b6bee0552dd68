// What a screen shows for a post: the server's values with this device's unacknowledged intent
// on top (docs/architecture/local-store.md 'Local database'). Pure, so the rule "never add +1 to a
// server value that already has it" is tested without a database.
import { ANONYMOUS_USERNAME, VISIBILITY, type ApiPostUpdate, type FeedType } from '../../common/contract';
import type { PostLocal, PostRow } from './types';
import { shownUpdatesOf } from './shown-updates';

export type ShownPost = Omit<PostRow, 'local'> & {
  /** The server's prayedCount plus this device's unacknowledged prays: the number to show. */
  shownPrayedCount: number;
  /** Shown value: true if the server says so or a pray of this device is unacknowledged. */
  isPrayed: boolean;
  /** Shown value: the user's last unacknowledged choice, else the server's. */
  is_bookmarked: boolean;
  /** The server's commentCount plus comments written (+1) or deleted (−1) here, unacknowledged. */
  shownCommentCount: number;
  /** The same for the viewer's notes. */
  shownNoteCount: number;
  /** A report of this device is unacknowledged (the menu does not offer it again). */
  isReported: boolean;
  /** Where the post sits in the feed: its creation, or its answer if later (docs/product.md §4). */
  feedAtMs: number;
  /** Some change of this device to this post is not yet acknowledged by the server. */
  isPending: boolean;
  /**
   * The same, prays left aside: the card's "Waiting to sync" line (issue #12: a pray shows its
   * waiting on the pray button, so the tap does not add a line above the button and move it).
   */
  isPendingBesidesPrays: boolean;
  /** Created offline and not yet on the server (its id is temporary and negative). */
  isLocalOnly: boolean;
  /** Issue #28 item 3: the author's updates, oldest first, with those written here last (negative ids). */
  shownUpdates: ApiPostUpdate[];
};

/** Text, type, anonymity and answer as shown: the server's, with pending edits on top. */
function shownFields(row: PostRow): Pick<PostRow, 'text' | 'type' | 'is_anonymous' | 'user' | 'atendido' | 'answer_text' | 'updated_answer_at'> {
  const { edit, answer } = row.local;
  const isAnonymous = edit?.is_anonymous ?? row.is_anonymous;
  return {
    text: edit?.text ?? row.text,
    type: edit?.type ?? row.type,
    is_anonymous: isAnonymous,
    // Turning a post anonymous hides its author at once; the server's row says the rest.
    user: isAnonymous && !row.is_anonymous ? { id: null, username: ANONYMOUS_USERNAME, name: 'Anonymous', avatar: null } : row.user,
    atendido: answer ? answer.answered : row.atendido,
    answer_text: answer ? (answer.answered ? answer.answer_text : null) : row.answer_text,
    updated_answer_at: answer ? (answer.answered ? answer.at : null) : row.updated_answer_at,
  };
}

/**
 * docs/product.md §4 'answering removes the post and re-adds it at the top': the feed is ordered by this
 * key, the later of creation and answer, so an answered post moves to the top at once (the local
 * answer time) and stays there after a pull (the server's updated_answer_at).
 */
export function feedAtMs(post: Pick<PostRow, 'createdAtMs' | 'atendido' | 'updated_answer_at'>): number {
  const answeredAt = post.atendido && post.updated_answer_at ? Date.parse(post.updated_answer_at) : Number.NaN;
  return Number.isNaN(answeredAt) ? post.createdAtMs : Math.max(post.createdAtMs, answeredAt);
}

function hasLocalIntent(local: PostLocal): boolean {
  return (
    local.pendingPrays > 0 || local.bookmarked !== null || local.edit !== null || local.answer !== null ||
    local.deleted || local.reported || local.commentDelta !== 0 || local.noteDelta !== 0 ||
    Boolean(local.addedUpdates?.length) || Boolean(local.removedUpdates?.length)
  );
}

export function toShownPost(row: PostRow): ShownPost {
  const { local, ...server } = row;
  const shown = { ...server, ...shownFields(row) };
  return {
    ...shown,
    shownPrayedCount: server.prayedCount + local.pendingPrays,
    isPrayed: server.isPrayed || local.pendingPrays > 0,
    is_bookmarked: local.bookmarked ?? server.is_bookmarked,
    shownCommentCount: Math.max(0, server.commentCount + local.commentDelta),
    shownNoteCount: Math.max(0, server.noteCount + local.noteDelta),
    isReported: local.reported,
    feedAtMs: feedAtMs(shown),
    isPending: hasLocalIntent(local) || server.id < 0,
    isPendingBesidesPrays: hasLocalIntent({ ...local, pendingPrays: 0 }) || server.id < 0,
    isLocalOnly: server.id < 0,
    shownUpdates: shownUpdatesOf(row),
  };
}

/** A post with `count` prays tapped but not yet read back from Dexie (src/db/intents.ts). */
export function withUnreadPrays(post: ShownPost, count: number): ShownPost {
  if (count === 0) return post;
  return { ...post, shownPrayedCount: post.shownPrayedCount + count, isPrayed: true, isPending: true };
}

/** The feed filters of docs/product.md §3 as screens pass them (docs/decisions/0076-post-kinds-and-feed-types.md gives their meaning). */
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
    .filter((row) => row.visibility !== VISIBILITY.DENOUNCED && !row.local.deleted)
    .map(toShownPost)
    .filter((post) => matchesType(post, filter.type) && matchesSearch(post, needle));
  // Testimonies are ordered by when they were answered
  // (docs/decisions/0035-an-answered-post-sits-at-the-top-by-its-answer-time.md); every other view
  // by feedAtMs (stable: posts with the same key keep the newest-first order of the rows).
  if (filter.type === 'ANSWER') {
    posts.sort((a, b) => (b.updated_answer_at ?? '').localeCompare(a.updated_answer_at ?? ''));
  } else {
    posts.sort((a, b) => b.feedAtMs - a.feedAtMs);
  }
  return filter.limit === undefined ? posts : posts.slice(0, filter.limit);
}

/**
 * The `loadMore` cursor of GET posts (the id of the last post held, in the server's created_at
 * order): the oldest server post shown. Answered posts sit higher than their creation (feedAtMs),
 * so the last item on screen is not always the right cursor.
 */
export function loadMoreCursor(posts: ShownPost[]): number | undefined {
  let oldest: ShownPost | undefined;
  for (const post of posts) {
    // Ties go to the smaller id: the server orders by created_at DESC, id DESC.
    const isOlder = !oldest || post.createdAtMs < oldest.createdAtMs || (post.createdAtMs === oldest.createdAtMs && post.id < oldest.id);
    if (post.id > 0 && isOlder) oldest = post;
  }
  return oldest?.id;
}
