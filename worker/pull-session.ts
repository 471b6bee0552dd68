// Pulls of the prayer-session feeds (docs/product.md §7 post/session/quick|community, list/{id}/session/specific,
// list/session/biblical-prayers, list/session/my-lists): the rows go into the local store the way
// worker/pull.ts writes posts (put, then rebase, one transaction under SYNC_LOCK), and the server's
// order goes into meta.sessionQueues, so a session started offline follows it
// (src/db/session-order.ts). gardens-prayer is not pulled: the app has no garden screen.
import { SYNC_LOCK } from '../common/constants';
import type { ApiList, ApiListItem, ApiPost, ListSessionResponse, Page } from '../common/contract';
import { db, writeTables } from '../src/model/db';
import { getMeta, setMeta } from '../src/model/meta';
import { rebasePutRows } from '../src/commands/ops/registry';
import { putServerRows } from '../src/model/rows';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { listRefs } from './pull-lists';
import { withLock } from './locks';

type PostSessionKind = 'quick' | 'community';

const done = (count: number): PullResult => ({ ok: true, currentPage: 1, lastPage: 1, total: count, count });

/** Inside the caller's rw transaction: the server's order for one source, stamped now. */
async function putQueue(key: string, ids: number[]): Promise<void> {
  const queues = (await getMeta('sessionQueues')) ?? {};
  await setMeta('sessionQueues', { ...queues, [key]: { ids, pulledAt: Date.now() } });
}

/** GET post/session/{quick|community} (first page: quick is one session's worth, community 20). */
export async function pullPostSession(api: ApiClient, kind: PostSessionKind): Promise<PullResult> {
  return withLock(SYNC_LOCK, async () => {
    const result = await api.call<Page<ApiPost>>({ path: `post/session/${kind}` });
    if (!result.ok) return { ok: false, error: result.error };
    await storePostSession(kind, result.data.data);
    return done(result.data.data.length);
  });
}

/**
 * A session feed's posts, rebased, and (quick, community, a group's) the server's order (also GET sync/pull's
 * `post_sessions` and `group_sessions`). `group:<id>` (issue #28 item 4): GET post/session/group/{id}.
 */
export async function storePostSession(kind: PostSessionKind | 'my-prayers' | 'bookmark' | `group:${number}`, posts: ApiPost[]): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    await putServerRows('posts', posts);
    await rebasePutRows(posts.map((post) => ({ table: 'posts' as const, id: post.id })));
    if (kind !== 'my-prayers' && kind !== 'bookmark') await putQueue(kind, posts.map((post) => post.id));
  });
}

export async function storeListSession(key: string, lists: ApiList[], items: ApiListItem[]): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    await putServerRows('lists', lists);
    await putServerRows('listItems', items);
    await rebasePutRows(listRefs(lists, items));
    await putQueue(key, items.map((item) => item.id));
  });
}

/**
 * The server's next session over a list ('list:<id>'), the biblical prayers ('biblical') or all
 * my lists ('my-lists'). A list made offline (negative id) has no server queue yet.
 */
export async function pullListSession(api: ApiClient, source: { listId: number } | 'biblical' | 'my-lists'): Promise<PullResult> {
  if (typeof source === 'object' && source.listId <= 0) return done(0);
  return withLock(SYNC_LOCK, async () => {
    if (source === 'my-lists') {
      const result = await api.call<{ myLists: ApiList[]; items: ApiListItem[] }>({ path: 'list/session/my-lists' });
      if (!result.ok) return { ok: false, error: result.error };
      await storeListSession('my-lists', result.data.myLists, result.data.items);
      return done(result.data.items.length);
    }
    const path = source === 'biblical' ? 'list/session/biblical-prayers' : `list/${source.listId}/session/specific`;
    const result = await api.call<ListSessionResponse>({ path });
    if (!result.ok) return { ok: false, error: result.error };
    const key = source === 'biblical' ? 'biblical' : `list:${source.listId}`;
    await storeListSession(key, [result.data.list], result.data.items);
    return done(result.data.items.length);
  });
}
