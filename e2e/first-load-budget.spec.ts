// Issue #14 point 2 acceptance, measured in a real Chromium against the built app: a first visit
// to / then /community as a guest (the consent banner answered on the way) loads at most the
// page's budget of JavaScript as served (brotli; the goal is 200 KB, the budget a ratchet above
// it until the rest is cut: build/budget-plugin.ts), the sync worker at most 60 KB beside it; one
// language's strings only; never Firebase. build/budget-plugin.ts checks the same from the build;
// this is the measure of what a browser really fetches. The commands (src/commands/lazy.ts) load
// while the app is idle after its first render, so that a tap finds them even offline: they are
// not part of the first load (the build counts static imports only, and so does this), and are
// listed apart, as the commands chunk and the chunks only it imports.
import type { Response } from '@playwright/test';
import { PAGE_BUDGET, PAGE_GOAL, WORKER_BUDGET } from '../build/budget-plugin';
import { expect, freshTest as test } from './support/fixtures';
import { CommunityPage } from './pages/community-page';
import { LandingPage } from './pages/landing-page';
import { watchNetwork } from './support/quiet-network';

type Script = { path: string; encoding: string; bytes: number; firebase: boolean; imports: string[] };

/** The commands chunk, loaded when idle (src/commands/lazy.ts preloadCommandsWhenIdle). */
const COMMANDS_CHUNK = /^\/assets\/commands-[\w-]+\.js$/;
/** The texts only a command can meet, loaded at the same idle moment (src/i18n/later-texts.ts). */
const LATER_TEXTS_CHUNK = /^\/assets\/later-texts-[\w-]+\.js$/;
/** What keeps a toast clear of what was just changed, fetched once the app has rendered (src/components/banner-provider.tsx). */
const BANNER_PLACEMENT_CHUNK = /^\/assets\/banner-placement-[\w-]+\.js$/;
/** The unread count of Groups in the navigation, read once the app has rendered (src/components/app-layout.tsx). */
const GROUP_UNREAD_CHUNK = /^\/assets\/group-unread-reads-[\w-]+\.js$/;

/** The chunks a built module imports statically (`import ... from"./x.js"`, `import"./x.js"`). */
function staticImports(path: string, body: string): string[] {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  return [...body.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => folder + (match[1] ?? ''));
}

/** `roots` and every fetched script they import statically, by path. */
function closure(roots: Script[], byPath: Map<string, Script>): Set<string> {
  const seen = new Set<string>();
  const queue = roots.map((script) => script.path);
  for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    queue.push(...(byPath.get(path)?.imports ?? []));
  }
  return seen;
}

/** The scripts only the idle chunks bring: they and what they import that nothing else fetched does. */
function loadedWhenIdle(scripts: Script[]): Set<string> {
  const byPath = new Map(scripts.map((script) => [script.path, script]));
  const commands = scripts.filter((script) => [COMMANDS_CHUNK, LATER_TEXTS_CHUNK, BANNER_PLACEMENT_CHUNK, GROUP_UNREAD_CHUNK].some((chunk) => chunk.test(script.path)));
  const fromCommands = closure(commands, byPath);
  const firstLoad = closure(scripts.filter((script) => !fromCommands.has(script.path)), byPath);
  return new Set([...fromCommands].filter((path) => !firstLoad.has(path)));
}

async function measure(response: Response): Promise<Script> {
  const sizes = await response.request().sizes();
  const body = await response.text();
  // A dedicated worker's script has no body size in the page's view: its Content-Length then.
  const length = Number((await response.headerValue('content-length')) ?? 0);
  return {
    path: new URL(response.url()).pathname,
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    bytes: sizes.responseBodySize > 0 ? sizes.responseBodySize : length,
    firebase: body.includes('@firebase/'),
    imports: staticImports(new URL(response.url()).pathname, body),
  };
}

test('a first visit to / then /community as a guest stays within the JavaScript budget', async ({ page }, testInfo) => {
  const pending: Promise<Script>[] = [];
  const onResponse = (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) pending.push(measure(response));
  };
  page.on('response', onResponse);
  const network = watchNetwork(page);

  const landing = new LandingPage(page);
  await landing.goto();
  await page.getByRole('dialog', { name: 'We value your privacy' }).getByRole('button', { name: 'Necessary only' }).click();
  // The pointer rests on a blank margin: a link that appears under it (a card's author) would
  // preload its route on hover, which is the person's intent, not the first load's.
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width - 2, viewport.height / 2);
  await landing.continueAsGuestButton.press('Enter');
  await page.waitForURL('**/community');
  const community = new CommunityPage(page);
  await expect(community.heading).toBeVisible();
  await expect(community.posts.first()).toBeVisible();
  // Quiet but for the live stream, which stays open (issue #48).
  await network.quiet();
  network.stop();

  // The first load is what came by now. A script answered later (a link's route preloaded) was
  // read after the test had taken its list and failed it once it ended ("response.text: Test
  // ended", CI on a loaded machine): the listening stops before the reading is awaited.
  page.off('response', onResponse);
  const scripts = await Promise.all(pending);
  const goal = `goal ${String(PAGE_GOAL / 1024)} KB`;
  const worker = scripts.filter((script) => script.path.includes('/sync-worker-'));
  const idlePaths = loadedWhenIdle(scripts);
  const idle = scripts.filter((script) => idlePaths.has(script.path));
  const onPage = scripts.filter((script) => !worker.includes(script) && !idle.includes(script) && script.path !== '/sw.js');
  const total = (list: Script[]) => list.reduce((sum, script) => sum + script.bytes, 0);
  const row = (script: Script) => `${(script.bytes / 1024).toFixed(1).padStart(7)} KB  ${script.encoding.padEnd(8)} ${script.path}`;
  const table = [...onPage, ...worker]
    .sort((a, b) => b.bytes - a.bytes)
    .map(row)
    .concat(`${(total(onPage) / 1024).toFixed(1).padStart(7)} KB  page total (${goal})`, `${(total(worker) / 1024).toFixed(1).padStart(7)} KB  sync worker`)
    .concat('loaded when idle after the first render (src/commands/lazy.ts):', ...idle.map(row), `${(total(idle) / 1024).toFixed(1).padStart(7)} KB  commands`)
    .join('\n');
  await testInfo.attach('first-load-js', { body: table, contentType: 'text/plain' });
  console.log(table);

  expect(worker).toHaveLength(1);
  // The commands came on their own, before any tap (a first visit offline still has them).
  expect(idle.map((script) => script.path)).toContainEqual(expect.stringMatching(COMMANDS_CHUNK));
  // Files under 1 KB have no compressed copy (build/precompress-plugin.ts MIN_BYTES).
  expect([...onPage, ...idle].filter((script) => script.encoding !== 'br' && script.bytes >= 1024).map((script) => script.path)).toEqual([]);
  expect(total(onPage)).toBeLessThanOrEqual(PAGE_BUDGET);
  expect(total(worker)).toBeLessThanOrEqual(WORKER_BUDGET);
  expect(onPage.filter((script) => script.firebase).map((script) => script.path)).toEqual([]);
  // One language: English, the browser's (playwright.config.ts locale en-US).
  const catalogues = onPage.map((script) => /\/assets\/(en-US|pt-BR|es-ES)-/.exec(script.path)?.[1]).filter(Boolean);
  expect(catalogues).toEqual(['en-US']);
});
