// Entry point: translations first (every string goes through t()), then the router; the sync
// engine and the service worker start beside the first render, never in front of it.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { detectLocale, initI18n, toSupportedLocale } from './i18n';
import { splitLocalePrefix } from './i18n/locale-prefix';
import { CHANNEL_COOKIE_DAYS } from '../common/constants';
import { CHANNELS } from '../common/contract';
import { CHANNEL_COOKIE, LANG_COOKIE, readCookie, writeCookie } from './state/cookies';
import { startColourMode } from './components/use-colour-mode';
import { createAppRouter } from './router';
import { startSync } from './sync/client';
import { registerServiceWorker } from './platform/sw-register';
import { startInstallPromptCapture } from './platform/install-prompt';
import { registerPeriodicRefresh } from './platform/periodic-sync';
import { markTiming } from './platform/timing';
import { yieldToBrowser } from './platform/yield';
import { preloadCommandsWhenIdle } from './commands/lazy';
import './styles/base.css';
import './styles/controls.css';
import './styles/components.css';
import './styles/pray-control.css';
import './styles/overlays.css';
import './styles/layout.css';
import './styles/pages.css';
import './styles/frames.css';
import './styles/post-detail.css';
import './styles/feed-screen.css';
import './styles/lists.css';
import './styles/prayer.css';
import './styles/statistics.css';
import './styles/session.css';
import './styles/accounts.css';
import './styles/platform.css';
import './styles/notifications.css';
import './styles/reminders.css';
import './styles/guest.css';
import './styles/first-paint.css';
import './styles/sync-risk.css';
// Last: the narrowest widths override the layouts above (issue #26 point 2).
import './styles/narrow.css';

async function bootstrap() {
  markTiming('boot:script');
  // Issue #25: which first paint this start had, the start snapshot
  // (docs/architecture/service-worker.md 'The start snapshot') or the shell; read by tests, as
  // data-shell says which shell was served.
  document.documentElement.dataset.firstPaint = document.querySelector('#root > .start-snapshot') ? 'snapshot' : 'shell';
  // A locale prefix in the address ('/pt/...') wins, then the language cookie (docs/product.md §4), then the
  // browser language, so the first paint is right.
  const urlLocale = splitLocalePrefix(location.pathname).locale;
  if (urlLocale) rememberLocale(urlLocale);
  startColourMode();
  // beforeinstallprompt can fire before React renders: listen first (docs/product.md §4 install prompt).
  startInstallPromptCapture();
  // Issue #14 point 3: the start runs as a row of short tasks, each step after a yield to the
  // browser, not as one long task behind the script's evaluation (Total Blocking Time).
  await yieldToBrowser();
  await initI18n(urlLocale ?? toSupportedLocale(readCookie(LANG_COOKIE) ?? undefined) ?? detectLocale());
  markTiming('boot:i18n');
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  // The first screen's route is matched and loaded (guards, split components) before React
  // renders, so the first render is one transition of a settled router instead of the router
  // loading inside React's layout effects (synchronous: one long task).
  await router.load();
  await yieldToBrowser();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // The first render as a transition, so React renders in slices that yield to the browser. The
  // static first paint of index.html stays on screen until the app's first screen commits.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
  markTiming('boot:render');
  void startSync();
  await yieldToBrowser();
  void registerServiceWorker();
  // The commands (not in the first load: src/commands/lazy.ts) come next, before anyone can tap.
  preloadCommandsWhenIdle();
  // And the texts only a command can meet (src/i18n/later-texts.ts), at the same idle moment.
  const loadLaterTexts = () => void import('./i18n/later-texts').catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(loadLaterTexts, { timeout: 1_000 });
  else setTimeout(loadLaterTexts, 0);
  // Issue #13: the installed app refreshes what a session needs while closed (Periodic Background Sync).
  void registerPeriodicRefresh();
}

/** A prefixed address chooses the channel: the cookies say so before the sync engine reads them. */
function rememberLocale(locale: string) {
  const channel = CHANNELS.find((c) => c.locale === locale);
  if (!channel) return;
  writeCookie(CHANNEL_COOKIE, String(channel.id), CHANNEL_COOKIE_DAYS);
  writeCookie(LANG_COOKIE, channel.locale, CHANNEL_COOKIE_DAYS);
}

void bootstrap();
