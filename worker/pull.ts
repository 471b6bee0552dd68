// Pulls server pages into the local database (DESIGN §4 Pull). Every write is followed, in the
// same transaction, by a rebase of the pulled rows: pending outbox entries are re-applied on
// top, so a pull never undoes a local action and never counts one twice. Pulls hold SYNC_LOCK
// from request to write, so no ack can land between a page's fetch and its write.
import { SYNC_LOCK } from '../common/constants';
import type { ApiPost, PostPage } from '../common/contract';
import { db, writeTables } from '../src/db/db';
import { getMeta, setMeta } from '../src/db/meta';
import { readChannel } from '../src/db/reads';
import type { PostRow } from '../src/db/types';
import type { ApiClient } from './api-client';
import type { FeedQuery, PullResult } from './api-types';
import { putServerPosts, rebaseRows } from './local-store';
import { frontierAfterFirstPage, frontierAfterPage, frontierScope, nextPageCursor, readFrontier } from './feed-frontier';
import type { FeedFrontierMeta } from '../src/db/meta-types';
import { withLock } from './locks';
import { newestCreatedAt, stalePostIds } from './reconcile';

/** Bound on the pages of new posts loaded at once; older ones come with "load more". */
const MAX_NEW_PAGES = 5;

function refsOf(posts: ApiPost[]) {
  return posts.map((post) => ({ table: 'posts' as const, id: post.id }));
}

/**
 * The local posts of the channel inside the page's time window (the only ones stalePostIds can
 * prove gone), read as a range of the [channel_id+createdAtMs] index: a page costs what it holds,
 * not what the device holds (issue #10). The first page's window is open upwards.
 */
async function postsInWindow(channelId: number, posts: ApiPost[], isFirstPage: boolean): Promise<PostRow[]> {
  const times = posts.map((p) => Date.parse(p.created_at)).filter((ms) => !Number.isNaN(ms));
  if (times.length === 0) return [];
  const oldest = Math.min(...times);
  const newest = isFirstPage ? Number.POSITIVE_INFINITY : Math.max(...times);
  return db.posts.where('[channel_id+createdAtMs]').between([channelId, oldest], [channelId, newest], false, false).toArray();
}

/**
 * Writes a page and rebases it; `sinceUpdate` moves the new-posts cursor (SPEC §4); `frontier`
 * (worker/feed-frontier.ts) is written in the same transaction, one commit a page.
 */
async function storePage(
  posts: ApiPost[], prune: { isFirstPage: boolean } | null, sinceUpdate: boolean, frontier: FeedFrontierMeta | null = null,
): Promise<void> {
  const { channelId } = await readChannel();
  await db.transaction('rw', writeTables(), async () => {
    if (prune) {
      const local = await postsInWindow(channelId, posts, prune.isFirstPage);
      await db.posts.bulkDelete(stalePostIds(local, posts, prune.isFirstPage));
    }
    await putServerPosts(posts);
    await rebaseRows(refsOf(posts));
    if (sinceUpdate) {
      await setMeta('feedSince', newestCreatedAt(posts, (await getMeta('feedSince')) ?? null));
      await setMeta('newCount', 0);
    }
    if (frontier) await setMeta('feedFrontier', frontier);
  });
}

function pageResult(page: PostPage): PullResult {
  return { ok: true, currentPage: page.current_page, lastPage: page.last_page, total: page.total, count: page.data.length };
}

async function fetchFeedPage(api: ApiClient, query: FeedQuery) {
  return api.call<PostPage>({
    path: 'posts',
    query: { type: query.type, search: query.search, page: query.page, loadMore: query.loadMore },
  });
}

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

async function pullFeedLocked(api: ApiClient, query: FeedQuery): Promise<PullResult> {
  const isUnfiltered = !query.type && !query.search?.trim();
  if (!isUnfiltered) return pullPageLocked(api, query, null);
  if (query.loadMore !== undefined) return pullMoreLocked(api, query);
  if ((query.page ?? 1) === 1) return pullFirstPageLocked(api, query);
  // An offset page past the first: pruned inside its own window.
  return pullPageLocked(api, query, { isFirstPage: false });
}

/**
 * Issue #10 P5: pages pulled ahead after a "load more" of the unfiltered feed, each as soon as the
 * last is stored: a reader at the end of the feed finds the next pages already here instead of
 * waiting, page after page, for the screen to ask (a render and a worker round trip each).
 */
export const READ_AHEAD_PAGES = 4;
let readAheadBudget = 0;
let readAheadRun: Promise<void> = Promise.resolve();

/** Resolves when no page is being read ahead (tests, and a caller that must see the store settle). */
export async function readAheadSettled(): Promise<void> {
  await readAheadRun;
}

function readAhead(api: ApiClient, query: FeedQuery): void {
  const isRunning = readAheadBudget > 0;
  readAheadBudget = READ_AHEAD_PAGES;
  if (isRunning) return;
  // A failed page ahead costs nothing shown: the reader's own "load more" asks again and reports.
  readAheadRun = readAheadPages(api, query).catch((error: unknown) => console.warn('feed read-ahead stopped:', error));
}

async function readAheadPages(api: ApiClient, query: FeedQuery): Promise<void> {
  try {
    while (readAheadBudget > 0) {
      readAheadBudget -= 1;
      const result = await withLock(SYNC_LOCK, async () => {
        const frontier = await readFrontier(await frontierScope());
        return frontier ? pullMoreLocked(api, { ...query, loadMore: frontier.id }) : null;
      });
      if (!result?.ok || result.count === 0 || result.currentPage >= result.lastPage) return;
    }
  } finally {
    readAheadBudget = 0;
  }
}

/** A page of the feed (filters of SPEC §3; `loadMore` = the id of the last post shown). */
export async function pullFeed(api: ApiClient, query: FeedQuery): Promise<PullResult> {
  const result = await withLock(SYNC_LOCK, () => pullFeedLocked(api, query));
  const isMoreOfUnfiltered = query.loadMore !== undefined && !query.type && !query.search?.trim();
  if (isMoreOfUnfiltered && result.ok && result.currentPage < result.lastPage) readAhead(api, query);
  return result;
}

/** SPEC §4: load the posts that new-count announced (posts?new=1&since=), reset the count. */
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
