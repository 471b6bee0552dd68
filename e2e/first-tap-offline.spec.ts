// "Never lose a prayer" on a first visit: the commands load apart from the first screen
// (src/commands/lazy.ts, the first-load budget of
// docs/decisions/0059-first-load-budget-the-commands-load-on-first-use.md), so a guest who goes
// offline before the service worker controls the page must still have every tap counted. The
// service worker is blocked here: that is the state "not in control yet" without a race against its
// install, and it leaves the network as the only place the commands chunk can come from.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { ServerApi, guestToken } from './support/api';

test.use({ serviceWorkers: 'block' });

const SYNC_DEADLINE_MS = 10_000;
/** The commands chunk (src/commands/index.ts, loaded by src/commands/lazy.ts). */
const COMMANDS_CHUNK = /\/assets\/commands-[\w-]+\.js$/;

/** A guest on the seeded feed, and a prayer request there with its server count. */
async function guestOnFeed(page: Page, api: (token: string) => ServerApi, token: () => Promise<string>) {
  const landing = new LandingPage(page);
  const community = new CommunityPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await expect(community.posts.first()).toBeVisible();
  const server = api(await token());
  const target = (await server.feed()).find((post) => post.type === 'REQUEST');
  if (!target) throw new Error('The seed has no prayer request in the feed');
  const card = community.post(target.text.slice(0, 60));
  await expect(card).toHaveCount(1);
  expect(await community.prayedCount(card)).toBe(target.prayedCount);
  return { community, server, target, card };
}

/** Back online, the server counts the pray exactly once, and still once a moment later. */
async function deliveredOnce(server: ServerApi, postId: number, before: number): Promise<void> {
  await expect.poll(async () => (await server.post(postId)).prayedCount, { timeout: SYNC_DEADLINE_MS, intervals: [100, 200, 250] }).toBe(before + 1);
  // No replay of an acknowledged entry: the outbox is empty, so nothing more can arrive.
  expect((await server.post(postId)).prayedCount).toBe(before + 1);
}

test('offline right after the feed shows, before the service worker controls the page: a pray is counted, queued and delivered once', async ({ page, context, request }) => {
  const commandsLoaded = page.waitForResponse((response) => COMMANDS_CHUNK.test(new URL(response.url()).pathname));
  const { community, server, target, card } = await guestOnFeed(page, (token) => new ServerApi(request, token), () => guestToken(context));
  // Nobody touched the feed yet: the commands came on their own, while the app was idle.
  expect((await commandsLoaded).ok()).toBe(true);

  await context.setOffline(true);
  await community.pray(card);
  await expect.poll(() => community.prayedCount(card)).toBe(target.prayedCount + 1);
  await expect(community.syncStatus).toContainText('1 waiting');

  await context.setOffline(false);
  await deliveredOnce(server, target.id, target.prayedCount);
  await expect(community.syncStatus).toContainText('All saved');
  await expect.poll(() => community.prayedCount(card)).toBe(target.prayedCount + 1);
});

test('when the commands cannot load, a pray is kept, the person is told, and it is counted and delivered once when they load', async ({ page, context, request }) => {
  // The chunk never arrives while this route stands: a network that fails before the app went idle.
  await context.route(COMMANDS_CHUNK, (route) => route.abort('internetdisconnected'));
  const { community, server, target, card } = await guestOnFeed(page, (token) => new ServerApi(request, token), () => guestToken(context));

  await context.setOffline(true);
  await community.pray(card);
  const kept = page.getByRole('status').filter({ hasText: 'Your action is kept on this device' });
  await expect(kept).toBeVisible();
  await expect(kept).toContainText('Keep the app open');
  expect(await community.prayedCount(card)).toBe(target.prayedCount);

  // Back online: the chunk loads, the kept tap runs (counted, queued, sent) and the note goes.
  await context.unroute(COMMANDS_CHUNK);
  await context.setOffline(false);
  await expect.poll(() => community.prayedCount(card)).toBe(target.prayedCount + 1);
  await expect(kept).toBeHidden();
  await deliveredOnce(server, target.id, target.prayedCount);
  await expect(community.syncStatus).toContainText('All saved');
});
