// Pulls server pages into the local database (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol' Pull). Every write is followed, in the same transaction, by a rebase of the pulled
// rows: pending outbox entries are re-applied on top, so a pull never undoes a local action and
// never counts one twice. Pulls hold SYNC_LOCK from request to write, so no ack can land between a
// page's fetch and its write.
import { SYNC_LOCK } from '../common/constants';
import type { PostPage } from '../common/contract';
import { db } from '../src/model/db';
import { getMeta, setMeta } from '../src/model/meta';
import type { ApiClient } from './api-client';
import type { FeedQuery, PullResult } from './api-types';
import { frontierAfterFirstPage, frontierAfterPage, frontierScope, nextPageCursor } from './feed-frontier';
import { extendRun, hasReaderCaughtUp, readAhead } from './feed-read-ahead';
import { withLock } from './locks';
import { fetchFeedPage, pageResult, storePage } from './pull-page';
import { newestCreatedAt } from './reconcile';

/** Bound on the pages of new posts loaded at once; older ones come with "load more". */
const MAX_NEW_PAGES = 5;

/** A page that moves no cursor: a filtered one never prunes (a filter leaves out what does not match). */
async function pullPageLocked(api: ApiClient, query: FeedQuery, prune: { isFirstPage: boolean } | null): Promise<PullResult> {
  const result = await fetchFeedPage(api, query);
  if (!result.ok) return { ok: false, error: result.error };
  await storePage(result.data.data, prune, false);
  return pageResult(result.data);
}

/** The first page of the unfiltered feed: prunes, moves the new-posts cursor, sets the frontier. */
async function pullFirstPageLocked(api: ApiClient, query: FeedQuery): Promise<PullResult> {
  const result = await fetchFeedPage(api, query);
  if (!result.ok) return { ok: false, error: result.error };
  const page = result.data;
  const scope = await frontierScope();
  const last = page.data.at(-1);
  const wasHeld = last !== undefined && (await db.posts.get(last.id)) !== undefined;
  const frontier = await frontierAfterFirstPage(scope, page.data, wasHeld);
  await storePage(page.data, { isFirstPage: true }, true, frontier);
  // What the one pull answers for this page while it holds (worker/sync-pull.ts firstFeedPage).
  await setMeta('feedFirstPage', { ...scope, lastPage: page.last_page, total: page.total });
  return pageResult(page);
}

/** "Load more" of the unfiltered feed, from the frontier (worker/feed-frontier.ts). */
async function pullMoreLocked(api: ApiClient, query: FeedQuery): Promise<PullResult> {
  const scope = await frontierScope();
  const from = await nextPageCursor(scope, query.loadMore);
  let result = await fetchFeedPage(api, { ...query, loadMore: from.cursor });
  // The frontier's post is gone from the server (422 names loadMore): go on from the screen's.
  if (!result.ok && from.fromFrontier && result.error.status === 422 && query.loadMore !== undefined) {
    result = await fetchFeedPage(api, query);
  }
  if (!result.ok) return { ok: false, error: result.error };
  await storePage(result.data.data, { isFirstPage: false }, false, frontierAfterPage(scope, result.data.data));
  return pageResult(result.data);
}

/** Neither a type nor a search: the feed that prunes, moves cursors and reads ahead. */
function isUnfiltered(query: FeedQuery): boolean {
  return !query.type && !query.search?.trim();
}

async function pullFeedLocked(api: ApiClient, query: FeedQuery): Promise<PullResult> {
  if (!isUnfiltered(query)) return pullPageLocked(api, query, null);
  if (query.loadMore !== undefined) return pullMoreLocked(api, query);
  if ((query.page ?? 1) === 1) return pullFirstPageLocked(api, query);
  // An offset page past the first: pruned inside its own window.
  return pullPageLocked(api, query, { isFirstPage: false });
}

/** A page of the feed (filters of docs/product.md §3; `loadMore` = the id of the last post shown). */
export async function pullFeed(api: ApiClient, query: FeedQuery): Promise<PullResult> {
  const isMoreOfUnfiltered = query.loadMore !== undefined && isUnfiltered(query);
  // Asked while pages are still being read ahead, or just after: the reader is faster than the runs (feed-read-ahead.ts).
  const readerCaughtUp = isMoreOfUnfiltered && hasReaderCaughtUp();
  const extended = readerCaughtUp ? await extendRun(api, query) : null;
  if (extended) return extended;
  const result = await withLock(SYNC_LOCK, () => pullFeedLocked(api, query));
  if (isMoreOfUnfiltered && result.ok && result.currentPage < result.lastPage) readAhead(api, query, readerCaughtUp);
  return result;
}

/** docs/product.md §4: load the posts that new-count announced (posts?new=1&since=), reset the count. */
export async function loadNewPosts(api: ApiClient): Promise<PullResult> {
  return withLock(SYNC_LOCK, async () => {
    const since = await getMeta('feedSince');
    if (!since) return pullFeedLocked(api, {});
    let last: PostPage | null = null;
    for (let page = 1; page <= MAX_NEW_PAGES && (last === null || page <= last.last_page); page += 1) {
      const result = await api.call<PostPage>({ path: 'posts', query: { new: 1, since, page } });
      if (!result.ok) return { ok: false, error: result.error };
      last = result.data;
      await storePage(last.data, null, false);
    }
    await db.transaction('rw', db.meta, db.posts, async () => {
      const newest = await db.posts.orderBy('[channel_id+createdAtMs]').last();
      await setMeta('feedSince', newestCreatedAt(newest ? [newest] : [], since));
      await setMeta('newCount', 0);
    });
    return last ? pageResult(last) : { ok: true, currentPage: 1, lastPage: 1, total: 0, count: 0 };
  });
}
