// The unread notifications count on the installed app's icon (issue #28 item 6;
// docs/decisions/0192-the-unread-count-on-the-app-icon.md), through the Badging API where the
// browser has it (`navigator.setAppBadge`, Chromium and Safari's installed apps): set from the page
// whenever the bell's count changes (src/components/notification-bell.tsx) and from the service
// worker when a push arrives with the count (sw/push.ts). Where it is missing (Firefox, WebKitGTK)
// nothing happens, and a call the browser refuses (the app not installed) is no error either: the
// icon is a nicety. In common/ because the service worker may not import src/ (docs/architecture.md
// 'Layout and boundaries').

/** The part of Navigator (or WorkerNavigator) this uses; each method may be missing. */
export type BadgeNavigator = {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/**
 * Shows `count` on the app icon, clears it at 0; `null` sets the plain mark (something new, count
 * unknown). Resolves whatever happens.
 */
export async function showAppBadge(count: number | null, nav: BadgeNavigator | undefined = globalNavigator()): Promise<void> {
  if (nav === undefined || typeof nav.setAppBadge !== 'function') return;
  try {
    if (count === null) await nav.setAppBadge();
    else if (count <= 0) await (typeof nav.clearAppBadge === 'function' ? nav.clearAppBadge() : nav.setAppBadge(0));
    else await nav.setAppBadge(Math.floor(count));
  } catch (error) {
    // Not installed, or the user agent declined: the count stays in the bell.
    console.debug('app badge not set', error);
  }
}

function globalNavigator(): BadgeNavigator | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator;
}

/**
 * The unread count a push carries (server/push/dispatch.ts): `badge`, a number in a plain Web Push
 * payload or a string in FCM's `data`; null when absent or not a count.
 */
export function pushBadgeOf(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const top: unknown = Reflect.get(payload, 'badge');
  const data: unknown = Reflect.get(payload, 'data');
  const raw: unknown = top ?? (typeof data === 'object' && data !== null ? Reflect.get(data, 'badge') : undefined);
  const value = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : raw;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}
