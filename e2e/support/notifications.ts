// The system notifications the service worker shows, read and clicked from a test (push and
// reminder specs). Headless Chromium cannot click a system notification, so a click goes through
// the worker's own click handler, published under NOTIFICATION_CLICK_GLOBAL (sw/push.ts).
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { NOTIFICATION_CLICK_GLOBAL } from '../../common/sw-protocol';
import { LandingPage } from '../pages/landing-page';
import { guestToken } from './api';
import { serviceWorkerSession, waitForServiceWorkerControl } from './service-worker';

export type Shown = { title: string; body: string; url: unknown };

/**
 * A guest who allowed notifications, with the service worker in control (a push needs it):
 * the app's origin, and the guest's token for the API.
 */
export async function guestWithNotifications(page: Page, context: BrowserContext, baseURL: string | undefined): Promise<{ origin: string; token: string }> {
  if (!baseURL) throw new Error('No baseURL in the Playwright config');
  const origin = new URL(baseURL).origin;
  await context.grantPermissions(['notifications'], { origin });
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await waitForServiceWorkerControl(page);
  return { origin, token: await guestToken(context) };
}

type BackgroundServiceEvent = { backgroundServiceEvent: { serviceWorkerRegistrationId: string; eventName: string; eventMetadata: { key: string; value: string }[] } };

/**
 * Waits for the browser to report the push event of `registrationId` completed (DevTools
 * BackgroundService, the record behind DevTools' "Push messaging" panel), and fails with its
 * status unless it succeeded. A completed push event has settled its waitUntil, so the worker's
 * showNotification has resolved.
 */
async function pushCompleted(session: CDPSession, registrationId: string): Promise<() => Promise<void>> {
  let settle: (status: string) => void = () => undefined;
  const completed = new Promise<string>((resolve) => (settle = resolve));
  session.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }: BackgroundServiceEvent) => {
    if (event.serviceWorkerRegistrationId !== registrationId || event.eventName !== 'Push event completed') return;
    settle(event.eventMetadata.find((entry) => entry.key === 'Status')?.value ?? 'no status');
  });
  await session.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  await session.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
  return async () => {
    const status = await completed;
    if (status !== 'Success') throw new Error(`The push event ended with status ${status}`);
  };
}

/**
 * Delivers a push to the app's service worker as the push service would (CDP
 * ServiceWorker.deliverPushMessage; see e2e/push.spec.ts for why), once it can be received: the
 * page's registration has an activated worker and this device's push subscription, and the
 * browser itself reports the worker activated (serviceWorkerSession). A push sent any earlier is
 * dropped without a word, and a test would then wait for a notification that cannot come.
 * Returns once the browser reports the push event completed: only then may a test read
 * getNotifications(). Chromium's getNotifications() deletes, as no longer on display, a
 * notification written before the call but not yet handed to the display, so a read while the
 * push is being handled can erase the very notification it waits for
 * (docs/decisions/0161-push-in-e2e-pushes-wait-for-an-activated-worker-reads-wait.md).
 */
export async function deliverPush(page: Page, context: BrowserContext, origin: string, payload: object): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration?.active?.state === 'activated' && (await registration.pushManager.getSubscription()) !== null;
  });
  const { session, blank, registrationId } = await serviceWorkerSession(context, `${origin}/`);
  try {
    const completion = await pushCompleted(session, registrationId);
    await session.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    await completion();
  } finally {
    await blank.close();
  }
}

/** The notifications the page's service worker registration shows now (after deliverPush has returned). */
export function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: unknown } | null)?.url }));
  });
}

/** Clicks the first shown notification through the worker's click handler. */
export async function clickFirstNotification(worker: Worker): Promise<void> {
  await worker.evaluate(async (globalName) => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    const [notification] = await scope.registration.getNotifications();
    const handler: unknown = Reflect.get(self, globalName);
    if (!notification || typeof handler !== 'function') throw new Error('no notification, or no click handler');
    await handler(notification);
  }, NOTIFICATION_CLICK_GLOBAL);
}
