// Push in the service worker (docs/product.md §3 'Service worker message', §4;
// docs/architecture/service-worker.md 'Service worker'). With the VITE_FIREBASE_* configuration,
// Firebase messaging receives pushes: it displays messages that carry a `notification` itself, and
// data-only messages are displayed here. Without it, the page subscribed with the server's own
// VAPID key (issue #13, src/platform/web-push.ts) and a plain Web Push handler displays the
// server's payload {title, body, url}, which the browser has decrypted. Either way a click focuses
// an open window and posts NAVIGATE_TO, or opens one at the url.
import { initializeApp } from 'firebase/app';
import { getMessaging, onBackgroundMessage } from 'firebase/messaging/sw';
import { pushBadgeOf, showAppBadge } from '../common/app-badge';
import type { PushConfig } from '../common/push-config';
import { reRegisterSubscription, type ReRegisterDeps } from '../worker/push-subscription';
import {
  NOTIFICATION_CLICK_GLOBAL, notificationTarget, pushDisplayOf, type NavigateToMessage, type PushDisplay,
} from '../common/sw-protocol';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';
/** The manifest's name: the title of a push that sent plain text. */
const APP_NAME = 'Prayer Community';

function show(display: PushDisplay): Promise<void> {
  return self.registration.showNotification(display.title, { body: display.body, icon: ICON, data: { url: display.url } });
}

/** The unread count a push carries, onto the app icon (issue #28 item 6); nothing when it carries none. */
function badge(payload: unknown): Promise<void> {
  const count = pushBadgeOf(payload);
  return count === null ? Promise.resolve() : showAppBadge(count, self.navigator);
}

function readJson(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    // Not JSON: the text is the body.
    const text = event.data?.text() ?? '';
    return text === '' ? null : { title: APP_NAME, body: text };
  }
}

/** The plain Web Push display: only when Firebase is not configured (it has its own push handler). */
function listenToPlainPush(): void {
  self.addEventListener('push', (event) => {
    const payload = readJson(event);
    const display = pushDisplayOf(payload);
    if (display) event.waitUntil(Promise.all([show(display), badge(payload)]));
  });
}

function startFirebase(config: PushConfig): void {
  try {
    const messaging = getMessaging(initializeApp(config.firebase));
    onBackgroundMessage(messaging, (payload) => {
      void badge(payload);
      // Firebase has already displayed a message with a `notification` part.
      if (payload.notification) return;
      const display = pushDisplayOf(payload.data);
      if (display) return show(display);
    });
  } catch (err) {
    // Unsupported browser (no Push API): the app works without notifications.
    console.warn('push messaging unavailable', err);
  }
}

async function openOrFocus(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((candidate) => candidate.focused) ?? windows[0];
  if (!client) {
    await self.clients.openWindow(url);
    return;
  }
  const message: NavigateToMessage = { type: 'NAVIGATE_TO', url };
  client.postMessage(message);
  // Focusing needs the click's user activation; without it (the e2e test's direct call) the
  // window still navigates, so a refused focus is not an error.
  await client.focus().catch((err: unknown) => console.warn('could not focus the app window', err));
}

/**
 * Everything a click on a notification does (docs/product.md §3 NAVIGATE_TO): close it, then focus an open
 * window and post NAVIGATE_TO with its same-origin url, or open a window there. The listener only
 * adds waitUntil around it, so this is the function that runs for a real click.
 */
function handleNotificationClick(notification: Notification): Promise<void> {
  notification.close();
  return openOrFocus(notificationTarget(notification.data, self.location.origin));
}

function listenToClicks(): void {
  self.addEventListener('notificationclick', (event) => {
    // Registered before Firebase's own click handler: one behaviour (NAVIGATE_TO) for every
    // notification, and Firebase does not open a second window.
    event.stopImmediatePropagation();
    event.waitUntil(handleNotificationClick(event.notification));
  });
  // Headless Chromium cannot click a system notification and a synthetic NotificationEvent
  // cannot use waitUntil: the end-to-end test calls this same handler through the global.
  Reflect.set(self, NOTIFICATION_CLICK_GLOBAL, handleNotificationClick);
}

/**
 * Plain Web Push: a subscription the push service replaced is registered again at once
 * (worker/push-subscription.ts). Firebase's SDK renews its own token (src/platform/push.ts).
 */
function listenToSubscriptionChange(delivery: Pick<ReRegisterDeps, 'drain' | 'retryLater'>): void {
  self.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(reRegisterSubscription(event, { ...delivery, pushManager: self.registration.pushManager, now: Date.now }));
  });
}

/** Must run during the worker's first evaluation: push listeners added later are ignored. */
export function startPush(config: PushConfig | null, delivery: Pick<ReRegisterDeps, 'drain' | 'retryLater'>): void {
  listenToClicks();
  if (config) startFirebase(config);
  else {
    listenToPlainPush();
    listenToSubscriptionChange(delivery);
  }
}
