// Acceptance of 'Sync engine: every action works offline and reaches the server exactly once',
// Background Sync: an action queued offline reaches the server through the service worker's
// 'sync' event (sw/sw.ts section 4) after the last tab has closed. The page is offline for its
// whole life, so only the service worker can have sent it.
//
// The sync event is the browser's own: the engine registers SYNC_TAG while the entry waits
// (src/platform/sw-register.ts), and Chromium fires the registration when the service worker's
// network comes back (context.setOffline also emulates the service worker's network). CDP's
// ServiceWorker.dispatchSyncEvent cannot be used here: the ServiceWorker domain exists only on a
// page's DevTools session ("'ServiceWorker.enable' wasn't found" on the browser session and on the
// service worker's own target), and a page would have to stay open.
import type { Worker } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SYNC_TAG } from '../common/constants';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { ServerApi, guestToken } from './support/api';
import { waitForServiceWorkerControl } from './support/service-worker';
import { Timings } from './support/timings';

const SYNC_DEADLINE_MS = 10_000;

/** The Background Sync tags registered with the worker's registration (Chromium only). */
function syncTags(worker: Worker): Promise<string[]> {
  return worker.evaluate(async () => {
    const scope = self as unknown as { registration: { sync: { getTags(): Promise<string[]> } } };
    return scope.registration.sync.getTags();
  });
}

test("queued offline, page closed, the service worker's sync event delivers it with no page open", async ({ page, context, request, baseURL }, testInfo) => {
  const timings = new Timings(testInfo);
  const landing = new LandingPage(page);
  const community = new CommunityPage(page);
  if (!baseURL) throw new Error('No baseURL in the Playwright config');
  const origin = new URL(baseURL).origin;

  await landing.goto();
  await landing.continueAsGuest();
  await expect(community.posts.first()).toBeVisible();
  timings.mark('continue as guest -> seeded feed shown');

  await waitForServiceWorkerControl(page);
  await expect(community.posts.first()).toBeVisible();
  timings.mark('service worker controls the page');

  const worker = context.serviceWorkers().find((sw) => sw.url() === `${origin}/sw.js`);
  if (!worker) throw new Error('The app service worker is not running');

  // A prayer request of its own (0: offline skeleton spec, 1 and 2: two-tabs spec).
  const api = new ServerApi(request, await guestToken(context));
  const target = (await api.feed()).filter((post) => post.type === 'REQUEST' && !post.isPrayed)[3];
  if (!target) throw new Error('The seed needs four prayer requests in the feed');
  const card = community.post(target.text.slice(0, 60));
  await expect(card).toHaveCount(1);
  expect(await community.prayedCount(card)).toBe(target.prayedCount);

  await context.setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');
  await community.pray(card);
  await expect.poll(() => community.prayedCount(card)).toBe(target.prayedCount + 1);
  await expect(community.syncStatus).toContainText('1 waiting');
  timings.mark('offline prayer shown, 1 waiting in the outbox');

  // The engine asked for Background Sync on the entry's behalf.
  await expect.poll(() => syncTags(worker)).toContain(SYNC_TAG);
  timings.mark('SYNC_TAG registered');

  // Offline the whole time the page was open: nothing can have reached the server from it.
  expect((await api.post(target.id)).prayedCount).toBe(target.prayedCount);

  await page.close();
  expect(context.pages()).toHaveLength(0);
  timings.mark('last tab closed');

  await context.setOffline(false);
  const synced = timings.start("online -> service worker's sync delivered the prayer (no page open)");
  await expect
    .poll(async () => {
      expect(context.pages()).toHaveLength(0);
      return (await api.post(target.id)).prayedCount;
    }, { timeout: SYNC_DEADLINE_MS, intervals: [100, 200, 250] })
    .toBe(target.prayedCount + 1);
  expect(synced()).toBeLessThan(SYNC_DEADLINE_MS);

  // The browser has fired the registration: it no longer lists the tag (a failed drain would
  // have been kept for a retry).
  await expect.poll(() => syncTags(worker)).not.toContain(SYNC_TAG);
  timings.mark('sync registration done');

  // Still exactly once a moment later, still no page.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(context.pages()).toHaveLength(0);
  expect((await api.post(target.id)).prayedCount).toBe(target.prayedCount + 1);
  await timings.report();
});
