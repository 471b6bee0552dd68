// Entry point: translations first (every string goes through t()), then the router; the sync
// engine and the service worker start beside the first render, never in front of it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { detectLocale, initI18n, toSupportedLocale } from './i18n';
import { LANG_COOKIE, readCookie } from './state/cookies';
import { createAppRouter } from './router';
import { startSync } from './sync/client';
import { registerServiceWorker } from './platform/sw-register';
import './styles.css';

async function bootstrap() {
  // The language cookie (SPEC §4) wins over the browser language, so the first paint is right.
  await initI18n(toSupportedLocale(readCookie(LANG_COOKIE) ?? undefined) ?? detectLocale());
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  void startSync();
  void registerServiceWorker();
}

void bootstrap();
