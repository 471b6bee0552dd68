// Acceptance of the cookie consent of issue #6 (docs/product.md §2 bottom bar, page not interactable until a
// choice, not on /privacy; §3 cc_cookie fields and the analytics category clearing _ga*; §9 182
// days, path /, SameSite Lax). A first visit: `freshTest` has no consent cookie.
import type { Page } from '@playwright/test';
import { CONSENT_COOKIE_DAYS, CONSENT_COOKIE_NAME } from '../common/constants';
import { expect, freshTest as test } from './support/fixtures';
import { LandingPage } from './pages/landing-page';

const DAY_S = 24 * 60 * 60;
const SPEC_FIELDS = ['categories', 'consentId', 'consentTimestamp', 'data', 'expirationTime', 'lastConsentTimestamp', 'revision', 'services'];

function consentBar(page: Page) {
  return page.getByRole('dialog', { name: 'We value your privacy' });
}

/** The element a real click at the middle of `selector`'s box would land on belongs to the consent layer. */
async function isCoveredByConsent(page: Page, name: string): Promise<boolean> {
  const box = await page.getByRole('button', { name }).boundingBox();
  if (!box) throw new Error(`No box for the button '${name}'`);
  return page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('#cc-main') !== null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

test('the banner blocks the page until a choice, then writes cc_cookie as docs/product.md §4 Consent says', async ({ page, context }) => {
  const landing = new LandingPage(page);
  await landing.goto();
  await expect(consentBar(page)).toBeVisible();

  // A real click on "Continue as guest" lands on the consent layer and does nothing. Measured once
  // the banner has come to rest: while it slides in, its privacy link once passed over the point
  // clicked and the click followed it (a fresh-clone run,
  // docs/decisions/0201-two-rare-e2e-failures-in-one-fresh-clone-run-2026-11-29.md).
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await isCoveredByConsent(page, 'Continue as guest')).toBe(true);
  const box = await landing.continueAsGuestButton.boundingBox();
  if (!box) throw new Error('No box for Continue as guest');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(consentBar(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).some((cookie) => cookie.name === CONSENT_COOKIE_NAME)).toBe(false);

  await consentBar(page).getByRole('button', { name: 'Necessary only' }).click();
  await expect(consentBar(page)).toBeHidden();

  const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE_NAME);
  if (!cookie) throw new Error('No cc_cookie after a choice');
  expect(cookie.path).toBe('/');
  expect(cookie.sameSite).toBe('Lax');
  const daysLeft = (cookie.expires - Date.now() / 1000) / DAY_S;
  expect(daysLeft).toBeGreaterThan(CONSENT_COOKIE_DAYS - 1);
  expect(daysLeft).toBeLessThanOrEqual(CONSENT_COOKIE_DAYS);
  const value: unknown = JSON.parse(decodeURIComponent(cookie.value));
  if (typeof value !== 'object' || value === null) throw new Error('cc_cookie is not an object');
  for (const field of SPEC_FIELDS) expect(value, field).toHaveProperty(field);
  expect(value).toMatchObject({ categories: ['necessary'] });

  // The page is usable now.
  await landing.continueAsGuest();
  await expect(page).toHaveURL(/\/community$/);
});

test('refusing analytics clears an existing _ga cookie', async ({ page, context, baseURL }) => {
  const url = baseURL ?? 'http://localhost';
  await context.addCookies([
    { name: '_ga', value: 'GA1.1.123456789.1700000000', url },
    { name: '_gid', value: 'GA1.1.987654321.1700000000', url },
  ]);
  await page.goto('/');
  await consentBar(page).getByRole('button', { name: 'Necessary only' }).click();
  await expect(consentBar(page)).toBeHidden();
  await expect.poll(async () => (await context.cookies()).map((c) => c.name).filter((name) => /^_ga|^_gid/.test(name))).toEqual([]);
  expect((await context.cookies()).some((c) => c.name === CONSENT_COOKIE_NAME)).toBe(true);
});

test('the banner is not started on /privacy, and starts on the next page', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The footer link is usable: nothing covers the page.
  expect(await page.locator('#cc-main').count()).toBe(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(consentBar(page)).toBeVisible();
});
