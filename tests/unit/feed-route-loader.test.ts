// The community route's loader reads the feed's first window (src/db/first-screen.ts), shown
// until the feed's live reads have theirs (src/db/feed-window-hooks.ts). Coming back to the feed
// must show a window read then, not the one kept from the last visit: the router used to show the
// kept one and read again behind the screen, so the cards were replaced under the reader, by an
// empty window (the last visit came before the first pull) or by none (that read was slow): in
// WebKit a tap just after the network was cut was lost
// (docs/decisions/0162-webkit-s-first-pray-click-in-journey-3.md).
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { clearAllTables, db } from '../../src/model/db';
import { loadFirstScreen } from '../../src/db/first-screen';
import { Route as CommunityRoute } from '../../src/routes/_app/community';
import { postRow } from './fixtures';

const minute = (n: number) => new Date(Date.UTC(2025, 0, 1, 12, n)).toISOString();

/** How the app's feed route reloads a window it has read before (the router's default: behind the screen). */
function staleReloadMode() {
  const { loader } = CommunityRoute.options;
  return loader && typeof loader === 'object' ? loader.staleReloadMode : undefined;
}

function feedRouter() {
  const root = createRootRoute();
  // The route's loader reads the first screen this way (src/routes/_app/community.tsx).
  const loader = { handler: () => loadFirstScreen(60), staleReloadMode: staleReloadMode() };
  const community = createRoute({ getParentRoute: () => root, path: '/community', loader });
  const lists = createRoute({ getParentRoute: () => root, path: '/lists' });
  // As in the browser: in Node the router would take itself for a server, which never reads again.
  const history = createMemoryHistory({ initialEntries: ['/community'] });
  return createRouter({ routeTree: root.addChildren([community, lists]), history, isServer: false, origin: 'http://localhost' });
}

type Router = ReturnType<typeof feedRouter>;

/** What the feed screen is given now: the loader's data of the '/community' match. */
function feedData(router: Router): unknown {
  return router.state.matches.find((match) => match.pathname === '/community')?.loaderData;
}

/** The ids of the first window the feed screen is given now (null: none). */
function shownIds(router: Router): number[] | null {
  const data = feedData(router);
  if (!data || typeof data !== 'object' || !('window' in data)) return null;
  const { window } = data as { window: { items: { id: number }[] } };
  return window.items.map((item) => item.id);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

beforeEach(async () => {
  await clearAllTables();
});

describe('the community route\'s first window', () => {
  it('is read again on each visit before the screen shows, and is not replaced behind it', async () => {
    const router = feedRouter();
    await router.load();
    expect(shownIds(router)).toEqual([]);

    await router.navigate({ to: '/lists' });
    // While away, the feed's first page was pulled.
    await db.posts.bulkPut([1, 2, 3].map((id) => postRow({ id, user_id: 100 + id, created_at: minute(id) })));
    await router.navigate({ to: '/community' });
    const entered = feedData(router);
    expect(shownIds(router)).toEqual([3, 2, 1]);

    await settle();
    expect(feedData(router)).toBe(entered);
  });
});
