// The router: file-based routes from src/routes (the plugin generates routeTree.gen.ts). Locale
// prefixes ('/pt', '/es') are a rewrite: stripped on the way in, the current language's added on
// the way out (src/i18n/locale-prefix.ts,
// docs/decisions/0116-locale-prefix-the-router-s-rewrite.md). A page running a stale build loads
// its next navigation in full (docs/product.md §4 service worker, src/platform/sw-register.ts).
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFoundPage, RouteErrorPage } from './components/route-error-pages';
import { i18next } from './i18n';
import { localeRewrite } from './i18n/locale-prefix';
import { reloadForNavigation } from './platform/sw-register';

export function createAppRouter() {
  const router = createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
    rewrite: localeRewrite(() => i18next.language),
  });
  reloadStaleBuildOnNavigation(router.history);
  return router;
}

/**
 * docs/product.md §4 'a newer build id triggers a reload on the next navigation': a push or replace to the
 * address is turned into a full load of it (the blocker returns true, so the router stays put
 * while the page unloads). Back and forward are let through: stopping a pop means undoing it
 * first, and the next link followed reloads anyway. No beforeunload question either.
 */
function reloadStaleBuildOnNavigation(history: RouterHistory): void {
  history.block({
    blockerFn: ({ nextLocation, action }) => (action === 'PUSH' || action === 'REPLACE') && reloadForNavigation(nextLocation.href),
    enableBeforeUnload: false,
  });
}

type AppRouter = ReturnType<typeof createAppRouter>;

// Declaration merging needs an interface: this is what types every Link and navigate() call.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
