// Issue #23 point 3 acceptance: sign-in when the browser refuses the token cookie. Chromium is told
// to refuse document.cookie for the page (CDP Emulation.setDocumentCookieDisabled: reads give '',
// writes are dropped), as WebKit does with `Secure` cookies on http and privacy settings do
// anywhere; the server sets no cookie of its own. The session lives in the local store: guest
// login and login reach the feed, and a reload keeps the person signed in (the route checks read
// the store when no cookie shows a token, src/state/held-session.ts). With the cookie refused the
// consent choice cannot be kept either, so its banner is answered on every load.
//
// Then a browser that keeps no data at all for the site (Chromium's own "block cookies and site
// data" setting for every site, in a profile of the test's own): IndexedDB cannot open, so no
// session can be kept; the landing says what the person can do in the page's language, and the
// guest button ends with that message, never an endless "Opening the community…".
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO } from './support/sign-in';
import { CHROME_PATH, CHROMIUM_ARGS } from './support/chromium';
import { enUS } from '../src/i18n/locales/en-US';
import { ptBR } from '../src/i18n/locales/pt-BR';
import { TEXTS as EN_CONSENT } from '../src/platform/consent-texts-en';
import { TEXTS as PT_CONSENT } from '../src/platform/consent-texts-pt';

const LANGS = {
  en: { prefix: '', guest: enUS.landing.continueAsGuest, heading: 'Community prayers', blocked: enUS.auth.storageBlocked, consent: EN_CONSENT.acceptNecessary },
  pt: { prefix: '/pt', guest: ptBR.landing.continueAsGuest, heading: 'Orações da comunidade', blocked: ptBR.auth.storageBlocked, consent: PT_CONSENT.acceptNecessary },
} as const;

type Lang = keyof typeof LANGS;

/** This page's document.cookie refuses every cookie, from the first load on (reloads included). */
async function refuseCookies(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDocumentCookieDisabled', { disabled: true });
}

/** The consent banner shows on every load (its choice is a cookie too): necessary only. */
async function answerConsent(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: LANGS[lang].consent ?? '' }).click();
}

async function expectNoCookieKept(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('prayer_token');
  expect(names).not.toContain('prayer_guest_token');
}

for (const lang of ['en', 'pt'] as const) {
  const { prefix, guest, heading } = LANGS[lang];

  test(`${lang}: with cookies refused, guest login reaches the feed and a reload keeps the guest signed in`, async ({ page }) => {
    await refuseCookies(page);
    await page.goto(`${prefix}/`);
    await answerConsent(page, lang);
    await page.getByRole('button', { name: guest }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/community$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoCookieKept(page);

    await page.reload();
    await answerConsent(page, lang);
    await expect(page).toHaveURL(new RegExp(`${prefix}/community$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The landing itself finds the session in the store and goes on to the community.
    await page.goto(`${prefix}/`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/community$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('en: with cookies refused, login reaches the feed and a reload keeps the member signed in', async ({ page }) => {
  await refuseCookies(page);
  await page.goto('/login');
  await answerConsent(page, 'en');
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Community prayers' })).toBeVisible();
  await expectNoCookieKept(page);
  // A members-only screen after a reload: the store, not a cookie, lets the member in.
  await page.goto('/lists');
  await answerConsent(page, 'en');
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/** A Chromium profile whose settings block cookies and site data for every site. */
function blockingProfile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prayer-no-site-data-'));
  mkdirSync(join(dir, 'Default'));
  writeFileSync(join(dir, 'Default', 'Preferences'), JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }));
  return dir;
}

for (const lang of ['en', 'pt'] as const) {
  const { prefix, guest, blocked } = LANGS[lang];

  test(`${lang}: a browser that keeps no site data is told what to do, and the guest button never spins`, async ({ baseURL }) => {
    const profile = blockingProfile();
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME_PATH, args: CHROMIUM_ARGS, baseURL, locale: 'en-US' });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${prefix}/`);
      // The browser really refuses: IndexedDB does not open for this site.
      const opens = await page.evaluate(() => new Promise<boolean>((resolve) => {
        const request = indexedDB.open('probe');
        request.onsuccess = () => resolve(true);
        request.onerror = () => resolve(false);
      }).catch(() => false));
      expect(opens).toBe(false);
      await expect(page.getByTestId('landing-error')).toHaveText(blocked);
      // No consent banner shows in this profile (its library cannot run without site storage; the app goes on without it).
      const button = page.getByRole('button', { name: guest });
      await button.click();
      await expect(page.getByTestId('landing-error')).toHaveText(blocked);
      await expect(button).toBeEnabled();
      await expect(page).toHaveURL(new RegExp(`${prefix}/$`));
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}
