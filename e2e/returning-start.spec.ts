// Acceptance of issue #25 item 1 (the one pull, docs/decisions/0021-one-pull.md) in Chromium
// against the built app and the real server, as a returning member's phone starts:
// - with nothing new on the server, the start asks /api/v1 at most twice (the startup flow's
//   profile check, docs/product.md §4, and GET sync/pull);
// - with a post, a prayer, a comment, a notification, a list item and a deletion made elsewhere,
//   ONE GET sync/pull (and the feed's first page, since a new post waits) brings every change,
//   shown on the screens, the list item even offline afterwards;
// - a cursor the server cannot serve (the position of another database, as after a restore) is
//   answered `refresh`; the device refreshes what it holds and a pray queued offline stays, shown
//   on top, and reaches the server exactly once.
import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import type { ApiListItem, Envelope } from '../common/contract';
import type { SyncPull } from '../common/sync-contract';
import { LIVE_PATH } from '../common/live-contract';
import { DB_NAME } from '../src/model/db';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { NotificationsPage } from './pages/notifications-page';
import { ServerApi } from './support/api';
import { waitForServiceWorkerControl } from './support/service-worker';
import { presetMemberToken } from './support/sign-in';

/** A new member of its own through the API: a post of a seeded author would fold with that author's others (docs/product.md §4). */
async function register(request: APIRequestContext, name: string): Promise<{ token: string; api: ServerApi }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@prayer.local`;
  const response = await request.post('/api/v1/auth/register', { data: { name, email, password: 'returning-start-1' } });
  if (!response.ok()) throw new Error(`POST auth/register: ${response.status()} ${await response.text()}`);
  const token = ((await response.json()) as Envelope<{ authorization: { token: string } }>).data.authorization.token;
  return { token, api: new ServerApi(request, token) };
}

/** A write made elsewhere (another person, or this member on another device). */
async function elsewhere<T>(request: APIRequestContext, token: string, path: string, data?: Record<string, unknown>): Promise<T> {
  const response = await request.post(`/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
}

/** Every /api/v1 request the browser sends (page, its sync worker, the service worker) from now on, and how many are unanswered. */
function watchApi(context: BrowserContext): { paths: string[]; inFlight: () => number; stop: () => void } {
  const paths: string[] = [];
  const open = new Set<Request>();
  // The live stream (GET sync/live, issue #48) stays open while the app is: not one of the start's requests.
  const isApi = (sent: Request) => {
    const path = new URL(sent.url()).pathname;
    return path.startsWith('/api/v1/') && path !== `/api/v1/${LIVE_PATH}`;
  };
  const onRequest = (sent: Request) => {
    if (!isApi(sent)) return;
    paths.push(`${sent.method()} ${new URL(sent.url()).pathname.slice('/api/v1/'.length)}`);
    open.add(sent);
  };
  const onEnd = (sent: Request) => void open.delete(sent);
  context.on('request', onRequest);
  context.on('requestfinished', onEnd);
  context.on('requestfailed', onEnd);
  return {
    paths,
    inFlight: () => open.size,
    stop: () => {
      context.off('request', onRequest);
      context.off('requestfinished', onEnd);
      context.off('requestfailed', onEnd);
    },
  };
}

/** One value of the app's meta store (src/model/meta.ts: rows { key, value: { [key]: value } }). */
function readMeta<T>(page: Page, key: string): Promise<T | undefined> {
  return page.evaluate(
    ({ name, wanted }) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error('cannot open the local store'));
        open.onsuccess = () => {
          const read = open.result.transaction('meta').objectStore('meta').get(wanted);
          read.onsuccess = () => {
            open.result.close();
            const row = read.result as { value?: Record<string, T> } | undefined;
            resolve(row?.value?.[wanted]);
          };
          read.onerror = () => reject(new Error('cannot read meta'));
        };
      }),
    { name: DB_NAME, wanted: key },
  );
}

/** Entries waiting in the app's outbox. */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error('cannot open the local store'));
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(new Error('cannot count the outbox'));
        };
      }),
    DB_NAME,
  );
}

/**
 * Moves the stored sync cursor's post change-feed position a million transactions ahead: the
 * cursor of another database, as a device holds after the server was restored from a backup
 * (server/domain/sync-cursor.ts `unservable`: 'position'). Returns the cursor written.
 */
function cursorOfAnotherDatabase(page: Page): Promise<string> {
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error('cannot open the local store'));
        open.onsuccess = () => {
          const tx = open.result.transaction('meta', 'readwrite');
          const store = tx.objectStore('meta');
          const read = store.get('syncCursor');
          let written = '';
          read.onsuccess = () => {
            const row = read.result as { key: string; value: { syncCursor: { cursor: string } } };
            const wire = JSON.parse(atob(row.value.syncCursor.cursor.replace(/-/g, '+').replace(/_/g, '/'))) as { p: string };
            wire.p = (((BigInt(wire.p) >> 32n) + 1_000_000n) << 32n).toString();
            written = btoa(JSON.stringify(wire)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
            store.put({ ...row, value: { syncCursor: { ...row.value.syncCursor, cursor: written } } });
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve(written);
          };
          tx.onerror = () => reject(new Error('cannot write the cursor'));
        };
      }),
    DB_NAME,
  );
}

test("a returning member's start: two requests when nothing changed, every change after one pull, a refresh that keeps a queued pray", async ({ page, context, request, baseURL }) => {
  if (!baseURL) throw new Error('No baseURL in the Playwright config');
  const run = Date.now().toString(36);
  const [member, asker, leaver] = await Promise.all([register(request, 'Ruth Returning'), register(request, 'Asa Elsewhere'), register(request, 'Lydia Elsewhere')]);
  const mine = await member.api.createRequest(`Pray for my father's surgery ${run}`);
  const doomed = await leaver.api.createRequest(`Pray for the move, soon deleted ${run}`);
  const { list } = await member.api.createListWithItems(`Family ${run}`, ['Grandma']);
  await presetMemberToken(context, baseURL, member.token);

  // The first visit: the feed, the service worker in control, its pulls to their end.
  const community = new CommunityPage(page);
  const first = watchApi(context);
  await community.goto();
  await expect(community.post(doomed.text)).toBeVisible();
  await waitForServiceWorkerControl(page);
  await expect.poll(async () => first.inFlight() === 0 && (await readMeta(page, 'syncCursor')) !== undefined).toBe(true);
  first.stop();

  // 1. Nothing changed elsewhere: a returning start asks twice, the profile check and the one pull.
  const quiet = watchApi(context);
  await page.reload();
  await expect(community.post(mine.text)).toBeVisible();
  await expect.poll(() => quiet.inFlight() === 0 && quiet.paths.includes('GET sync/pull')).toBe(true);

  quiet.stop();
  expect(quiet.paths.sort()).toEqual(['GET auth/me', 'GET sync/pull']);

  // 2. Elsewhere, while the app is closed (open, the live stream would bring each change as it
  // happens: e2e/live.spec.ts): another person prays and comments on the member's post (the member
  // is notified), posts, and deletes a post the device holds; the member adds a list item on
  // another device.
  await page.goto('about:blank');
  await elsewhere(request, asker.token, `post/${mine.id}/pray`);
  await elsewhere(request, asker.token, `post/${mine.id}/comment`, { comment: 'Praying with you' });
  const fresh = await asker.api.createRequest(`Pray for the new job ${run}`);
  await leaver.api.deletePost(doomed.id);
  await elsewhere<{ item: ApiListItem }>(request, member.token, `list/${list.id}/item`, { text: `Grandpa ${run}` });

  const changed = watchApi(context);
  await community.goto();
  const card = community.post(mine.text);
  await expect(community.post(fresh.text)).toBeVisible();
  await expect.poll(() => community.prayedCount(card)).toBe(1);
  await expect(card.getByRole('link', { name: '1 comment' })).toBeVisible();
  await expect(community.post(doomed.text)).toHaveCount(0);
  await expect.poll(() => new NotificationsPage(page).unreadCount()).toBeGreaterThan(0);
  await expect.poll(() => changed.inFlight()).toBe(0);
  changed.stop();
  // One pull; the feed's first page too, because a new post waited behind the new-posts control.
  expect(changed.paths.filter((path) => path === 'GET sync/pull')).toHaveLength(1);
  // The list item came with that pull: the list shows it offline.
  await context.setOffline(true);
  await page.goto(`/lists/${list.id}`);
  await expect(page.getByRole('article').filter({ hasText: `Grandpa ${run}` })).toBeVisible();

  // 3. Offline, a pray is queued; the stored cursor becomes one the server cannot serve.
  await community.goto();
  const theirs = community.post(fresh.text);
  await community.pray(theirs);
  await expect.poll(() => community.prayedCount(theirs)).toBe(1);
  expect(await outboxCount(page)).toBe(1);
  const unservable = await cursorOfAnotherDatabase(page);
  // The pray cannot get through yet (a network that answers reads only): it must outlive the refresh.
  const blocked = ['**/api/v1/sync/push', '**/api/v1/post/*/pray'];
  for (const url of blocked) await context.route(url, (route) => route.abort('internetdisconnected'));
  const refreshes: boolean[] = [];
  context.on('response', (answer) => {
    if (new URL(answer.url()).pathname !== '/api/v1/sync/pull') return;
    void answer.json().then((body: Envelope<SyncPull>) => refreshes.push(body.data.refresh), () => undefined);
  });
  // The app opened again offline (so no request is cut short by the reload), then the network returns.
  await page.reload();
  await expect(theirs).toBeVisible();
  await context.setOffline(false);
  await expect.poll(() => refreshes.includes(true)).toBe(true);
  await expect.poll(async () => (await readMeta<{ cursor: string }>(page, 'syncCursor'))?.cursor).not.toBe(unservable);
  // Kept: still queued after the refresh, and shown on top of the refreshed post.
  expect(await outboxCount(page)).toBe(1);
  await expect(community.prayButton(theirs)).toHaveAccessibleName(/^You prayed, /);
  // Not asserted: that the server has not counted it yet. In about one run in five it had, through
  // a request Playwright neither reported nor routed, whose answer never settled the entry (most
  // likely the service worker's drain when it starts: workbox's Queue does that where Background
  // Sync is off, as in this headless shell, and a service worker's requests pass by context.route).
  // The pending pray then shows on top of prayedCount 1 until the replay's stored answer settles it.

  // The way is open again: the pray reaches the server exactly once.
  for (const url of blocked) await context.unroute(url);
  await expect.poll(() => outboxCount(page)).toBe(0);
  expect((await asker.api.post(fresh.id)).prayedCount).toBe(1);
  await expect.poll(() => community.prayedCount(theirs)).toBe(1);
});
