// Issue #13 point 6: what the service worker's 'periodicsync' event pulls (sw/periodic.ts), so
// the installed app opened offline shows fresh requests: the community feed's first page (which
// also moves the new-posts cursor, so the new posts show at once) and the engine's prefetch of a
// prayer session (worker/prefetch.ts: my lists and their items, the biblical prayers, bookmarks,
// the session feeds). One pull of each, every list pull bounded by MAX_LIST_PAGES. Never without
// a session: no token, or one the server already refused (meta.auth.expired), pulls nothing.
import { bearerToken, getAuth } from '../src/model/meta';
import type { ApiClient } from './api-client';
import { prefetchForPrayer } from './prefetch';
import { pullFeed } from './pull';

export type PeriodicRefreshReport = { ran: boolean; failures: string[] };

export async function refreshForOfflineOpen(api: ApiClient): Promise<PeriodicRefreshReport> {
  const auth = await getAuth();
  if (bearerToken(auth) === null || auth.expired) return { ran: false, failures: [] };
  const feed = await pullFeed(api, {});
  const failures = feed.ok ? [] : ['posts'];
  // A refused session (401) would only fail every other pull the same way.
  if (!feed.ok && feed.error.status === 401) return { ran: true, failures };
  const prefetch = await prefetchForPrayer(api);
  return { ran: true, failures: [...failures, ...prefetch.failures] };
}
