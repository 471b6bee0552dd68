// Issue #5 'motion respects prefers-reduced-motion': with the preference set, the animated parts
// of the app (the dialog and its backdrop, the banner, the pray button) have no animation or
// transition time, and the page does not scroll smoothly; without it they do animate, so the
// check above is not vacuous. Durations are read from the computed style of the live elements.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';

type Motion = { animation: string; transition: string };

/** Computed animation and transition durations of an element, as the browser lists them. */
async function motionOf(element: Locator): Promise<Motion> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    return { animation: style.animationDuration, transition: style.transitionDuration };
  });
}

/** The longest of a comma-separated list of CSS times ('0.15s, 0.2s'), in seconds. */
function longest(times: string): number {
  return Math.max(...times.split(',').map((time) => (time.trim().endsWith('ms') ? parseFloat(time) / 1000 : parseFloat(time))));
}

/** Opens the composer and posts a request, reading the dialog's and the banner's motion on the way. */
async function readMotion(page: Page): Promise<Record<string, Motion>> {
  const feed = new CommunityPage(page);
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await expect(feed.posts.first()).toBeVisible();
  const pray = await motionOf(feed.prayButton(feed.posts.first()));

  await feed.shareButton.click();
  await expect(feed.composer.dialog).toBeVisible();
  const dialog = await motionOf(feed.composer.dialog);
  const backdrop = await motionOf(page.locator('.dialog-overlay'));
  await feed.composer.fill(`Reduced motion check ${String(Date.now())}: please pray for calm days.`);
  await feed.composer.submit();
  const banner = page.getByRole('status').filter({ hasText: 'Shared. Your community can pray with you now.' });
  await expect(banner).toBeVisible();
  return { pray, dialog, backdrop, banner: await motionOf(banner) };
}

test('with prefers-reduced-motion: reduce, animations and transitions take no time', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const motion = await readMotion(page);
  for (const [element, { animation, transition }] of Object.entries(motion)) {
    expect(longest(animation), `${element} animation-duration ${animation}`).toBe(0);
    expect(longest(transition), `${element} transition-duration ${transition}`).toBe(0);
  }
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
  console.log(`[reduced motion] reduce: ${JSON.stringify(motion)}`);
});

test('without the preference, the same elements do animate', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const motion = await readMotion(page);
  expect(longest(motion.dialog?.animation ?? '0s'), 'dialog').toBeGreaterThan(0);
  expect(longest(motion.backdrop?.animation ?? '0s'), 'backdrop').toBeGreaterThan(0);
  expect(longest(motion.banner?.animation ?? '0s'), 'banner').toBeGreaterThan(0);
  expect(longest(motion.pray?.transition ?? '0s'), 'pray button').toBeGreaterThan(0);
  console.log(`[reduced motion] no-preference: ${JSON.stringify(motion)}`);
});
