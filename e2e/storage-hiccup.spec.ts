// Issue #23 item 6: a live query's storage error never takes the screen down. The page's
// read-only IndexedDB reads are made to fail on demand (the page's own, not the sync worker's:
// init scripts run in the page only), while writes still work. A screen that had its data keeps
// it with the storage notice and its Retry; a screen opened while reads fail shows its loading
// state and the notice, never the error page; Retry with storage back brings the data.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { signInByCookie } from './support/sign-in';

type Switch = Window & { readsFail?: boolean };

/** Before the app loads: every read request of a read-only transaction throws while `readsFail` is on. */
async function installReadSwitch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as Switch;
    const wrap = (proto: IDBObjectStore | IDBIndex, name: 'get' | 'getAll' | 'getAllKeys' | 'count' | 'openCursor' | 'openKeyCursor') => {
      const original = proto[name] as (...args: unknown[]) => IDBRequest;
      Object.defineProperty(proto, name, {
        configurable: true,
        writable: true,
        value(this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
          const store = 'objectStore' in this ? this.objectStore : this;
          if (w.readsFail && store.transaction.mode === 'readonly') throw new DOMException('The read failed (test).', 'UnknownError');
          return original.apply(this, args);
        },
      });
    };
    for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
      for (const name of ['get', 'getAll', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor'] as const) wrap(proto, name);
    }
  });
}

const setReadsFail = (page: Page, fail: boolean) => page.evaluate((on) => ((window as Switch).readsFail = on), fail);

/**
 * Storage back and Retry pressed in one task: with reads working, any live query that reads again
 * (the sync worker writes often) clears the notice by itself, and a Retry pressed after that has no
 * button to press (2 runs in ~60 waited out the test's timeout on a detached button).
 */
async function retryWithStorageBack(page: Page): Promise<void> {
  const retry = page.getByTestId('storage-notice').getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  await retry.evaluate((button) => {
    (window as Switch).readsFail = false;
    (button as HTMLButtonElement).click();
  });
}

test('a failed live read keeps the screen and its data, and Retry reads again', async ({ page, context, request, baseURL }) => {
  await installReadSwitch(page);
  await signInByCookie(context, request, baseURL);
  const community = new CommunityPage(page);
  await community.goto();
  const notice = page.getByTestId('storage-notice');
  // The first card one can pray for (a thanksgiving's button gives thanks instead).
  const card = community.posts.filter({ has: page.getByRole('button', { name: /^(Pray|You prayed), \d+ / }) }).first();
  await expect(card).toBeVisible();
  // The data on screen, by the posts' addresses: how many cards the virtual list renders moves as it
  // measures its rows and as the notice takes its place (a count failed 3 in ~60 runs, 4 -> 7, 9 -> 8).
  const links = page.locator('.post-card__text-link');
  const shown = (await links.evaluateAll((found) => found.slice(0, 3).map((link) => link.getAttribute('href')))).filter((href) => href !== null);
  expect(shown).toHaveLength(3);
  const before = await community.prayedCount(card);

  await setReadsFail(page, true);
  // A pray writes (a read-write transaction): every live query over the outbox reads again, and fails.
  await community.pray(card);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('could not be read from this device');
  await expect(community.heading).toBeVisible();
  await expect(card).toBeVisible();
  for (const href of shown) await expect(page.locator(`.post-card__text-link[href="${href}"]`)).toBeVisible();
  await expect(page.getByRole('heading', { name: /went wrong|error/i })).toHaveCount(0);

  await retryWithStorageBack(page);
  await expect(notice).toBeHidden();
  await expect.poll(() => community.prayedCount(card)).toBe(before + 1);
});

test('a screen opened while reads fail shows its loading state and the notice, then its data on Retry', async ({ page, context, request, baseURL }) => {
  await installReadSwitch(page);
  await signInByCookie(context, request, baseURL);
  await page.goto('/settings/account');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await setReadsFail(page, true);
  await page.getByRole('link', { name: 'Hidden people' }).first().click();
  const notice = page.getByTestId('storage-notice');
  const none = page.getByText('You have not hidden anyone.');
  await expect(notice).toBeVisible();
  await expect(heading).toBeVisible();
  await expect(none).toHaveCount(0);
  await retryWithStorageBack(page);
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/hidden$/);
  await expect(none).toBeVisible();
});
