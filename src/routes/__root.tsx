// The root route: app-wide overlays (the banner, the install and notification prompts, the
// consent banner, the storage notice of a failed live read, the notice of taps held until the
// commands load) around every screen, and the error screens. The installed-app platform starts
// here: consent on load and on each navigation, service worker messages, the bot-check preload.
import { useCallback } from 'react';
import { Outlet, createRootRoute, useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useChannelLanguage } from '../i18n/use-channel-language';
import { BannerProvider } from '../components/banner-provider';
import { NotFoundPage, RouteErrorPage } from '../components/route-error-pages';
import { StorageNotice } from '../components/storage-notice';
import { HeldActionsNotice } from '../components/held-actions-notice';
import { useBotCheckPreload, useConsent, useServiceWorkerMessages } from '../platform/use-platform';
import { PlatformOverlays } from './-platform-overlays';

export const Route = createRootRoute({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

function Root() {
  useChannelLanguage();
  usePlatform();
  return (
    <BannerProvider>
      <Outlet />
      <StorageNotice />
      <HeldActionsNotice />
      <PlatformOverlays />
    </BannerProvider>
  );
}

function usePlatform() {
  const { i18n } = useTranslation();
  const router = useRouter();
  const { pathname } = useLocation();
  useConsent(pathname, i18n.language);
  useBotCheckPreload(pathname);
  // The worker sends the address as the browser shows it (locale prefix included): through the
  // history, so the router reads it as it reads any address (and a stale build loads it in full).
  const navigate = useCallback((path: string) => router.history.push(path), [router]);
  useServiceWorkerMessages(navigate);
}
