// One page of the feed, fetched and stored (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol' Pull): the steps worker/pull.ts and the read-ahead (worker/feed-read-ahead.ts) share. A
// store writes the rows, prunes what the server no longer has inside the page's window, and rebases
// the pulled rows in one transaction.
import type { ApiPost, PostPage } from '../common/contract';
import { db, writeTables } from '../src/model/db';
import { getMeta, setMeta } from '../src/model/meta';
import type { FeedFrontierMeta } from '../src/model/meta-types';
import { readChannel } from '../src/db/reads';
import type { PostRow } from '../src/model/types';
import { rebasePutRows } from '../src/commands/ops/registry';
import { putServerRows } from '../src/model/rows';
import type { ApiClient, CallSession } from './api-client';
import type { FeedQuery, PullResult } from './api-types';
import { newestCreatedAt, stalePostIds } from './reconcile';

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
 * Writes a page and rebases it; `sinceUpdate` moves the new-posts cursor (docs/product.md §4); `frontier`
 * (worker/feed-frontier.ts) is written in the same transaction, one commit a page.
 */
export async function storePage(
  posts: ApiPost[], prune: { isFirstPage: boolean } | null, sinceUpdate: boolean, frontier: FeedFrontierMeta | null = null,
): Promise<void> {
  const { channelId } = await readChannel();
  await db.transaction('rw', writeTables(), async () => {
    if (prune) {
      const local = await postsInWindow(channelId, posts, prune.isFirstPage);
      await db.posts.bulkDelete(stalePostIds(local, posts, prune.isFirstPage));
    }
    await putServerRows('posts', posts);
    await rebasePutRows(refsOf(posts));
    if (sinceUpdate) {
      await setMeta('feedSince', newestCreatedAt(posts, (await getMeta('feedSince')) ?? null));
      await setMeta('newCount', 0);
    }
    if (frontier) await setMeta('feedFrontier', frontier);
  });
}

/** What a pull says of the feed after its last page; `count`: the posts it brought (default: that page's). */
export function pageResult(page: PostPage, count = page.data.length): PullResult {
  return { ok: true, currentPage: page.current_page, lastPage: page.last_page, total: page.total, count };
}

/** `session`: the token and channel a run read at its start (worker/feed-read-ahead.ts), else read for this page. */
export async function fetchFeedPage(api: ApiClient, query: FeedQuery, session?: CallSession) {
  return api.call<PostPage>({
    path: 'posts',
    query: { type: query.type, search: query.search, page: query.page, loadMore: query.loadMore },
    ...session,
  });
}
