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
type VersionUpdate = { versions: { registrationId: string; status: string }[] };

/**
 * A DevTools session that can reach the ServiceWorker domain with no app page open: the domain
 * exists only on a page's session (not the browser's, not the worker's own target), so it is
 * opened on a separate about:blank page of the same context, which shares the registrations.
 * Returns the session and the registration id of `scope`, read from workerRegistrationUpdated,
 * once the browser reports an ACTIVATED worker for it (workerVersionUpdated). Chromium drops an
 * event sent through this domain while the registration has no active worker (new, installing,
 * installed and waiting) and the command still succeeds, so a test could wait for something that
 * never comes; an activating worker gets it once activated.
 * docs/decisions/0161-push-in-e2e-pushes-wait-for-an-activated-worker-reads-wait.md.
 */
export async function serviceWorkerSession(context: BrowserContext, scope: string): Promise<{ session: CDPSession; blank: Page; registrationId: string }> {
  const blank = await context.newPage();
  const session = await context.newCDPSession(blank);
  let wanted: string | undefined;
  const activated = new Set<string>();
  let found: (id: string) => void = () => undefined;
  const ready = new Promise<string>((resolve) => (found = resolve));
  const check = () => {
    if (wanted !== undefined && activated.has(wanted)) found(wanted);
  };
  session.on('ServiceWorker.workerRegistrationUpdated', (event: RegistrationUpdate) => {
    wanted ??= event.registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted)?.registrationId;
    check();
  });
  session.on('ServiceWorker.workerVersionUpdated', (event: VersionUpdate) => {
    for (const version of event.versions) if (version.status === 'activated') activated.add(version.registrationId);
    check();
  });
  await session.send('ServiceWorker.enable');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const what = () => (wanted === undefined ? 'no service worker registration' : `registration ${wanted} has no activated worker`);
    timer = setTimeout(() => reject(new Error(`For ${scope}: ${what()} after 30 s`)), 30_000);
  });
  try {
    return { session, blank, registrationId: await Promise.race([ready, timeout]) };
  } finally {
    clearTimeout(timer);
  }
}

/** CDP ServiceWorker.dispatchSyncEvent: fires the worker's `sync` event for `tag` now. */
export async function dispatchSyncEvent(session: CDPSession, origin: string, registrationId: string, tag: string): Promise<void> {
  await session.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false });
}
