// Issue #13 points 5 and 6 in Chromium against the built app and the real server.
//
// 1. Periodic Background Sync: a member's app is closed; someone posts a request meanwhile; the
//    service worker's 'periodicsync' event (fired through the DevTools protocol,
//    ServiceWorker.dispatchPeriodicSyncEvent, on a session of a separate about:blank page as for
//    Background Sync: e2e/support/service-worker.ts) pulls it into IndexedDB; the app opened
//    offline afterwards shows it, though no page of the app was online after it was posted.
//    Chromium refuses emulated sync events while the network is emulated offline, so the event
//    is fired online and the app is opened offline after the pull is stored.
// 2. A device out of storage space: the page's IndexedDB refuses the outbox write with a
//    QuotaExceededError (the browser's own DOMException, thrown from IDBObjectStore.add as a full
//    disk makes it); the composer stays open with the text and says what to do; with space again
//    the same text is shared.
// 3. Unsent work while the browser has not granted persistent storage (a site that is not
//    installed, in Chromium): the waiting pill carries the mark and its list the warning; both go
//    once everything is sent.
import type { CDPSession, Page, Worker } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PERIODIC_REFRESH_TAG } from '../common/periodic-refresh';
import { DB_NAME } from '../src/model/db';
import { CommunityPage } from './pages/community-page';
import { ServerApi, loginToken } from './support/api';
import { serviceWorkerSession, waitForServiceWorkerControl } from './support/service-worker';
import { signInByCookie } from './support/sign-in';

async function dispatchPeriodicSyncEvent(session: CDPSession, origin: string, registrationId: string, tag: string): Promise<void> {
  await session.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin, registrationId, tag });
}

/**
 * Whether the post is in the local store and no new post waits behind the feed's new-posts
 * control, read by the service worker from IndexedDB directly. The one pull stores a new post
 * before the refresh pulls the feed's first page, which moves the new-posts cursor
 * (docs/decisions/0021-one-pull.md, worker/periodic-refresh.ts): the refresh has ended only when
 * both hold.
 */
function isStoredLocally(worker: Worker, postId: number): Promise<boolean> {
  return worker.evaluate(
    ({ name, id }) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error('cannot open the local store'));
        open.onsuccess = () => {
          const tx = open.result.transaction(['posts', 'meta']);
          const read = tx.objectStore('posts').get(id);
          const count = tx.objectStore('meta').get('newCount');
          tx.oncomplete = () => {
            open.result.close();
            const waiting = (count.result as { value?: { newCount?: number } } | undefined)?.value?.newCount ?? 0;
            resolve(read.result !== undefined && waiting === 0);
          };
          tx.onerror = () => reject(new Error('cannot read the local store'));
        };
      }),
    { name: DB_NAME, id: postId },
  );
}

test("the service worker's periodicsync stores a new post, and the app opened offline shows it", async ({ page, context, request, baseURL }) => {
  if (!baseURL) throw new Error('No baseURL in the Playwright config');
  const origin = new URL(baseURL).origin;
  await signInByCookie(context, request, baseURL);
  const community = new CommunityPage(page);
  await community.goto();
  await expect(community.posts.first()).toBeVisible();
  await waitForServiceWorkerControl(page);
  const worker = context.serviceWorkers().find((candidate) => candidate.url() === `${origin}/sw.js`);
  if (!worker) throw new Error('The app service worker is not running');

  const { session, blank, registrationId } = await serviceWorkerSession(context, `${origin}/`);
  await page.close();
  const appPages = () => context.pages().filter((open) => open.url().startsWith(origin));
  expect(appPages()).toHaveLength(0);

  // Someone else of the member's channel posts while the app is closed.
  const text = `Pray for the harvest volunteers ${Date.now()}`;
  const post = await new ServerApi(request, await loginToken(request, 'daniel@prayer.local')).createRequest(text);
  expect(await isStoredLocally(worker, post.id)).toBe(false);

  await dispatchPeriodicSyncEvent(session, origin, registrationId, PERIODIC_REFRESH_TAG);
  await expect.poll(() => isStoredLocally(worker, post.id), { timeout: 15_000 }).toBe(true);
  expect(appPages()).toHaveLength(0);
  await session.detach();

  await context.setOffline(true);
  const offline: Page = await context.newPage();
  await blank.close();
  const reopened = new CommunityPage(offline);
  await reopened.goto();
  await expect(reopened.syncStatus).toContainText('Offline');
  await expect(reopened.post(text)).toBeVisible();
});

/** Makes the page's IndexedDB refuse outbox writes as a full disk does, while window.__diskFull is true. */
function fillTheDiskWhenAsked(): void {
  const add = IDBObjectStore.prototype.add;
  IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
    if (this.name === 'outbox' && Reflect.get(window, '__diskFull') === true) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return add.apply(this, args);
  };
}

test('a device out of storage space keeps the text in the composer and says what to do', async ({ page, context, request, baseURL }) => {
  await signInByCookie(context, request, baseURL);
  await context.addInitScript(fillTheDiskWhenAsked);
  const community = new CommunityPage(page);
  await community.goto();
  await expect(community.posts.first()).toBeVisible();

  await page.evaluate(() => Reflect.set(window, '__diskFull', true));
  const text = `Pray for my sister's surgery ${Date.now()}`;
  await community.shareButton.click();
  await community.composer.fill(text);
  await community.composer.submit();
  await expect(community.composer.dialog.getByRole('alert')).toHaveText(
    'This device is out of storage space. Your text is still here: copy it or free space and try again.',
  );
  await expect(community.composer.dialog).toBeVisible();
  await expect(community.composer.textbox).toHaveValue(text);
  await expect(community.post(text)).toHaveCount(0);

  await page.evaluate(() => Reflect.set(window, '__diskFull', false));
  await community.composer.submit();
  await expect(community.composer.dialog).toBeHidden();
  await expect(community.post(text)).toBeVisible();
});

test('unsent work on storage the browser may clear: a mark on the waiting pill and a warning in its list', async ({ page, context, request, baseURL }) => {
  await signInByCookie(context, request, baseURL);
  const community = new CommunityPage(page);
  await community.goto();
  await expect(community.posts.first()).toBeVisible();
  await expect(community.syncStatus).toContainText('All saved');
  // A site that is not installed has no persistent storage in Chromium (persist() is granted to installed apps).
  expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
  await expect(community.syncStatus.locator('.sync-pill__risk')).toHaveCount(0);

  // Offline, the waiting list's code comes from the service worker's cache (issue #14: dialogs load when first opened).
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await community.pray(community.posts.first());
  const waiting = community.syncStatus.getByRole('button', { name: 'Offline · 1 waiting, only on this device for now', exact: true });
  await expect(waiting).toBeVisible();
  await waiting.click();
  const dialog = page.getByRole('dialog', { name: 'Waiting to be sent' });
  await expect(dialog.getByTestId('eviction-notice')).toContainText('this browser may clear what websites store');
  await expect(dialog.getByTestId('eviction-notice')).toContainText('Connect to the internet to send them.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await context.setOffline(false);
  await expect(community.syncStatus).toHaveText('All saved');
  await expect(community.syncStatus.locator('.sync-pill__risk')).toHaveCount(0);
});
