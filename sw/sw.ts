// The service worker (docs/architecture/service-worker.md 'Service worker'), in six sections: app
// shell, navigation, updates, sync, push, periodic refresh.
// Dexie is the cache of data: no route here ever caches /api/v1 (a fetch to /api/ falls through
// to the network untouched), and nothing here opens, clears or deletes IndexedDB beyond the
// drain's own outbox work: an update must never lose an unsent change (docs/product.md §4).
import { Queue } from 'workbox-background-sync';
import { clientsClaim, type RouteHandlerCallback } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SYNC_QUEUE_NAME } from '../common/constants';
import { pushConfigFrom } from '../common/push-config';
import { isSkipWaiting, parseApiConfig } from '../common/sw-protocol';
import { createApiClient } from '../worker/api-client';
import { drainOutbox } from '../worker/drain';
import { startPeriodicRefresh } from './periodic';
import { startPush } from './push';
import { startSnapshotFor } from './start-snapshot';

declare const self: ServiceWorkerGlobalScope;

// 1. App shell: everything the build emitted (injected by vite-plugin-pwa), served cache-first,
//    except the build manifest: it is polled to detect a newer build (src/platform/sw-update.ts)
//    and a precached copy would always answer with the old id.
const BUILD_MANIFEST = 'build.json';
// Read once: the build injects the list at this one place (workbox refuses a second mention).
const precacheList = self.__WB_MANIFEST;
const precachedUrls = new Set(precacheList.map((entry) => (typeof entry === 'string' ? entry : entry.url)));
precacheAndRoute(precacheList.filter((entry) => (typeof entry === 'string' ? entry : entry.url) !== BUILD_MANIFEST));
cleanupOutdatedCaches();

// 1b. The built assets are served by the browser straight from the precache, without running
//     this script (Service Worker Static Routing, Chromium 123+): a cold start offline fetches
//     its scripts without waiting for the worker to start and answer each one (issue #10 P2).
//     Their names carry their content hash, so the precached copy is always the right one; a
//     miss falls back to the network, as the precache route does. Elsewhere the fetch handler
//     above serves them as before.
type StaticRoute = { condition: { urlPattern: string }; source: 'cache' };
type RoutesInstallEvent = ExtendableEvent & { addRoutes?: (routes: StaticRoute[]) => Promise<void> };
self.addEventListener('install', (event: RoutesInstallEvent) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(event.addRoutes([{ condition: { urlPattern: '/assets/*' }, source: 'cache' }]).catch(() => undefined));
});

// 2. Navigation: any page URL gets index.html offline (the router takes it from there), except
//    the API, whose 404s and errors must reach the caller as they are.
//    A /pt or /es address gets the shell written in its language (issue #12 first paint,
//    build/first-paint-plugin.ts); the first matching route wins.
//    The address the start snapshot shows gets the snapshot instead, while it can still be true
//    (issue #25, sw/start-snapshot.ts): only while its scripts are this worker's (an update).
const isPrecachedPath = (path: string) => precachedUrls.has(path.replace(/^\//, ''));
function shellOrSnapshot(shell: string): RouteHandlerCallback {
  const handler = createHandlerBoundToURL(shell);
  return async (options) => {
    // The shell is read once: its headers go on the snapshot, or it is the answer itself.
    const shellResponse = matchPrecache(shell).catch(() => undefined);
    const snapshot = await startSnapshotFor(options.url, isPrecachedPath, shellResponse).catch(() => null);
    return snapshot ?? (await shellResponse) ?? handler(options);
  };
}
for (const prefix of ['pt', 'es']) {
  const shell = `index.${prefix}.html`;
  // A build without that shell keeps the English one (createHandlerBoundToURL throws on a URL not precached).
  if (!precachedUrls.has(shell)) continue;
  registerRoute(new NavigationRoute(shellOrSnapshot(shell), { allowlist: [new RegExp(`^/${prefix}(/|$)`)] }));
}
registerRoute(new NavigationRoute(shellOrSnapshot('index.html'), { denylist: [/^\/api\//] }));
// Activation leaves the start snapshot alone: a snapshot is served only when its scripts are this
// worker's precached ones (sw/start-snapshot.ts), so an update never boots an old page without a
// delete here. WebKitGTK kept a worker 'activating' for a minute and more (1 start in ~20 in the
// cross-engine suite) while activation deleted that cache as the page was writing it; an
// activation that never ends holds the next update too
// (docs/decisions/0224-the-start-snapshot-and-activation-webkit.md).

// 3. Updates (docs/product.md §4): the page activates a waiting worker with SKIP_WAITING and reloads on
//    controllerchange (src/platform/sw-update.ts); once active, the worker controls open pages
//    at once, so Background Sync works from the first visit. Activation only prunes outdated
//    precaches (Cache Storage); the outbox in IndexedDB is left alone.
//    The page also publishes the API config here (docs/product.md §7); the drain below uses its base URL.
let apiBase = `${self.location.origin}/api/v1`;

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (isSkipWaiting(data)) {
    void self.skipWaiting();
    return;
  }
  const config = parseApiConfig(data);
  if (config) apiBase = config.baseUrl;
});
clientsClaim();

// 4. Background Sync: the network is back and maybe no tab is open. The SAME drain as the sync
//    worker runs here, reading the session from Dexie's meta; there is no second queue of raw
//    requests, which would replay with stale tokens and temporary ids
//    (docs/architecture/service-worker.md 'Service worker'). SYNC_LOCK keeps it from draining
//    alongside an open tab's worker. A bot-check token (docs/product.md §5) needs a page: with a
//    site key configured, entries that need one wait here for the next open tab.
const botCheckOn = typeof import.meta.env.VITE_RECAPTCHA_SITE_KEY === 'string' && import.meta.env.VITE_RECAPTCHA_SITE_KEY !== '';

async function noPageForBotCheck(): Promise<string | null> {
  throw new Error('no page is open to run the bot check');
}

async function drainFromServiceWorker(): Promise<void> {
  const api = createApiClient({ apiBase, ...(botCheckOn ? { botToken: noPageForBotCheck } : {}) });
  const report = await drainOutbox(api, { ignoreBackoff: true });
  // A rejected waitUntil makes the browser retry the sync later with its own backoff; the
  // entries stay in the outbox meanwhile, so nothing is lost either way.
  if (report.retryAt !== null) throw new Error(`outbox not drained: ${report.remaining} left`);
}

// workbox-background-sync's Queue drives the wake-up and nothing else: it listens for SYNC_TAG
// (the page registers it), lets the browser retry with its backoff when the drain throws, and in
// browsers without Background Sync calls onSync at every service worker start instead. No
// request is ever pushed into it: the outbox in Dexie is the only queue.
const syncQueue = new Queue(SYNC_QUEUE_NAME, { onSync: drainFromServiceWorker });

// 5. Push (docs/product.md §3, §4): displayed via Firebase when configured, plain Web Push otherwise; a
//    click focuses the app and posts NAVIGATE_TO. Listeners must be added during this first
//    evaluation, so this runs at the top level. A Web Push subscription the push service replaced
//    goes through the outbox and this drain at once (worker/push-subscription.ts).
startPush(pushConfigFrom(import.meta.env), { drain: drainFromServiceWorker, retryLater: () => syncQueue.registerSync() });

// 6. Periodic Background Sync of the installed app (issue #13): one bounded pull of what a prayer
//    session needs, so the app opened offline shows fresh requests (sw/periodic.ts).
startPeriodicRefresh(() => createApiClient({ apiBase }));
