// The root route: app-wide overlays (the banner) around every screen, and the error screens.
import { Outlet, createRootRoute } from '@tanstack/react-router';
import { useChannelLanguage } from '../i18n/use-channel-language';
import { BannerProvider } from '../components/banner-provider';
import { NotFoundPage, RouteErrorPage } from '../components/route-error-pages';

export const Route = createRootRoute({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

function Root() {
  useChannelLanguage();
  return (
    <BannerProvider>
      <Outlet />
    </BannerProvider>
  );
}
