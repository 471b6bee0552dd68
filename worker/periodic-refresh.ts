// Issue #13 point 6: what the service worker's 'periodicsync' event pulls (sw/periodic.ts), so
// the installed app opened offline shows fresh requests: the one pull with its item and session
// sections (worker/sync-pull.ts, docs/decisions/0021-one-pull.md: my lists and their items, the
// biblical prayers, bookmarks, the session feeds, the held posts' changes, the counts), then the
// community feed's first page when new posts wait (which also moves the new-posts cursor, so the
// new posts show at once). Never without a session: no token, or one the server already refused
// (meta.auth.expired), pulls nothing.
import { bearerToken, getAuth, getMeta } from '../src/model/meta';
import type { ApiClient } from './api-client';
import { pullFeed } from './pull';
import { catchUp } from './sync-pull';

export type PeriodicRefreshReport = { ran: boolean; failures: string[] };

export async function refreshForOfflineOpen(api: ApiClient): Promise<PeriodicRefreshReport> {
  const auth = await getAuth();
  if (bearerToken(auth) === null || auth.expired) return { ran: false, failures: [] };
  const caught = await catchUp(api, 'full');
  if (!caught.ok) return { ran: true, failures: ['sync/pull'] };
  if (((await getMeta('newCount')) ?? 0) === 0 && (await getMeta('feedSince'))) return { ran: true, failures: [] };
  const feed = await pullFeed(api, {});
  return { ran: true, failures: feed.ok ? [] : ['posts'] };
}
