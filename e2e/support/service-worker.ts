// Helpers around the app's service worker (sw/sw.ts) for the offline and sync specs.
import type { Page } from '@playwright/test';

/** The service worker controls the page (clients.claim, or the next load after activation). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const isControlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!isControlled) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
