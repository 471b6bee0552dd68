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

test('a failed live read keeps the screen and its data, and Retry reads again', async ({ page, context, request, baseURL }) => {
  await installReadSwitch(page);
  await signInByCookie(context, request, baseURL);
  const community = new CommunityPage(page);
  await community.goto();
  const notice = page.getByTestId('storage-notice');
  // The first card one can pray for (a thanksgiving's button gives thanks instead).
  const card = community.posts.filter({ has: page.getByRole('button', { name: /^(Pray|You prayed), \d+ / }) }).first();
  await expect(card).toBeVisible();
  const shown = await community.posts.count();
  const before = await community.prayedCount(card);

  await setReadsFail(page, true);
  // A pray writes (a read-write transaction): every live query over the outbox reads again, and fails.
  await community.pray(card);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('could not be read from this device');
  await expect(community.heading).toBeVisible();
  await expect(card).toBeVisible();
  await expect(community.posts).toHaveCount(shown);
  await expect(page.getByRole('heading', { name: /went wrong|error/i })).toHaveCount(0);

  await setReadsFail(page, false);
  await notice.getByRole('button', { name: 'Try again' }).click();
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
  await setReadsFail(page, false);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/hidden$/);
  await expect(none).toBeVisible();
});
