// docs/architecture.md 'Outbox and sync protocol' 'Prefetch what a prayer session needs' so a session works with no network: my lists
// and their items, the biblical prayers, my open requests and bookmarks (posts and items), and
// the session size. Run by the engine on start, on 'online' and every PREFETCH_INTERVAL_MS while
// online and visible. Best effort: a failure leaves what is stored and is reported, never thrown.
import type { ApiUserSettings } from '../common/account-contract';
import { SYNC_LOCK } from '../common/constants';
import type { Page, ApiPost } from '../common/contract';
import { db, writeTables } from '../src/model/db';
import { bearerToken, getAuth, setMeta } from '../src/model/meta';
import { rebaseRows } from '../src/commands/ops/registry';
import { putServerRows } from '../src/model/rows';
import type { ApiClient } from './api-client';
import { withLock } from './locks';
import { pullItemPages, pullList, pullLists } from './pull-lists';
import { pullListSession, pullPostSession as pullSessionFeed } from './pull-session';

export const PREFETCH_INTERVAL_MS = 5 * 60_000;

export type PrefetchReport = { ok: boolean; failures: string[] };

async function pullPostSession(api: ApiClient, path: 'post/session/my-prayers' | 'post/session/bookmark'): Promise<boolean> {
  return withLock(SYNC_LOCK, async () => {
    const result = await api.call<Page<ApiPost>>({ path });
    if (!result.ok) return false;
    await db.transaction('rw', writeTables(), async () => {
      await putServerRows('posts', result.data.data);
      await rebaseRows(result.data.data.map((post) => ({ table: 'posts' as const, id: post.id })));
    });
    return true;
  });
}

async function pullSettings(api: ApiClient): Promise<boolean> {
  const result = await api.call<{ settings: ApiUserSettings }>({ path: 'user/settings' });
  if (result.ok) await setMeta('sessionItemsQtd', result.data.settings.session_items_qtd);
  return result.ok;
}

export async function prefetchForPrayer(api: ApiClient): Promise<PrefetchReport> {
  const failures: string[] = [];
  const note = (name: string, ok: boolean) => {
    if (!ok) failures.push(name);
  };
  note('list', (await pullLists(api)).ok);
  const mine = await db.lists.filter((list) => list.is_mine && list.id > 0).primaryKeys();
  for (const id of mine) note(`list/${id}`, (await pullList(api, id)).ok);
  note('list/item/biblical-prayers', (await pullItemPages(api, 'list/item/biblical-prayers')).ok);
  // The server's session order (least recently prayed first), kept for sessions started offline.
  for (const id of mine) note(`list/${id}/session/specific`, (await pullListSession(api, { listId: id })).ok);
  note('list/session/biblical-prayers', (await pullListSession(api, 'biblical')).ok);
  note('post/session/community', (await pullSessionFeed(api, 'community')).ok);
  // The rest is the viewer's own: a visitor has none (the server says 401).
  if (bearerToken(await getAuth()) !== null) {
    note('list/item/bookmark', (await pullItemPages(api, 'list/item/bookmark')).ok);
    note('post/session/my-prayers', await pullPostSession(api, 'post/session/my-prayers'));
    note('post/session/bookmark', await pullPostSession(api, 'post/session/bookmark'));
    note('user/settings', await pullSettings(api));
    note('post/session/quick', (await pullSessionFeed(api, 'quick')).ok);
  }
  return { ok: failures.length === 0, failures };
}
