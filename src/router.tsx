// The router: file-based routes from src/routes (the plugin generates routeTree.gen.ts). Locale
// prefixes ('/pt', '/es') are a rewrite: stripped on the way in, the current language's added on
// the way out (src/i18n/locale-prefix.ts, docs/decisions.md).
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFoundPage, RouteErrorPage } from './components/route-error-pages';
import { i18next } from './i18n';
import { localeRewrite } from './i18n/locale-prefix';

export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
    rewrite: localeRewrite(() => i18next.language),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

// Declaration merging needs an interface: this is what types every Link and navigate() call.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
