// Issue #13 point 6: the 'periodicsync' event of the installed app (the page registers the tag,
// src/platform/periodic-sync.ts). It runs the engine's own pulls (worker/periodic-refresh.ts)
// under SYNC_LOCK like every pull, so opening the app offline shows fresh requests. Nothing is
// cached here: the pulls write Dexie, which stays the only cache of data
// (docs/architecture/service-worker.md 'Service worker').
import { PERIODIC_REFRESH_TAG } from '../common/periodic-refresh';
import type { ApiClient } from '../worker/api-client';
import { refreshForOfflineOpen, type PeriodicRefreshReport } from '../worker/periodic-refresh';

declare const self: ServiceWorkerGlobalScope;

/** PeriodicSyncEvent (Chromium; not in the WebWorker typings). */
function tagOf(event: Event): string | null {
  return 'tag' in event && typeof event.tag === 'string' ? event.tag : null;
}

async function refresh(api: ApiClient): Promise<PeriodicRefreshReport> {
  const report = await refreshForOfflineOpen(api);
  // Best effort: what failed waits for the next period or the next open page.
  if (report.failures.length > 0) console.warn('periodic refresh incomplete', report.failures);
  return report;
}

/** Adds the listener; call during the worker's first evaluation (sw/sw.ts). */
export function startPeriodicRefresh(makeApi: () => ApiClient): void {
  self.addEventListener('periodicsync', (event) => {
    if (!(event instanceof ExtendableEvent) || tagOf(event) !== PERIODIC_REFRESH_TAG) return;
    event.waitUntil(refresh(makeApi()));
  });
}
