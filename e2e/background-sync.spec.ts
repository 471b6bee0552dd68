// Acceptance of issue #4, Background Sync: a note queued offline through the post detail reaches
// the server through the service worker's 'sync' event (sw/sw.ts section 4) after the app's last
// page has closed. The app page is offline for its whole life, so only the service worker can
// have sent it.
//
// The sync event is fired through the DevTools protocol: ServiceWorker.dispatchSyncEvent with the
// registration id read from ServiceWorker.workerRegistrationUpdated. The ServiceWorker domain
// exists only on a page's DevTools session (not on the browser session, nor on the worker's own
// target), so the session belongs to a separate about:blank page of the same browser context:
// no page of the app is open. Chromium refuses an emulated sync event while the worker's network
// is emulated offline, so it is fired after going online; a probe tag that nothing else registers
// shows the call itself reaches the worker. Chromium may also fire the app's registration on its
// own when the network returns; either way the drain runs under one Web Lock with idempotency
// keys, and the test checks the note arrives exactly once.
import type { Worker } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SYNC_TAG } from '../common/constants';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { PostDetailPage } from './pages/post-detail-page';
import { ServerApi, guestToken } from './support/api';
import { dispatchSyncEvent, serviceWorkerSession, waitForServiceWorkerControl } from './support/service-worker';
import { Timings } from './support/timings';

const SYNC_DEADLINE_MS = 10_000;
/** A tag no code of the app registers: its event can only come from the DevTools call. */
const PROBE_TAG = 'e2e-cdp-probe';

/** Records the tags of the `sync` events the running worker receives from now on. */
async function countSyncEvents(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const scope = self as unknown as { syncEventsSeen: string[]; addEventListener(type: 'sync', listener: (event: { tag: string }) => void): void };
    scope.syncEventsSeen = [];
    scope.addEventListener('sync', (event) => scope.syncEventsSeen.push(event.tag));
  });
}

function syncEventsSeen(worker: Worker): Promise<string[]> {
  return worker.evaluate(() => (self as unknown as { syncEventsSeen: string[] }).syncEventsSeen);
}

/** The Background Sync tags registered with the worker's registration (Chromium only). */
function syncTags(worker: Worker): Promise<string[]> {
  return worker.evaluate(async () => {
    const scope = self as unknown as { registration: { sync: { getTags(): Promise<string[]> } } };
    return scope.registration.sync.getTags();
  });
}

test("a note queued offline, page closed, the service worker's sync event (CDP) delivers it with no app page open", async ({ page, context, request, baseURL }, testInfo) => {
  const timings = new Timings(testInfo);
  const landing = new LandingPage(page);
  const community = new CommunityPage(page);
  const detail = new PostDetailPage(page);
  if (!baseURL) throw new Error('No baseURL in the Playwright config');
  const origin = new URL(baseURL).origin;
  const appPages = () => context.pages().filter((open) => open.url().startsWith(origin));

  await landing.goto();
  await landing.continueAsGuest();
  await expect(community.posts.first()).toBeVisible();
  await waitForServiceWorkerControl(page);
  timings.mark('continue as guest -> service worker controls the page');

  const worker = context.serviceWorkers().find((sw) => sw.url() === `${origin}/sw.js`);
  if (!worker) throw new Error('The app service worker is not running');

  const api = new ServerApi(request, await guestToken(context));
  const target = (await api.feed()).find((post) => post.type === 'REQUEST');
  if (!target) throw new Error('The seed needs a prayer request in the feed');
  await detail.goto(target.id);
  await expect(detail.text()).toHaveText(target.text);
  expect(await api.postNotes(target.id)).toEqual([]);

  // Offline: a private note through the UI, shown at once, waiting in the outbox.
  await context.setOffline(true);
  await expect(community.syncStatus).toContainText('Offline');
  await detail.notesTab.click();
  const noteText = `Kept praying on the train, ${Date.now()}`;
  await detail.noteBox.fill(noteText);
  await detail.noteButton.click();
  await expect(page.getByRole('listitem').filter({ hasText: noteText })).toBeVisible();
  await expect(community.syncStatus).toContainText('1 waiting');
  // The engine asked for Background Sync on the entry's behalf.
  await expect.poll(() => syncTags(worker)).toContain(SYNC_TAG);
  timings.mark('offline note shown, 1 waiting, SYNC_TAG registered');

  // A DevTools session on a blank page (not the app) reaches the ServiceWorker domain.
  const { session, blank, registrationId } = await serviceWorkerSession(context, `${origin}/`);
  await countSyncEvents(worker);
  await page.close();
  expect(appPages()).toHaveLength(0);
  expect(blank.url()).toBe('about:blank');
  expect(await api.postNotes(target.id)).toEqual([]);
  timings.mark('app page closed, CDP session on about:blank');

  await context.setOffline(false);
  const synced = timings.start("online + CDP dispatchSyncEvent -> the note is on the server (no app page)");
  // The CDP dispatch reaches the worker: a probe tag that only this call can fire is received
  // (Chromium refuses the emulated event while the worker's network is emulated offline).
  await dispatchSyncEvent(session, origin, registrationId, PROBE_TAG);
  await expect.poll(() => syncEventsSeen(worker)).toContain(PROBE_TAG);
  await dispatchSyncEvent(session, origin, registrationId, SYNC_TAG);
  await expect
    .poll(async () => {
      expect(appPages()).toHaveLength(0);
      return (await api.postNotes(target.id)).map((note) => note.note);
    }, { timeout: SYNC_DEADLINE_MS, intervals: [100, 200, 250] })
    .toEqual([noteText]);
  expect(synced()).toBeLessThan(SYNC_DEADLINE_MS);

  // The registration is done (a failed drain would have kept the tag for a retry).
  await expect.poll(() => syncTags(worker)).not.toContain(SYNC_TAG);

  // Still exactly once a moment later, and still no app page.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(appPages()).toHaveLength(0);
  expect((await api.postNotes(target.id)).map((note) => note.note)).toEqual([noteText]);
  expect((await api.post(target.id)).noteCount).toBe(1);
  await session.detach();
  await timings.report();
});
