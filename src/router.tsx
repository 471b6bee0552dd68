// The router: file-based routes from src/routes (the plugin generates routeTree.gen.ts).
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFoundPage, RouteErrorPage } from './components/route-error-pages';

export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

// Declaration merging needs an interface: this is what types every Link and navigate() call.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
