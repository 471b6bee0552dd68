// The returning guest of bench/lighthouse.ts: a Chromium profile directory in which a guest has
// been once. The first visit goes the way a person does (bench/client/app.ts, the e2e page objects):
// '/', "Continue as guest" (the server's guest login; the page writes the guest cookie, docs/product.md §4,
// src/state/cookies.ts), the community feed shown, the service worker installed (its precache) and
// controlling the page. Playwright then closes Chromium gracefully, so cookies, IndexedDB and the
// service worker's caches are on disk for bench/lighthouse/audit.ts to start Chromium on the same profile again.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type BrowserContext } from 'playwright';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium';
import { GUEST_TOKEN_COOKIE } from '../../src/state/cookies';
import { continueAsGuest, waitForServiceWorkerControl } from '../client/app';

/** Chromium on the profile in `dir`, as the phone the e2e runs emulate (playwright.config.ts). */
export async function openProfile(dir: string, origin: string, chromePath: string): Promise<BrowserContext> {
  const { defaultBrowserType: _engine, ...phone } = devices['Pixel 7'];
  const context = await chromium.launchPersistentContext(dir, {
    ...phone,
    executablePath: chromePath,
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL: origin,
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'allow',
  });
  // tsx (esbuild keepNames) wraps named inner functions of the page functions in __name().
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  return context;
}

/** Makes the profile of a guest who visited `origin` once; returns its directory. */
export async function returningGuestProfile(origin: string, chromePath: string, timeoutMs: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-guest-profile-'));
  const context = await openProfile(dir, origin, chromePath);
  try {
    context.setDefaultTimeout(timeoutMs);
    const page = context.pages()[0] ?? (await context.newPage());
    await continueAsGuest(page);
    await waitForServiceWorkerControl(page);
    const cookies = await context.cookies(origin);
    if (!cookies.some((cookie) => cookie.name === GUEST_TOKEN_COOKIE)) throw new Error(`No ${GUEST_TOKEN_COOKIE} cookie after "Continue as guest"`);
    // Let the first pull settle before the profile is closed (a periodic refresh may keep the
    // network from ever being idle: then 15 s is settle time enough).
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  } finally {
    await context.close();
  }
  return dir;
}

/** A copy of `profile` for one run, so that every run starts from the same returning guest. */
export function copyProfile(profile: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-guest-run-'));
  cpSync(profile, dir, { recursive: true });
  return dir;
}
