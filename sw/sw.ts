/// <reference types="workbox-background-sync" />
// The service worker (DESIGN §5), in four sections: app shell, navigation, updates, sync.
// Dexie is the cache of data: no route here ever caches /api/v1 (a fetch to /api/ falls through
// to the network untouched).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SYNC_TAG } from '../common/constants';
import { createApiClient } from '../worker/api-client';
import { drainOutbox } from '../worker/drain';

declare const self: ServiceWorkerGlobalScope;

// 1. App shell: everything the build emitted (injected by vite-plugin-pwa), served cache-first.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// 2. Navigation: any page URL gets index.html offline (the router takes it from there), except
//    the API, whose 404s and errors must reach the caller as they are.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// 3. Updates: a waiting worker takes over when the page says so (the update flow of SPEC §4 is
//    a later issue); once active it controls open pages at once, so Background Sync works
//    from the first visit.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
clientsClaim();

// 4. Background Sync: the network is back and maybe no tab is open. The SAME drain as the sync
//    worker runs here, reading the session from Dexie's meta; there is no second queue of raw
//    requests, which would replay with stale tokens and temporary ids (DESIGN §5). SYNC_LOCK
//    keeps it from draining alongside an open tab's worker.
async function drainFromServiceWorker(): Promise<void> {
  const api = createApiClient({ apiBase: `${self.location.origin}/api/v1` });
  const report = await drainOutbox(api, { ignoreBackoff: true });
  // A rejected waitUntil makes the browser retry the sync later with its own backoff; the
  // entries stay in the outbox meanwhile, so nothing is lost either way.
  if (report.retryAt !== null) throw new Error(`outbox not drained: ${report.remaining} left`);
}

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(drainFromServiceWorker());
});
