// Issue #10 P1: a pray shows in the frame after the tap, before its Dexie transaction can commit
// (src/db/intents.ts, the in-memory layer under usePost). The page holds a readwrite transaction
// on the posts and outbox stores from a second IndexedDB connection, so the command's transaction
// (and any read of the card's row) waits behind it: the count must change while it is still held,
// and once it is let go the tap counts exactly once, neither twice nor zero times.
import type { Page } from '@playwright/test';
import { DB_NAME } from '../src/model/db';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { waitForServiceWorkerControl } from './support/service-worker';

type Held = Window & { heldUntil?: Promise<number>; heldDone?: boolean };
const HOLD_MS = 1_500;

/** Starts a readwrite transaction on posts and outbox that stays open for `ms` (kept busy by reads). */
async function holdStores(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    ([name, holdMs]) =>
      new Promise<void>((started, failed) => {
        const w = window as Held;
        w.heldDone = false;
        w.heldUntil = new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => failed(new Error('IndexedDB did not open'));
          open.onsuccess = () => {
            const connection = open.result;
            const tx = connection.transaction(['posts', 'outbox'], 'readwrite');
            const store = tx.objectStore('posts');
            const end = performance.now() + holdMs;
            let reads = 0;
            const spin = () => {
              reads += 1;
              if (reads === 1) started();
              if (performance.now() < end) store.count().onsuccess = spin;
            };
            spin();
            tx.oncomplete = () => {
              w.heldDone = true;
              connection.close();
              resolve(reads);
            };
            tx.onerror = () => reject(new Error('the held transaction failed'));
          };
        });
      }),
    [DB_NAME, ms] as const,
  );
}

test('a pray shows while the local database is busy, and counts once when it commits', async ({ page }) => {
  const landing = new LandingPage(page);
  const feed = new CommunityPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  const post = feed.posts.filter({ has: page.getByRole('button', { name: /^(Pray|You prayed), \d+ prayers? so far/ }) }).first();
  await expect(post).toBeVisible();
  // The commands load on first use (issue #14 point 2), from the service worker's precache once it
  // controls the page: this checks the tap's frame, not a first visit's network.
  await waitForServiceWorkerControl(page);
  await expect(post).toBeVisible();
  await holdStores(page, HOLD_MS);
  // Read once the stores are held: a pull can no longer store another person's prayers for this
  // post (specs on this server pray too), so only this tap can change the count from here.
  const before = await feed.prayedCount(post);
  await feed.pray(post);
  await expect.poll(() => feed.prayedCount(post), { timeout: HOLD_MS / 2 }).toBe(before + 1);
  // Shown while the transaction that would store it was still waiting.
  expect(await page.evaluate(() => (window as Held).heldDone)).toBe(false);

  expect(await page.evaluate(() => (window as Held).heldUntil)).toBeGreaterThan(1);
  // Stored, read back and (online) sent: the tap counts once from here on.
  await expect.poll(() => page.evaluate((name) => new Promise<number>((resolve) => {
    const open = indexedDB.open(name);
    open.onsuccess = () => {
      const count = open.result.transaction('outbox').objectStore('outbox').count();
      count.onsuccess = () => resolve(count.result);
    };
  }), DB_NAME), { timeout: 10_000 }).toBe(0);
  expect(await feed.prayedCount(post)).toBe(before + 1);
  await page.waitForTimeout(500);
  expect(await feed.prayedCount(post)).toBe(before + 1);
});

// docs/architecture/local-store.md 'A pray is kept from the tap': the page leaves while the tap's
// transaction still waits behind the held one (the held connection dies with the page, and the
// tap's transaction never runs). The next page's start saves it from the journal: counted once.
test('a pray shown while the database is busy is kept when the page leaves before it commits', async ({ page }) => {
  const landing = new LandingPage(page);
  const feed = new CommunityPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  const unprayed = feed.posts.filter({ has: page.getByRole('button', { name: /^Pray, \d+ prayers? so far/ }) }).first();
  await expect(unprayed).toBeVisible();
  await waitForServiceWorkerControl(page);
  const href = await unprayed.locator('a.post-card__text-link').first().getAttribute('href');
  expect(href).toMatch(/\/community\/post\/\d+$/);
  // That post, whatever its button says after the tap.
  const post = feed.posts.filter({ has: page.locator(`a[href="${href ?? ''}"]`) });
  await holdStores(page, 10_000);
  const before = await feed.prayedCount(post);
  await feed.pray(post);
  await expect.poll(() => feed.prayedCount(post), { timeout: 2_000 }).toBe(before + 1);
  expect(await page.evaluate(() => (window as Held).heldDone)).toBe(false);

  await page.goto('/community');
  const same = post;
  await expect(feed.prayButton(same)).toHaveAccessibleName(new RegExp(`^You prayed, ${String(before + 1)} `));
  // Sent and acknowledged: nothing waits, and the server's count has it once.
  await expect(feed.syncStatus).toHaveText('All saved');
  expect(await feed.prayedCount(same)).toBe(before + 1);
  await page.reload();
  await expect(feed.prayButton(same)).toHaveAccessibleName(new RegExp(`^You prayed, ${String(before + 1)} `));
});
