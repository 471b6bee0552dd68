// Acceptance of issue #13 point 4, a guided prayer session: as the demo member, with a list of five
// made through the API, the beginning offers how many (3 of 5 chosen), about how long and a quiet
// timer (1 minute); one request at a time; a reload mid-way resumes at the same request ("2 of 3",
// the same text, the timer kept); closing the page and opening a new one in the same browser resumes
// too; offline, one skipped and one prayed finish it: the end screen says 2 prayed, 1 skipped,
// today's count and the streak. Online, each prayer reaches the server exactly once and the session
// is recorded once. Layout at 320 px and axe (light and dark) on the three screens.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PrayPage, SessionPage } from './pages/prayer-page';
import { ServerApi, memberToken, todayMatches, utcDay } from './support/api';
import { memberOnFeed, signInByCookie } from './support/sign-in';
import { checkAxe, sweepWidths } from './support/layout-sweep';
import { Timings } from './support/timings';

const POLL = { timeout: 15_000, intervals: [100, 200, 250] };

async function checkScreen(page: Page, info: Parameters<typeof sweepWidths>[1], name: string): Promise<void> {
  await sweepWidths(page, info, 'en', name);
  await checkAxe(page, name, undefined, true);
}

test('a guided session: chosen size and timer, resumed after a reload and a new page, finished offline, each prayer sent once', async ({ page, context, request, baseURL }, testInfo) => {
  const timings = new Timings(testInfo);
  const run = Date.now().toString(36);
  const name = `Guided ${run}`;
  const texts = Array.from({ length: 5 }, (_, i) => `Guided prayer ${i + 1} of ${run}`);

  const api = await memberOnFeed(page, context, request, baseURL);
  const { list, items } = await api.createListWithItems(name, texts);
  const pray = new PrayPage(page);
  await pray.goto();
  await expect(pray.list(name)).toBeVisible();
  await expect.poll(() => pray.localItemCount(list.id), POLL).toBe(5);
  const today = await api.today();
  const sessionsBefore = await api.sessionStatistics();
  timings.mark('list of five made and held on the device');

  // The beginning: the list's name, what is ready, how many, about how long, the quiet timer.
  const session = new SessionPage(page);
  await pray.list(name).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // A list's items are prayers (issue #49, review m8).
  await expect(page.getByText('5 prayers ready')).toBeVisible();
  await session.choice('3').check();
  await expect(session.estimate).toHaveText('About 2 minutes');
  await session.choice('1 minute').check();
  await expect(session.estimate).toHaveText('About 4 minutes');
  await checkScreen(page, testInfo, 'session-begin');
  await session.start.click();

  await expect(session.progress).toHaveText('1 of 3');
  await expect(session.timer).toHaveText(/^[01]:\d\d$/);
  const first = (await session.text.textContent()) ?? '';
  await session.prayed.click();
  await expect(session.progress).toHaveText('2 of 3');
  await checkScreen(page, testInfo, 'session-request');
  const second = (await session.text.textContent()) ?? '';
  expect(second).not.toBe(first);

  // A reload mid-way: the same request, the same count, the timer still chosen.
  await page.reload();
  await expect(session.progress).toHaveText('2 of 3');
  await expect(session.text).toHaveText(second);
  await expect(session.timer).toBeVisible();
  timings.mark('reload resumed at 2 of 3');

  // The app closed and opened again (a new page in the same browser): resumes from /pray too.
  await page.close();
  const again = await context.newPage();
  const pray2 = new PrayPage(again);
  const session2 = new SessionPage(again);
  await pray2.goto();
  await pray2.list(name).click();
  await expect(session2.progress).toHaveText('2 of 3');
  await expect(session2.text).toHaveText(second);
  timings.mark('a new page resumed at 2 of 3');

  // Offline: skip the second, pray for the third; the end screen counts them.
  await context.setOffline(true);
  await session2.skip.click();
  await expect(session2.progress).toHaveText('3 of 3');
  const third = (await session2.text.textContent()) ?? '';
  await session2.prayed.click();
  await expect(session2.finishedHeading).toBeVisible();
  await expect(session2.endPrayed).toHaveText('You prayed for 2 requests');
  await expect(session2.endSkipped).toHaveText('1 skipped');
  // Exact within the UTC day its count restarts at (todayMatches).
  if (utcDay() === today.day) await expect(session2.endToday).toHaveText(`You prayed ${today.count + 2} times today`);
  else await expect(session2.endToday).toHaveText(/^You prayed \d+ times? today$/);
  await expect(session2.endStreak).toHaveText(/^\d+ days? in a row with prayer$/);
  await expect(again.getByText('Saved on this device. It will be sent when you are online.')).toBeVisible();
  await checkScreen(again, testInfo, 'session-end');
  // The end screen survives a reload; it is cleared once left.
  await again.reload();
  await expect(session2.endPrayed).toHaveText('You prayed for 2 requests');
  timings.mark('finished offline: 2 prayed, 1 skipped');

  await context.setOffline(false);
  await expect.poll(async () => todayMatches(today, 2, (await api.me()).today_prayer_count), POLL).toBe(true);
  const prayedTexts = new Set([first, third]);
  const expected = items.map((item) => [item.id, prayedTexts.has(item.text) ? 1 : 0]);
  await expect.poll(async () => (await api.list(list.id)).items.map((item) => [item.id, item.prayedCount]), POLL).toEqual(expected);
  await expect.poll(async () => (await api.sessionStatistics()).finished, POLL).toBe(sessionsBefore.finished + 1);
  // Exactly once: nothing more arrives a second later.
  await again.waitForTimeout(1_000);
  expect(todayMatches(today, 2, (await api.me()).today_prayer_count)).toBe(true);
  expect((await api.list(list.id)).items.map((item) => [item.id, item.prayedCount])).toEqual(expected);
  expect((await api.sessionStatistics()).total_items_prayed).toBe(sessionsBefore.total_items_prayed + 2);
  timings.mark('online: each prayer and the session on the server once');

  // "Start another session" begins anew; the finished run is gone after a reload.
  await session2.again.click();
  await expect(session2.start).toBeVisible();
  await again.reload();
  await expect(session2.start).toBeVisible();
  await timings.report();
});

test('the quiet timer counts down calmly, says its end to screen readers only, and never stops "Prayed"', async ({ page, context, request, baseURL }) => {
  const run = Date.now().toString(36);
  await signInByCookie(context, request, baseURL);
  const api = new ServerApi(request, await memberToken(context));
  const { list } = await api.createListWithItems(`Timer ${run}`, [`Quiet ${run}`]);
  // The page's clock only (the sync worker keeps real time): the 30 seconds pass at once.
  await page.clock.install();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/session?list=${list.id}`);
  const session = new SessionPage(page);
  await expect(session.text.or(session.start)).toBeVisible({ timeout: 15_000 });
  await session.choice('30 seconds').check();
  await expect(session.estimate).toHaveText('About 1 minute');
  await session.start.click();
  await expect(session.timer).toHaveText('0:30');
  const status = page.getByRole('status').filter({ hasText: 'The quiet time is over.' });
  await expect(status).toHaveCount(0);
  // Reduced motion: the bar jumps, it does not glide.
  expect(await page.locator('.session-timer__bar').evaluate((bar) => getComputedStyle(bar).transitionDuration)).toBe('0s');
  await page.clock.fastForward(10_000);
  await expect(session.timer).toHaveText('0:20');
  await expect(session.prayed).toBeEnabled();
  await page.clock.fastForward(21_000);
  await expect(session.timer).toHaveText('0:00');
  await expect(status).toHaveCount(1);
  await expect(status).toHaveClass(/visually-hidden/);
  await session.prayed.click();
  await expect(session.endPrayed).toHaveText('You prayed for 1 request');
});

test('a second tab shows the same run and follows its steps', async ({ page, context, request, baseURL }) => {
  const run = Date.now().toString(36);
  await signInByCookie(context, request, baseURL);
  const api = new ServerApi(request, await memberToken(context));
  const { list } = await api.createListWithItems(`Two tabs ${run}`, [`Tab one ${run}`, `Tab two ${run}`, `Tab three ${run}`]);
  await page.goto(`/session?list=${list.id}`);
  const first = new SessionPage(page);
  await expect(first.start).toBeVisible({ timeout: 15_000 });
  await first.choice('All (3)').or(first.choice('3')).check();
  await first.start.click();
  await expect(first.progress).toHaveText('1 of 3');

  const other = await context.newPage();
  const second = new SessionPage(other);
  await other.goto(`/session?list=${list.id}`);
  await expect(second.progress).toHaveText('1 of 3');
  await expect(second.text).toHaveText((await first.text.textContent()) ?? '');
  // A step in one tab moves the other (the storage event); a prayer there shows as prayed here.
  await first.prayed.click();
  await expect(second.progress).toHaveText('2 of 3');
  await second.previous.click();
  await expect(first.progress).toHaveText('1 of 3');
  await expect(first.page.getByText('You prayed for this in this session')).toBeVisible();
  await expect(first.page.getByRole('button', { name: 'Next' })).toBeVisible();
});
