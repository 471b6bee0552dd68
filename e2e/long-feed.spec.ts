// Issue #5 'long feeds': with 10,000 posts in the local store the community feed renders only what
// is on screen and still reaches its last post. The posts are written straight into the app's
// IndexedDB (the Dexie database of src/model/db.ts), shaped like the rows the sync worker stores:
// a server post pulled by the app is the template. They are older than anything the server holds,
// so the first page's pruning (worker/reconcile.ts stalePostIds) leaves them alone, and their
// authors repeat only every 1,000 hours, so docs/product.md §4 collapsing folds only the first three (one
// author on purpose).
import type { Locator, Page } from '@playwright/test';
import { NEW_COUNT_POLL_MS } from '../common/constants';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { watchNetwork } from './support/quiet-network';
import { ServerApi, loginToken } from './support/api';
import { Timings } from './support/timings';
import { fillLocalStore } from './support/local-store-seed';

const LOCAL_POSTS = 10_000;
const MAX_CARDS_IN_DOM = 60;
// A held key's repeat: about 30 presses a second.
const KEY_REPEAT_MS = 33;
const lastText = `Long feed post #${String(LOCAL_POSTS)}`;

/** Scrolls the window to the bottom until the last post is on screen (rows are measured as they come). */
async function scrollToLastPost(page: Page, feed: CommunityPage): Promise<number> {
  for (let step = 0; step < 400; step += 1) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(25);
    if (await feed.post(lastText).isVisible()) return step + 1;
  }
  throw new Error('The last post never came into view');
}

/** Scrolls down a screen at a time until the locator is on screen (it renders only then). */
async function scrollUntilVisible(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 50; step += 1) {
    if (await target.isVisible()) return;
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(50);
  }
  await expect(target).toBeVisible();
}

test('10,000 local posts: only what is on screen is rendered, and the end is reachable', async ({ page }, testInfo) => {
  const timings = new Timings(testInfo);
  const feed = new CommunityPage(page);
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await expect(feed.posts.first()).toBeVisible();
  timings.mark('guest feed from the server shown');
  const baseline = timings.start('open /community with the server feed only -> first card visible');
  await feed.goto();
  await expect(feed.posts.first()).toBeVisible();
  const baselineMs = baseline();

  const held = await fillLocalStore(page, LOCAL_POSTS);
  expect(held).toBeGreaterThan(LOCAL_POSTS);
  timings.mark(`${String(LOCAL_POSTS)} posts written into IndexedDB`);

  const firstCard = timings.start('open /community -> first card visible');
  await feed.goto();
  await expect(feed.posts.first()).toBeVisible();
  const firstCardMs = firstCard();
  const list = page.getByRole('list', { name: 'Community prayers' });
  // The whole feed's size, once counted: the first screen is shown before the count (it walks the
  // whole index), with its rows plus one as the size until then
  // (docs/decisions/0030-local-first-at-scale-the-feed-window-grows-in-chunks.md, issue #10).
  const readSetSize = () => list.getByRole('listitem').first().getAttribute('aria-setsize').then(Number);
  await expect.poll(readSetSize).toBeGreaterThan(LOCAL_POSTS);
  const setSize = await readSetSize();
  const cardsAtTop = await feed.posts.count();
  expect(cardsAtTop).toBeGreaterThan(0);
  expect(cardsAtTop).toBeLessThan(MAX_CARDS_IN_DOM);

  const toEnd = timings.start('scroll to the last post');
  const steps = await scrollToLastPost(page, feed);
  const toEndMs = toEnd();
  const lastRow = list.getByRole('listitem').filter({ hasText: lastText });
  await expect(lastRow).toHaveAttribute('aria-posinset', String(setSize));
  const cardsAtEnd = await feed.posts.count();
  expect(cardsAtEnd).toBeLessThan(MAX_CARDS_IN_DOM);

  console.log(
    `[long feed] rows ${String(setSize)}; first card ${String(firstCardMs)} ms (${String(baselineMs)} ms without the 10,000); ` +
      `to the end ${String(toEndMs)} ms (${String(steps)} scroll steps); cards in DOM ${String(cardsAtTop)} at top, ${String(cardsAtEnd)} at end`,
  );
  await timings.report();
});

test('10,000 local posts: Tab walks past the first screen, a folded group opens, a new post does not move the page', async ({ page }) => {
  const feed = new CommunityPage(page);
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await expect(feed.posts.first()).toBeVisible();
  await fillLocalStore(page, LOCAL_POSTS);
  await feed.goto();
  const list = page.getByRole('list', { name: 'Community prayers' });
  await expect(feed.posts.first()).toBeVisible();
  await scrollUntilVisible(page, feed.post('Long feed post #1.'));

  // docs/product.md §4: #2 and #3 are folded under #1 until the reader opens the group.
  const fold = page.getByRole('button', { name: 'Show 2 more posts by Reader 899999' });
  await expect(feed.post('Long feed post #2.')).toHaveCount(0);
  await fold.click();
  await expect(page.getByRole('button', { name: 'Hide 2 earlier posts by Reader 899999' })).toHaveAttribute('aria-expanded', 'true');
  await expect(feed.post('Long feed post #2.')).toBeVisible();
  await expect(feed.post('Long feed post #3.')).toBeVisible();

  // Keyboard: Tab from the open group's control on through rows that were not rendered at first.
  const renderedPositions = await list.getByRole('listitem').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('aria-posinset'))));
  const lastRenderedAtFirst = Math.max(...renderedPositions);
  // At a held key's repeat rate, not the driver's 3 ms: a card scrolled into the overscan shows its
  // controls after its own read, so a machine-speed Tab on a loaded CI machine ran past rows still
  // empty, out of the list (reproduced at 8x CPU throttling;
  // docs/decisions/0088-tab-through-a-long-feed.md).
  for (let i = 0; i < 70; i += 1) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(KEY_REPEAT_MS);
  }
  const focusedRow = page.locator('[role="listitem"]:focus-within');
  await expect(focusedRow).toHaveCount(1);
  const position = Number(await focusedRow.getAttribute('aria-posinset'));
  expect(position).toBeGreaterThan(lastRenderedAtFirst);
  await expect(page.locator(':focus')).toBeInViewport();

  // A post shared now is prepended far above: the row being read stays where it was.
  const readText = (await focusedRow.getByRole('article').textContent()) ?? '';
  const marker = /Long feed post #\d+\./.exec(readText)?.[0];
  if (!marker) throw new Error(`No long-feed post focused: ${readText}`);
  const row = list.getByRole('listitem').filter({ hasText: marker });
  const setSize = Number(await row.getAttribute('aria-setsize'));
  const before = await row.boundingBox();
  await feed.shareRequest(`Shared while reading deep in the feed ${String(Date.now())}`);
  // The live query re-reads 10,000 rows after the write: allow it time on a loaded machine.
  await expect(row).toHaveAttribute('aria-setsize', String(setSize + 1), { timeout: 30_000 });
  await expect(row).toHaveAttribute('aria-posinset', String(position + 1));
  const after = await row.boundingBox();
  expect(Math.abs((after?.y ?? Number.NaN) - (before?.y ?? Number.NaN))).toBeLessThan(3);
});

test('new posts: the control loads them at the top, resets the count and lands focus on the newest', async ({ page, request }) => {
  const feed = new CommunityPage(page);
  const landing = new LandingPage(page);
  const network = watchNetwork(page);
  await landing.goto();
  await landing.continueAsGuest();
  await expect(feed.posts.first()).toBeVisible();
  // The start's own pulls (first page, changes) must be over before someone posts: a changes pull
  // still running then would bring the post in itself (seen once in CI on a loaded machine). The
  // live stream stays open (issue #48): quiet but for it.
  await network.quiet();
  network.stop();
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  // Someone else posts; the app's poll of the count (every NEW_COUNT_POLL_MS, worker/poll.ts)
  // announces it. Not by going offline and back to hurry the count: coming back online also starts
  // the background prefetch, whose community prayer session can store the new post before the
  // count answers (CI, 2026-11-27;
  // docs/decisions/0170-open-a-prefetched-post-skips-the-new-posts-control.md).
  const text = `New while you were reading ${String(Date.now())}: pray for safe travels.`;
  await new ServerApi(request, await loginToken(request, 'grace@prayer.local')).createRequest(text);
  const control = page.getByRole('button', { name: 'Show 1 new post' });
  await expect(control).toBeInViewport({ timeout: NEW_COUNT_POLL_MS + 10_000 });
  await expect(feed.post(text)).toHaveCount(0);

  await control.click();
  await expect(control).toHaveCount(0);
  const newest = page.getByRole('listitem').filter({ hasText: text });
  await expect(newest).toHaveAttribute('aria-posinset', '1');
  await expect(newest).toBeFocused();
  await expect(newest).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
