// The one `test` every spec imports: Playwright's, with the browser context prepared the way a
// returning user's is (cookie consent already chosen, so the consent banner of docs/product.md §2 does not
// block the page; the browser's own install event kept from the app, so the install prompt of
// docs/product.md §2 cannot cover a screen under test). Specs about the consent banner use `freshTest`;
// install-prompt specs turn `blockInstallPrompt` off.
import { randomUUID } from 'node:crypto';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { CONSENT_COOKIE_DAYS, CONSENT_COOKIE_NAME } from '../../common/constants';
import { e2eServer } from './servers';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A cc_cookie value vanilla-cookieconsent v3 takes as a valid choice for src/platform/consent-config.ts
 * (no `revision` set, so revision 0): a consent id, both timestamps and an array of categories.
 * Necessary only, the choice that changes nothing for a test.
 */
export function consentCookieValue(now: Date = new Date()): string {
  const at = now.toISOString();
  return encodeURIComponent(
    JSON.stringify({
      categories: ['necessary'],
      revision: 0,
      data: null,
      consentTimestamp: at,
      consentId: randomUUID(),
      services: { necessary: [], analytics: [] },
      languageCode: 'en',
      lastConsentTimestamp: at,
      expirationTime: now.getTime() + CONSENT_COOKIE_DAYS * DAY_MS,
    }),
  );
}

/** Sets the consent cookie for the app's origin, with the attributes the library writes (docs/product.md §9). */
export async function presetConsent(context: BrowserContext, baseURL: string): Promise<void> {
  const url = new URL(baseURL);
  await context.addCookies([
    {
      name: CONSENT_COOKIE_NAME,
      value: consentCookieValue(),
      domain: url.hostname,
      path: '/',
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + CONSENT_COOKIE_DAYS * 24 * 60 * 60,
    },
  ]);
}

/**
 * vanilla-cookieconsent hides itself from bots (hideFromBots, navigator.webdriver), and an
 * automated Chromium says it is one: the app must see the browser a person uses.
 */
function lookLikeAPerson(): void {
  Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
}

/** Runs before the app's scripts: the app never sees a beforeinstallprompt, real or synthetic. */
function swallowInstallEvents(): void {
  window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), { capture: true });
}

type PlatformOptions = {
  /** A consent choice already made (the cc_cookie is there). */
  hasConsent: boolean;
  /** The app never hears of beforeinstallprompt. */
  blockInstallPrompt: boolean;
};

export const test = base.extend<PlatformOptions>({
  // Each parallel worker has its own server (e2e/support/servers.ts); a spec's test.use({ baseURL }) still wins.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this object pattern; this one has none.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${String(e2eServer(testInfo.parallelIndex).port)}`);
  },
  hasConsent: [true, { option: true }],
  blockInstallPrompt: [true, { option: true }],
  context: async ({ context, baseURL, hasConsent, blockInstallPrompt }, use) => {
    await context.addInitScript(lookLikeAPerson);
    if (hasConsent) await presetConsent(context, baseURL ?? 'http://localhost');
    if (blockInstallPrompt) await context.addInitScript(swallowInstallEvents);
    await use(context);
  },
});

/** A first visit: no consent choice yet, so the banner shows and blocks the page. */
export const freshTest = test.extend({ hasConsent: false });

export { expect };
