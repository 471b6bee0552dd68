// Issue #10 'screens read windows, not tables': every post row carries `feed`, an index key that
// holds what the community feed needs to order, filter and fold (docs/product.md §4) without reading the
// row itself. The feed's live query reads only these keys (src/db/feed-reads.ts), so a pray, a
// bookmark or a new count on one card changes no key and re-runs no feed query: only that card's
// own query. db.ts keeps the key in step through Dexie hooks on every write.
import { VISIBILITY, type PostKind } from '../../common/contract';
import { toShownPost, type ShownPost } from './shown';
import type { PostRow } from './types';

/** Channel 0 holds the rows no feed shows (denounced, deleted or reported here, or by a person the viewer hid). */
export const HIDDEN_CHANNEL = 0;

/**
 * [channel, feedAtMs, id, createdAtMs, authorId (-1 none), type, anonymous (0/1), mine (0/1)]:
 * ordered by channel then feed position then id, like the feed (newest first when reversed).
 */
export type FeedKey = [number, number, number, number, number, PostKind, number, number];

/** What a feed row knows from its key alone: enough to order, filter by horizon and fold. */
export type FeedKeyRow = {
  id: number;
  feedAtMs: number;
  createdAtMs: number;
  user_id: number | null;
  type: PostKind;
  is_anonymous: boolean;
  is_mine: boolean;
};

function feedKeyOf(row: PostRow, shown: ShownPost = toShownPost(row)): FeedKey {
  // Issue #12: a post reported here leaves the reporter's feed at once (offline too), and so do
  // the posts of people the viewer hid (src/db/hidden-people.ts).
  const isHidden = row.visibility === VISIBILITY.DENOUNCED || row.local.deleted || row.local.reported || row.reportedHere === true || row.hiddenAuthor === true;
  return [
    isHidden ? HIDDEN_CHANNEL : row.channel_id,
    shown.feedAtMs,
    row.id,
    row.createdAtMs,
    shown.is_anonymous || row.user_id === null ? -1 : row.user_id,
    shown.type,
    shown.is_anonymous ? 1 : 0,
    row.is_mine ? 1 : 0,
  ];
}

/**
 * Every derived index field of a post row. `mine` and `bookmarked` hold the feed position of the
 * viewer's own (not deleted) posts and of the bookmarked ones, and are absent otherwise: IndexedDB
 * leaves a row without the field out of that index, so /lists/my-prayers and /lists/bookmarks
 * read just their posts (issue #10), newest first.
 */
type PostIndexFields = {
  feed: FeedKey;
  mine: number | undefined;
  bookmarked: number | undefined;
  groupFeed: GroupFeedKey | undefined;
  groupOthers: GroupOthersKey | undefined;
};

/** Issue #28: [group id, feedAtMs, id], a group's feed newest first when reversed; absent on community posts and hidden ones. */
export type GroupFeedKey = [number, number, number];

/**
 * Issue #49 item 4: [group id, createdAtMs] of a group post by someone else that the group's feed
 * shows; absent on the viewer's own posts, community posts and hidden ones. The unread counts of
 * Groups are ranges of it (src/db/group-unread-reads.ts).
 */
export type GroupOthersKey = [number, number];

export function postIndexFields(row: PostRow): PostIndexFields {
  // The shown post is derived once for every field (this runs on every write of a post).
  const shown = toShownPost(row);
  const feed = feedKeyOf(row, shown);
  const isLive = !row.local.deleted;
  return {
    feed,
    mine: row.is_mine && isLive ? shown.feedAtMs : undefined,
    bookmarked: shown.is_bookmarked && isLive ? shown.feedAtMs : undefined,
    groupFeed: row.group_id && feed[0] !== HIDDEN_CHANNEL ? [row.group_id, shown.feedAtMs, row.id] : undefined,
    groupOthers: row.group_id && feed[0] !== HIDDEN_CHANNEL && !row.is_mine ? [row.group_id, row.createdAtMs] : undefined,
  };
}

/** Sets the fields on a row being created (an absent field stays absent). */
export function setPostIndexFields(row: PostRow): void {
  for (const [name, value] of Object.entries(postIndexFields(row))) {
    if (value === undefined) Reflect.deleteProperty(row, name);
    else Reflect.set(row, name, value);
  }
}

export function feedKeyRow(key: FeedKey): FeedKeyRow {
  const [, feedAtMs, id, createdAtMs, author, type, anonymous, mine] = key;
  return { id, feedAtMs, createdAtMs, user_id: author < 0 ? null : author, type, is_anonymous: anonymous === 1, is_mine: mine === 1 };
}
