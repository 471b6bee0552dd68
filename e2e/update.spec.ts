// Acceptance of 'no update ever drops an unsent outbox entry' (issue #6; docs/product.md §4 service worker:
// update check every 20 s, a newer build id reloads on the next navigation, 10 s reload guard).
// Two builds of the app with different build ids (the suite's own build, and dist-platform-b,
// made by `npm test`'s build stage, or here when missing; UPDATE_E2E_REBUILD=1 rebuilds it) and a server of this spec's own, serving a
// directory that first holds build A and then receives build B, as a deployment would.
// An open app with a prayer queued offline (its request kept failing) sees the new build, stays
// put while the user is on the screen, loads in full on its next navigation, exactly once, and
// then delivers the prayer exactly once.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { SW_UPDATE_CHECK_MS, SYNC_LOCK } from '../common/constants';
import { DB_NAME } from '../src/model/db';
import { expect, test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { ServerApi, guestToken } from './support/api';
import { waitForServiceWorkerControl } from './support/service-worker';

const ROOT = process.cwd();
const PORT = 4216;
// Build A is the build the suite runs against (`npm test` builds it first); B is built here.
const BUILDS = { a: process.env.E2E_DIST ?? 'dist', b: 'dist-platform-b' } as const;
const SERVED = 'dist-platform-served';

type Marked = Window & { sameDocument?: boolean; controllerChanges?: number; releaseSyncLock?: () => void };

function ensureBuild(dir: string, buildId: string): void {
  const manifest = resolve(ROOT, dir, 'build.json');
  if (process.env.UPDATE_E2E_REBUILD !== '1' && existsSync(manifest) && readFileSync(manifest, 'utf8').includes(buildId)) return;
  const result = spawnSync('npx', ['vite', 'build', '--outDir', dir], { cwd: ROOT, env: { ...process.env, BUILD_ID: buildId }, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build of ${dir} failed`);
}

/** Copies a build over the served directory, as a deployment would (old hashed assets stay). */
function deploy(dir: string): void {
  cpSync(resolve(ROOT, dir), resolve(ROOT, SERVED), { recursive: true, force: true });
}

/** The entry script of a build's index.html (its name carries the bundle's hash). */
function entryScript(dir: string): string {
  const match = /<script type="module" crossorigin src="([^"]+)"/.exec(readFileSync(resolve(ROOT, dir, 'index.html'), 'utf8'));
  if (!match?.[1]) throw new Error(`No entry script in ${dir}/index.html`);
  return match[1];
}

async function waitForServer(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The spec's server did not answer at ${url}`);
}

/**
 * Holds SYNC_LOCK from the page, before any app script runs: no drain (sync worker or service
 * worker) can send the entry until the test lets go. A full load lets go; the init script takes
 * it again first thing in the new document.
 */
function holdSyncLock(name: string): void {
  void navigator.locks.request(name, () => new Promise<void>((resolve) => void ((window as Marked).releaseSyncLock = resolve)));
}

/** The ops waiting in the app's outbox, read straight from IndexedDB. */
async function outboxOps(page: Page): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            resolve((all.result as { op: string }[]).map((entry) => entry.op));
            open.result.close();
          };
          all.onerror = () => reject(new Error('outbox unreadable'));
        };
      }),
    DB_NAME,
  );
}

let server: ChildProcess | null = null;

test.use({ baseURL: `http://localhost:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  if (!existsSync(resolve(ROOT, BUILDS.a, 'index.html'))) throw new Error(`Build ${BUILDS.a} first (npm run build)`);
  ensureBuild(BUILDS.b, 'platform-b');
  rmSync(resolve(ROOT, SERVED), { recursive: true, force: true });
  deploy(BUILDS.a);
  const stale = await fetch(`http://localhost:${PORT}/api/v1/posts`).then(() => true, () => false);
  if (stale) throw new Error(`Port ${PORT} is already in use: stop the server there first`);
  // Its own process group (detached), so that afterAll stops npx, tsx and the server together.
  server = spawn('npx', ['tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), STATIC_DIR: SERVED, DATABASE_URL: 'memory://', RATE_LIMIT_MAX: '200', LOG: '0' },
    stdio: 'ignore',
    detached: true,
  });
  await waitForServer(`http://localhost:${PORT}/api/v1/posts`, Date.now() + 120_000);
});

test.afterAll(() => {
  if (server?.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  server = null;
});

test('a new build loads on the next navigation, once, and the queued prayer survives and is delivered', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  // The app's 20 s update check (SW_UPDATE_CHECK_MS, src/platform/sw-update.ts) runs on the page's
  // clock: the test moves it on instead of waiting for it (issue #23 item 7). Time still flows.
  await page.clock.install();
  const landing = new LandingPage(page);
  const community = new CommunityPage(page);
  await landing.goto();
  await landing.continueAsGuest();
  await expect(community.posts.first()).toBeVisible();
  await waitForServiceWorkerControl(page);
  await expect(community.posts.first()).toBeVisible();
  expect(await page.evaluate(() => [...document.scripts].map((s) => s.getAttribute('src')))).toContain(entryScript(BUILDS.a));

  const api = new ServerApi(request, await guestToken(context));
  const target = (await api.feed()).find((post) => post.type === 'REQUEST' && !post.isPrayed);
  if (!target) throw new Error('The seed needs a prayer request');
  const card = community.post(target.text.slice(0, 60));

  // Queued offline; back online nothing may drain (the test holds the sync lock), so it waits.
  await context.addInitScript(holdSyncLock, SYNC_LOCK);
  await page.evaluate(holdSyncLock, SYNC_LOCK);
  await context.setOffline(true);
  await community.pray(card);
  await expect(community.syncStatus).toContainText('1 waiting');
  await context.setOffline(false);
  await expect(community.syncStatus).toContainText('1 pending');
  expect(await outboxOps(page)).toEqual(['post.pray']);

  let loads = 0;
  page.on('load', () => void (loads += 1));
  await page.evaluate(() => {
    const marked: Marked = window;
    marked.sameDocument = true;
    marked.controllerChanges = 0;
    navigator.serviceWorker.addEventListener('controllerchange', () => void (marked.controllerChanges = (marked.controllerChanges ?? 0) + 1));
  });

  deploy(BUILDS.b);
  // At the next 20 s check the new worker installs and takes over; the page on screen stays as it is.
  await page.clock.fastForward(SW_UPDATE_CHECK_MS);
  await page.waitForFunction(() => ((window as Marked).controllerChanges ?? 0) >= 1, null, { timeout: 30_000 });
  await page.waitForTimeout(1_000);
  expect(loads).toBe(0);
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);
  expect(await outboxOps(page)).toEqual(['post.pray']);

  // The next navigation is a full load of build B.
  // The post's text is the link to its detail (the author's name, before it, opens the profile).
  await card.locator('.post-card__text-link').click();
  await page.waitForURL(/\/community\/post\/\d+$/);
  await expect.poll(() => loads).toBe(1);
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBeUndefined();
  expect(await page.evaluate(() => [...document.scripts].map((s) => s.getAttribute('src')))).toContain(entryScript(BUILDS.b));

  // Exactly once: a full check later, a navigation stays in the page.
  await page.evaluate(() => void ((window as Marked).sameDocument = true));
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/build.json');
  await page.clock.fastForward(SW_UPDATE_CHECK_MS);
  await checked;
  // The check reads the answer after it arrives: time for it to mark the page stale, if it would.
  await page.waitForTimeout(1_000);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click();
  await page.waitForURL(/\/community$/);
  await expect(community.posts.first()).toBeVisible();
  expect(loads).toBe(1);
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);

  // The prayer is still queued, has not reached the server, and is delivered once the way is open.
  expect(await outboxOps(page)).toEqual(['post.pray']);
  expect((await api.post(target.id)).prayedCount).toBe(target.prayedCount);
  await page.evaluate(() => (window as Marked).releaseSyncLock?.());
  await expect.poll(async () => (await api.post(target.id)).prayedCount, { timeout: 15_000 }).toBe(target.prayedCount + 1);
  await expect(community.syncStatus).toContainText('All saved');
  expect(await outboxOps(page)).toEqual([]);
  await page.waitForTimeout(1_000);
  expect((await api.post(target.id)).prayedCount).toBe(target.prayedCount + 1);
});
