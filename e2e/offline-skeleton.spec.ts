// Acceptance of the offline-first walking skeleton: a guest keeps praying and posting with no
// network, the app survives reloads offline, and once back online the server holds each action
// exactly once within 10 s.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { ServerApi, guestToken } from './support/api';
import { Timings } from './support/timings';

const SYNC_DEADLINE_MS = 10_000;

/** The service worker controls the page (clients.claim, or the next load after activation). */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const isControlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!isControlled) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('a guest prays and posts offline; back online the server has each exactly once', async ({ page, context, request }, testInfo) => {
  const timings = new Timings(testInfo);
  const landing = new LandingPage(page);
  const community = new CommunityPage(page);
  const requestText = `Offline e2e request ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

  await landing.goto();
  await expect(landing.continueAsGuestButton).toBeVisible();
  timings.mark('landing page shown');

  await landing.continueAsGuest();
  await expect(community.posts.first()).toBeVisible();
  timings.mark('continue as guest -> seeded feed shown');

  await waitForServiceWorkerControl(page);
  await expect(community.posts.first()).toBeVisible();
  timings.mark('service worker controls the page');

  const api = new ServerApi(request, await guestToken(context));
  const target = (await api.feed()).find((post) => post.type === 'REQUEST');
  if (!target) throw new Error('The seed has no prayer request in the feed');
  const targetCard = community.post(target.text.slice(0, 60));
  await expect(targetCard).toHaveCount(1);
  const shownBefore = await community.prayedCount(targetCard);
  expect(shownBefore).toBe(target.prayedCount);

  // Offline: the shell comes from the service worker, the feed from IndexedDB.
  await context.setOffline(true);
  await page.reload();
  await expect(community.heading).toBeVisible();
  await expect(targetCard).toHaveCount(1);
  await expect(community.syncStatus).toContainText('Offline');
  timings.mark('offline reload -> feed from IndexedDB');

  await community.pray(targetCard);
  await expect.poll(() => community.prayedCount(targetCard)).toBe(shownBefore + 1);
  await community.shareRequest(requestText);
  const newCard = community.post(requestText);
  await expect(newCard).toHaveCount(1);
  await expect(community.posts.first()).toContainText(requestText);
  await expect(community.syncStatus).toContainText('2 waiting');
  timings.mark('offline pray + post shown at once');

  await page.reload();
  await expect(newCard).toHaveCount(1);
  await expect.poll(() => community.prayedCount(targetCard)).toBe(shownBefore + 1);
  await expect(community.syncStatus).toContainText('2 waiting');
  timings.mark('second offline reload keeps both');

  // Back online: the outbox drains; the server reports each action exactly once.
  await context.setOffline(false);
  const synced = timings.start('online -> server has the prayer and the request');
  await expect
    .poll(async () => {
      const [post, found] = await Promise.all([api.post(target.id), api.search(requestText)]);
      return { prayedCount: post.prayedCount, requests: found.filter((p) => p.text === requestText).length };
    }, { timeout: SYNC_DEADLINE_MS, intervals: [100, 200, 250] })
    .toEqual({ prayedCount: target.prayedCount + 1, requests: 1 });
  const syncMs = synced();
  expect(syncMs).toBeLessThan(SYNC_DEADLINE_MS);

  await expect(community.syncStatus).toContainText('All saved');
  await expect.poll(() => community.prayedCount(targetCard)).toBe(shownBefore + 1);
  await expect(newCard).toHaveCount(1);
  timings.mark('UI settles: all saved, counts not doubled');

  // Still exactly once a moment later (no replay of acknowledged entries).
  await page.waitForTimeout(1_500);
  expect((await api.post(target.id)).prayedCount).toBe(target.prayedCount + 1);
  expect((await api.search(requestText)).filter((p) => p.text === requestText)).toHaveLength(1);
  await timings.report();
});
