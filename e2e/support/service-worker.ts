// Helpers around the app's service worker (sw/sw.ts) for the offline and sync specs.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/** The service worker controls the page (clients.claim, or the next load after activation). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const isControlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!isControlled) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

type RegistrationUpdate = { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] };

/**
 * A DevTools session that can reach the ServiceWorker domain with no app page open: the domain
 * exists only on a page's session (not the browser's, not the worker's own target), so it is
 * opened on a separate about:blank page of the same context, which shares the registrations.
 * Returns the session and the registration id of `scope`, read from workerRegistrationUpdated.
 */
export async function serviceWorkerSession(context: BrowserContext, scope: string): Promise<{ session: CDPSession; blank: Page; registrationId: string }> {
  const blank = await context.newPage();
  const session = await context.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) => {
    session.on('ServiceWorker.workerRegistrationUpdated', (event: RegistrationUpdate) => {
      const found = event.registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await session.send('ServiceWorker.enable');
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`No service worker registration for ${scope}`)), 10_000));
  return { session, blank, registrationId: await Promise.race([registrationId, timeout]) };
}

/** CDP ServiceWorker.dispatchSyncEvent: fires the worker's `sync` event for `tag` now. */
export async function dispatchSyncEvent(session: CDPSession, origin: string, registrationId: string, tag: string): Promise<void> {
  await session.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false });
}
