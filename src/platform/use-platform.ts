// React glue of the platform modules for the root route: consent on load and on each navigation,
// service worker messages, the push token refresh, the bot-check preload, and the state of the
// two prompts. The rules themselves live (and are unit-tested) in the modules imported here.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isBotCheckEnabled, preloadBotCheck } from './bot-check';
import { isConsentSettled, setConsentLanguage, startConsent, subscribeConsentSettled } from './consent';
import { startInstallPromptCapture } from './install-prompt';
import { notificationPrompt, type PermissionState } from './notification-prompt';
import { notificationPermissionChanged, onNotificationPromptRequest, requestNotificationPrompt, subscribeNotificationPermission } from './notification-request';
import { refreshPushRegistration } from './push';
import { startServiceWorkerMessages } from './sw-messages';

/** docs/product.md §2, §4 consent: started on load and on every navigation (never on /privacy); follows the language. */
export function useConsent(pathname: string, language: string): void {
  useEffect(() => {
    void startConsent(pathname, language);
  }, [pathname, language]);
  useEffect(() => {
    void setConsentLanguage(language);
  }, [language]);
}

/** True once no consent banner blocks the page (the prompts wait for it). */
export function useConsentSettled(): boolean {
  return useSyncExternalStore(subscribeConsentSettled, isConsentSettled, () => false);
}

/** docs/product.md §3 NAVIGATE_TO from a clicked notification, routed in the app; the API config published. */
export function useServiceWorkerMessages(navigate: (path: string) => void): void {
  useEffect(() => startServiceWorkerMessages(navigate), [navigate]);
}

/** docs/product.md §4: the push token is registered again when 7 days have passed; checked at start and on each sign-in. */
export function usePushRefresh(accountKey: string | null): void {
  useEffect(() => {
    if (accountKey === null) return;
    refreshPushRegistration().catch((err: unknown) => console.warn('push refresh failed', err));
  }, [accountKey]);
}

/** Screens that send a bot-checked action (docs/product.md §5: login, post, register, mail). */
const BOT_CHECKED_PATHS = ['/login', '/register', '/forgot-password', '/contact', '/community', '/old/login'];

/** Loads reCAPTCHA ahead of the submit on the screens that need it (better scores, no wait). */
export function useBotCheckPreload(pathname: string): void {
  const isProtected = BOT_CHECKED_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
  useEffect(() => {
    if (isProtected && isBotCheckEnabled()) preloadBotCheck();
  }, [isProtected]);
}

type InstallPromptState = {
  isOpen: boolean;
  install(): void;
  notNow(): void;
  never(): void;
};

/**
 * docs/product.md §2, §4 install prompt; `isAllowed` false keeps it back (another overlay is up). `hasPrayed`
 * (the session's prayers today) is remembered: the prompt waits for a prayer or a return (issue #12).
 */
export function useInstallPrompt(isAllowed: boolean, hasPrayed = false): InstallPromptState {
  const prompt = startInstallPromptCapture();
  useEffect(() => {
    if (hasPrayed) prompt.notePrayed();
  }, [hasPrayed, prompt]);
  // The snapshot is the docs/product.md §4 rule itself: every captured event, dismissal or hide re-reads it.
  const shouldShow = useSyncExternalStore(prompt.subscribe, () => prompt.shouldShow(Date.now()), () => false);
  return {
    isOpen: isAllowed && shouldShow,
    install: () => void prompt.prompt().catch((err: unknown) => console.warn('install prompt failed', err)),
    notNow: () => prompt.dismiss(Date.now()),
    never: () => prompt.hideForever(),
  };
}

type NotificationPromptState = {
  isOpen: boolean;
  isBusy: boolean;
  turnOn(): void;
  notNow(): void;
};

/**
 * docs/product.md §4 notification prompt: decided once, on app load, when the session and the consent
 * choice are known (`isReady`). `onAnswer` hears where permission moved (granted / blocked).
 */
export function useNotificationPrompt(isReady: boolean, onAnswer: (state: PermissionState) => void): NotificationPromptState {
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const decided = useRef(false);
  useEffect(() => {
    if (!isReady || decided.current) return;
    decided.current = true;
    // Shown once: left unanswered, it rests 7 days like a Not now (issue #49, review m5).
    if (notificationPrompt().openOnLoad(Date.now())) queueMicrotask(() => setOpen(true));
  }, [isReady]);
  // Asked for from the account menu (useNotificationOffer), whatever the 7-day rest says.
  useEffect(() => onNotificationPromptRequest(() => setOpen(true)), []);
  const turnOn = useCallback(() => {
    setBusy(true);
    void notificationPrompt()
      .accept(Date.now())
      .then(onAnswer, (err: unknown) => console.warn('notification permission failed', err))
      .finally(() => {
        setBusy(false);
        setOpen(false);
        notificationPermissionChanged();
      });
  }, [onAnswer]);
  const notNow = useCallback(() => {
    notificationPrompt().dismiss(Date.now());
    setOpen(false);
  }, []);
  return { isOpen, isBusy, turnOn, notNow };
}

/**
 * The account menu's 'Turn on notifications' (issue #6): opens the notification prompt; undefined
 * (entry hidden) unless push is configured and the permission is still 'default'.
 */
export function useNotificationOffer(): (() => void) | undefined {
  const canOffer = useSyncExternalStore(subscribeNotificationPermission, () => notificationPrompt().canOffer(), () => false);
  return canOffer ? requestNotificationPrompt : undefined;
}
