// The install prompt (docs/product.md §2 'Improve your prayers at the app', §4, §9). The browser's
// beforeinstallprompt event is captured (its own mini-infobar suppressed) and can be prompted
// once. The overlay shows only when the app is not installed, the event is held, it was not
// dismissed in the last 7 days, the user has not cancelled it for good (vite-pwa:hide-install),
// and the person has prayed here or come back on a later day (issue #12, src/platform/engagement.ts).
import { HIDE_INSTALL_KEY, INSTALL_PROMPT_DISMISSED_KEY } from '../../common/constants';
import { isDismissedRecently, recordDismissal } from './dismissal';
import { isEngaged, recordPrayed, recordVisit } from './engagement';
import { currentBrowser, isStandalone } from './environment';
import { browserLocalStorage, type KeyValueStore } from './runtime';

type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** BeforeInstallPromptEvent (Chromium; not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type EventTargetLike = {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
};

type InstallPromptEnv = {
  target: EventTargetLike;
  storage: KeyValueStore;
  isStandalone(): boolean;
  /** When this start happened (the first visit's day is remembered); Date.now when absent. */
  now?: () => number;
};

/** What React re-renders on (useSyncExternalStore); the object changes only when a field does. */
type InstallSnapshot = { canPrompt: boolean; installed: boolean };

type InstallPrompt = {
  shouldShow(now: number): boolean;
  /** The person prayed on this device: the prompt may show from now on (issue #12). */
  notePrayed(): void;
  /** "Not now": hidden for 7 days. */
  dismiss(now: number): void;
  /** "Cancel": hidden for good. */
  hideForever(): void;
  /** Shows the browser's install dialog (once per captured event); declining it hides the prompt for good. */
  prompt(): Promise<InstallOutcome>;
  subscribe(listener: () => void): () => void;
  getSnapshot(): InstallSnapshot;
  stop(): void;
};

function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function' && 'userChoice' in event;
}

type InstallState = { event: InstallPromptEvent | null; installed: boolean };

/** Keeps the captured event and the installed flag current; `changed` after each change. */
function captureInstallEvents(target: EventTargetLike, state: InstallState, changed: () => void): () => void {
  const onBeforeInstall = (event: Event) => {
    if (!isInstallPromptEvent(event)) return;
    // Keep the browser's own infobar away: the app shows its overlay when the rules allow.
    event.preventDefault();
    state.event = event;
    changed();
  };
  const onInstalled = () => {
    state.event = null;
    state.installed = true;
    changed();
  };
  target.addEventListener('beforeinstallprompt', onBeforeInstall);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onBeforeInstall);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

export function createInstallPrompt(env: InstallPromptEnv): InstallPrompt {
  const state: InstallState = { event: null, installed: env.isStandalone() };
  let snapshot: InstallSnapshot = { canPrompt: false, installed: state.installed };
  const listeners = new Set<() => void>();
  const changed = () => {
    snapshot = { canPrompt: state.event !== null, installed: state.installed };
    for (const listener of listeners) listener();
  };
  const hideForever = () => {
    env.storage.setItem(HIDE_INSTALL_KEY, 'true');
    changed();
  };
  const stop = captureInstallEvents(env.target, state, changed);
  recordVisit(env.storage, env.now?.() ?? Date.now());

  return {
    shouldShow(now) {
      if (state.installed || env.isStandalone() || state.event === null) return false;
      if (env.storage.getItem(HIDE_INSTALL_KEY) === 'true') return false;
      if (!isEngaged(env.storage, now)) return false;
      return !isDismissedRecently(env.storage, INSTALL_PROMPT_DISMISSED_KEY, now);
    },
    notePrayed() {
      if (!recordPrayed(env.storage)) return;
      changed();
    },
    dismiss(now) {
      recordDismissal(env.storage, INSTALL_PROMPT_DISMISSED_KEY, now);
      changed();
    },
    hideForever,
    async prompt() {
      const event = state.event;
      if (!event) return 'unavailable';
      // An event can be prompted only once; a later beforeinstallprompt brings a new one.
      state.event = null;
      changed();
      await event.prompt();
      const { outcome } = await event.userChoice;
      if (outcome === 'dismissed') hideForever();
      return outcome;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    stop,
  };
}

let shared: InstallPrompt | null = null;

/**
 * The app's install prompt. Call at startup, before the first render: beforeinstallprompt
 * fires early and is lost if nobody listens. Later calls return the same instance.
 */
export function startInstallPromptCapture(): InstallPrompt {
  shared ??= createInstallPrompt({
    target: typeof window === 'undefined' ? { addEventListener: () => undefined, removeEventListener: () => undefined } : window,
    storage: browserLocalStorage(),
    isStandalone: () => isStandalone(currentBrowser()),
  });
  return shared;
}
