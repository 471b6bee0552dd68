// The notification prompt (docs/product.md §2 'Turn on Notifications', §4 'Notification permission').
// Shown on app load only if all five hold: not a mobile device outside the installed app;
// notifications supported; permission not granted; not dismissed in the last 7 days; and the person
// has engaged (prayed on this device, or come back on a later day: ./engagement.ts), so a first
// visit is not interrupted before they have done anything (issue #26, the review's finding 4). Accepting
// asks the browser for permission, registers push when granted, and then the dialog closes.
import { NOTIFICATION_PROMPT_DISMISSED_KEY } from '../../common/constants';
import { isDismissedRecently, recordDismissal } from './dismissal';
import { isEngaged } from './engagement';
import { currentBrowser, isMobileDevice, isStandalone, supportsNotifications } from './environment';
import { notificationPermission, requestNotificationPermission } from './notification-permission';
import { isPushAvailable, turnOnPush, type PushPermission } from './push';
import { browserLocalStorage, type KeyValueStore } from './runtime';

/** docs/product.md §4: default -> granted | blocked. */
export type PermissionState = 'default' | 'granted' | 'blocked' | 'unsupported';

export type NotificationEnv = {
  isMobileDevice: boolean;
  isStandalone: boolean;
  supportsNotifications: boolean;
  permission: PushPermission;
  storage: KeyValueStore;
};

/** Exactly the five conditions of docs/product.md §4. */
export function shouldShowNotificationPrompt(env: NotificationEnv, now: number): boolean {
  if (env.isMobileDevice && !env.isStandalone) return false;
  if (!env.supportsNotifications) return false;
  if (env.permission === 'granted') return false;
  if (!isEngaged(env.storage, now)) return false;
  return !isDismissedRecently(env.storage, NOTIFICATION_PROMPT_DISMISSED_KEY, now);
}

/**
 * The account menu's 'Turn on notifications' (issue #6): offered only when there is push to turn
 * on and the browser has not been asked yet (permission 'default'); hidden otherwise.
 */
export function canOfferNotifications(isPushAvailable: boolean, permission: PushPermission): boolean {
  return isPushAvailable && permission === 'default';
}

export function permissionStateOf(permission: PushPermission): PermissionState {
  if (permission === 'denied') return 'blocked';
  return permission;
}

type NotificationPromptDeps = {
  env(): NotificationEnv;
  requestPermission(): Promise<NotificationPermission>;
  /** Fetches and registers the push token (src/platform/push.ts turnOnPush). */
  registerPush(): Promise<unknown>;
  /** Without push configuration the prompt has nothing to turn on, so the feature stays hidden. */
  isPushAvailable(): boolean;
};

type NotificationPrompt = {
  shouldShow(now: number): boolean;
  /**
   * On app load: whether to show it now, and if so the asking counts as asked (the 7-day rest
   * starts), so a prompt left unanswered, by a reload or a link followed, does not come back on
   * every page load (issue #49, review m5).
   */
  openOnLoad(now: number): boolean;
  /** Whether the account menu offers the prompt (canOfferNotifications). */
  canOffer(): boolean;
  permissionState(): PermissionState;
  /** Asks for permission, registers push when granted; resolves when the dialog may close. */
  accept(now: number): Promise<PermissionState>;
  dismiss(now: number): void;
};

export function createNotificationPrompt(deps: NotificationPromptDeps): NotificationPrompt {
  const dismiss = (now: number) => recordDismissal(deps.env().storage, NOTIFICATION_PROMPT_DISMISSED_KEY, now);
  return {
    shouldShow: (now) => deps.isPushAvailable() && shouldShowNotificationPrompt(deps.env(), now),
    openOnLoad(now) {
      const isShown = deps.isPushAvailable() && shouldShowNotificationPrompt(deps.env(), now);
      if (isShown) dismiss(now);
      return isShown;
    },
    canOffer: () => canOfferNotifications(deps.isPushAvailable(), deps.env().permission),
    permissionState: () => permissionStateOf(deps.env().permission),
    async accept(now) {
      const permission = await deps.requestPermission();
      if (permission === 'granted') {
        // A failed registration must not keep the dialog open; the next app start retries.
        await deps.registerPush().catch((err: unknown) => console.warn('push registration failed', err));
      } else {
        // Refused or closed: the prompt would only be refused again, so the 7-day rest applies.
        dismiss(now);
      }
      return permissionStateOf(permission);
    },
    dismiss,
  };
}

/**
 * Read as asked: the account menu's check (canOffer) runs on every render of the app shell and
 * reads the permission only; the device checks (media queries, the user agent) are for the prompt.
 */
function browserEnv(storage: KeyValueStore): NotificationEnv {
  const browser = currentBrowser();
  return {
    get isMobileDevice() { return isMobileDevice(browser); },
    get isStandalone() { return isStandalone(browser); },
    get supportsNotifications() { return supportsNotifications(browser); },
    permission: notificationPermission(),
    storage,
  };
}

let shared: NotificationPrompt | null = null;

/** The app's notification prompt (browser environment, Firebase push). */
export function notificationPrompt(): NotificationPrompt {
  shared ??= createNotificationPrompt({
    env: () => browserEnv(browserLocalStorage()),
    requestPermission: requestNotificationPermission,
    registerPush: turnOnPush,
    isPushAvailable,
  });
  return shared;
}
