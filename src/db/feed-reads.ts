// Issue #10: the community feed reads a window of index keys, never the channel's rows. The keys
// (src/model/feed-key.ts) carry order, author, type and the horizon's fields, so ordering, the
// new-posts horizon and docs/product.md §4 folding run over what is read; each card reads its own row
// (usePost). A pray or a bookmark changes no key, so it re-runs no feed query: only its card's.
import { Dexie } from 'dexie';
import { db } from '../model/db';
import { collapseFeed } from './feed-collapse';
import { feedKeyRow, type FeedKey, type FeedKeyRow } from '../model/feed-key';
import { getAuth, getMeta, viewerId } from '../model/meta';
import { readChannel } from './reads';
import { selectFeed, type FeedFilter } from '../model/shown';

/** One row of the feed: a post id, and for the head of a folded group the ids it folds. */
export type FeedItem = { id: number; createdAtMs: number; collapsedIds: number[] };

export type FeedWindow = {
  items: FeedItem[];
  /** Fewer rows than asked for were there: the local store has no older posts of this view. */
  isEnd: boolean;
  /** The `loadMore` cursor of GET posts: the oldest server post read (docs/product.md §3). */
  cursor: number | undefined;
  /**
   * How many rows the whole view has, for 'item 512 of 10,000' (issue #5): the rows read plus the
   * posts held beyond the window (counted on the index, not read), exact once the window holds
   * the whole view.
   */
  setSize: number;
};

/**
 * docs/product.md §4: other people's posts newer than the feed's cursor come in through the new-posts control
 * only, even when another pull already stored them; the user's own posts show at once.
 */
function isBeforeHorizon(since: string | null | undefined): (row: Pick<FeedKeyRow, 'id' | 'is_mine' | 'createdAtMs'>) => boolean {
  const horizon = since ? Date.parse(since) : Number.POSITIVE_INFINITY;
  return (row) => row.id < 0 || row.is_mine || !(row.createdAtMs > horizon);
}

/** The oldest server post among the rows (ties: the smaller id, as the server orders). */
export function oldestServerPost(rows: readonly Pick<FeedKeyRow, 'id' | 'createdAtMs'>[]): number | undefined {
  let oldest: Pick<FeedKeyRow, 'id' | 'createdAtMs'> | undefined;
  for (const row of rows) {
    const isOlder = !oldest || row.createdAtMs < oldest.createdAtMs || (row.createdAtMs === oldest.createdAtMs && row.id < oldest.id);
    if (row.id > 0 && isOlder) oldest = row;
  }
  return oldest?.id;
}

/**
 * The unfiltered feed's window from its keys, newest first (docs/product.md §4: the horizon, then folding):
 * `isEnd` when no older post is held here, `heldBelow` the posts held beyond the keys read.
 */
export function foldWindow(rows: readonly FeedKeyRow[], since: string | null | undefined, viewer: number | null, isEnd: boolean, heldBelow: number): FeedWindow {
  const shown = rows.filter(isBeforeHorizon(since));
  const folded = collapseFeed(shown, viewer);
  return {
    items: folded.map((head) => ({ id: head.id, createdAtMs: head.createdAtMs, collapsedIds: head.collapsedPosts.map((post) => post.id) })),
    isEnd,
    cursor: oldestServerPost(rows),
    setSize: folded.length + heldBelow,
  };
}

/**
 * The first `limit` keys of the unfiltered feed, newest first, folded (docs/product.md §4): the route loader's
 * first screen (src/db/first-screen.ts). It counts nothing: a count walks the channel's whole index,
 * on a cold start's critical path. Its size is the rows read, plus one while older posts are held;
 * the feed's chunks (src/db/feed-chunks.ts) count the channel once the screen is up.
 */
async function readUnfilteredWindow(limit: number): Promise<FeedWindow> {
  const { channelId } = await readChannel();
  const channel = () => db.posts.where('feed').between([channelId, Dexie.minKey], [channelId, Dexie.maxKey]);
  const [keys, since, auth] = await Promise.all([channel().reverse().limit(limit + 1).keys(), getMeta('feedSince'), getAuth()]);
  const rows = (keys as unknown as FeedKey[]).slice(0, limit).map(feedKeyRow);
  const isEnd = keys.length <= limit;
  return foldWindow(rows, since, viewerId(auth), isEnd, isEnd ? 0 : 1);
}

/**
 * A type or search filter reads rows (the filter needs their values) newest first and stops at
 * `limit` matches: the cost follows the window, not the channel, unless the filter is rare.
 */
async function readFilteredWindow(filter: FeedFilter, limit: number): Promise<FeedWindow> {
  const { channelId } = await readChannel();
  const scanned: FeedKeyRow[] = [];
  // Bookmarks have an index of their own (src/model/feed-key.ts): read only them.
  const source =
    filter.type === 'BOOKMARKED'
      ? db.posts.orderBy('bookmarked').and((row) => row.channel_id === channelId)
      : db.posts.where('feed').between([channelId, Dexie.minKey], [channelId, Dexie.maxKey]);
  const rows = await source
    .reverse()
    .filter((row) => {
      if (row.feed) scanned.push(feedKeyRow(row.feed));
      return selectFeed([row], filter).length === 1;
    })
    .limit(limit)
    .toArray();
  const posts = selectFeed(rows, filter);
  return {
    items: posts.map((post) => ({ id: post.id, createdAtMs: post.createdAtMs, collapsedIds: [] })),
    isEnd: rows.length < limit,
    cursor: oldestServerPost(scanned),
    setSize: posts.length,
  };
}

/** The feed's window of `limit` rows for a filter (see the two readers above). */
export async function readFeedWindow(filter: FeedFilter, limit: number): Promise<FeedWindow> {
  const isUnfiltered = filter.type === undefined && (filter.search ?? '').trim() === '';
  return isUnfiltered ? readUnfilteredWindow(limit) : readFilteredWindow(filter, limit);
}
