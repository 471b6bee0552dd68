// The browser's notification permission, read once and kept (issue #14 point 3). In Chromium,
// reading Notification.permission asks the browser process (about 2 ms a read at Lighthouse's 4x
// slowdown), and the app shell's 'Turn on notifications' offer reads it on every render and on
// every check React makes of its external stores. It is read again when the page comes back into
// view (the person may have changed it in the browser's settings), when the Permissions API says
// it changed, and after the app asked for it.
import { notificationPermissionChanged } from './notification-request';
import type { PushPermission } from './push';

let known: PushPermission | null = null;
let isWatching = false;

/** Notification.permission, or 'unsupported' where there is no Notification API (docs/product.md §4). */
export function notificationPermission(): PushPermission {
  if (typeof Notification === 'undefined') return 'unsupported';
  watchPermission();
  known ??= Notification.permission;
  return known;
}

/** Asks the browser (a user gesture's handler calls this); the kept permission is read again after. */
export async function requestNotificationPermission(): Promise<NotificationPermission> {
  try {
    return await Notification.requestPermission();
  } finally {
    forget();
  }
}

function forget(): void {
  known = null;
}

function watchPermission(): void {
  if (isWatching) return;
  isWatching = true;
  document.addEventListener('visibilitychange', forget);
  // Where the Permissions API knows 'notifications', a change made anywhere (the site settings,
  // another tab) is heard at once, and the offers are read again.
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((status) => {
      status.addEventListener('change', () => {
        forget();
        notificationPermissionChanged();
      });
    })
    .catch(() => undefined);
}
