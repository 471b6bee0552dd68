// P2: cold offline start against a fresh online start through the +RTT proxy.
//   offline: the app installed in a context (a guest; service worker active and controlling; feed
//            pulled; N posts in the local store); the page closed, every service worker stopped
//            (CDP ServiceWorker.stopAllWorkers), the context offline; a new page opens /community.
//   online:  a fresh context (no service worker, no cookies, empty store) through the proxy at
//            +RTT opens '/', presses "Continue as guest" as soon as it can, and waits for the feed
//            ('/community' without a session redirects to '/', so this is a new visitor's way in).
// Both are timed in the page, from its navigation start to the first frame in which a feed card
// ('[role=list] article') is on screen; the online run stays one document (client-side routing).
import { startCpuProfile } from './cpu-profile';
import type { BrowserContext, Page } from 'playwright';
import { continueAsGuest, sleep, waitForFeed, waitForServiceWorkerControl } from './app';
import { median, ms, ratio } from './figures';
import type { LatencyProxy } from './proxy';
import type { ScenarioEnv } from './scenario';

const OFFLINE_RUNS = 5;
const ONLINE_RUNS = 3;
export const OFFLINE_GOAL_MS = 400;
export const SPEEDUP_GOAL = 5;

/**
 * Where a start spent its time, in ms since navigation start: the document's response (from the
 * service worker offline), every `boot:*` mark of src/platform/timing.ts (the script running,
 * translations, render asked, the app layout, the feed screen, its first window), and the end of
 * the last script fetched before the first card (with how many scripts were fetched).
 */
type BootSplit = { document: number | null; marks: Record<string, number>; scriptsEnd: number | null; scripts: number };
type FirstItem = { sinceNav: number; navUrl: string; split: BootSplit };
type FirstItemWindow = { __benchFirstItem?: FirstItem };

/** The boot marks in the order a start passes them (src/platform/timing.ts). */
const BOOT_MARKS = ['boot:script', 'boot:i18n', 'boot:render', 'boot:layout', 'boot:feed-route', 'boot:feed-window'] as const;

/** Init script: records the first frame showing a feed card, relative to navigation start. */
function firstItemProbe(): void {
  const mark = () => {
    const card = document.querySelector('[role="list"] article');
    const rect = card?.getBoundingClientRect();
    if (rect && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight) {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const marks: Record<string, number> = {};
      for (const entry of performance.getEntriesByType('mark')) if (entry.name.startsWith('boot:')) marks[entry.name] = entry.startTime;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
      const scriptsEnd = scripts.length === 0 ? null : Math.max(...scripts.map((entry) => entry.responseEnd));
      const split = { document: nav ? nav.responseEnd : null, marks, scriptsEnd, scripts: scripts.length };
      (window as unknown as FirstItemWindow).__benchFirstItem = { sinceNav: performance.now(), navUrl: nav?.name ?? location.href, split };
      return;
    }
    requestAnimationFrame(mark);
  };
  requestAnimationFrame(mark);
}

async function firstItem(page: Page, timeout = 60_000): Promise<FirstItem> {
  const handle = await page.waitForFunction(() => (window as unknown as FirstItemWindow).__benchFirstItem ?? null, undefined, { timeout, polling: 50 });
  return (await handle.jsonValue()) as FirstItem;
}

async function stopServiceWorkers(context: BrowserContext): Promise<void> {
  const blank = await context.newPage();
  const session = await context.newCDPSession(blank);
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
  await session.detach();
  await blank.close();
}

/** Asks the service worker itself to fetch the API: it must fail while the context is offline. */
async function serviceWorkerFetchProbe(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0];
  if (!worker) return 'no service worker running to probe';
  return worker.evaluate(async () => {
    try {
      const response = await fetch('/api/v1/posts?bench-offline-probe=1', { cache: 'no-store' });
      return `answered ${String(response.status)}`;
    } catch (error) {
      return `failed (${error instanceof Error ? error.message : String(error)})`;
    }
  });
}

async function offlineStarts(env: ScenarioEnv, proxy: LatencyProxy, size: number): Promise<number[]> {
  const { figures } = env;
  const label = `${size.toLocaleString('en-US')} local`;
  proxy.phase = `P2 install, ${String(size)} local posts`;
  proxy.delayMs = 0;
  const context = await env.context(proxy.origin);
  await context.addInitScript(firstItemProbe);
  let page = await context.newPage();
  await continueAsGuest(page);
  await waitForServiceWorkerControl(page);
  const held = await env.fillLocalStore(page, size);
  await page.goto('/community');
  await waitForFeed(page);
  await sleep(1_000);
  figures.info(`${label}: installed (controlled, local posts held)`, `${String(await page.evaluate(() => navigator.serviceWorker.controller !== null))}, ${String(held)}`);
  proxy.phase = `P2 offline starts, ${String(size)} local posts`;
  const times: number[] = [];
  const splits: BootSplit[] = [];
  proxy.isDown = true;
  await context.setOffline(true);
  for (let run = 0; run < OFFLINE_RUNS; run += 1) {
    await page.close();
    await stopServiceWorkers(context);
    page = await context.newPage();
    // BENCH_CPU_PROFILE: the last run of each size is profiled (its time then includes the profiler's).
    const profiler = run === OFFLINE_RUNS - 1 ? await startCpuProfile(page) : null;
    await page.goto('/community');
    const shown = await firstItem(page);
    if (profiler) for (const line of await profiler.stop(`p2-offline-${String(size)}`)) console.log(line);
    times.push(shown.sinceNav);
    splits.push(shown.split);
    if (run === 0) {
      const isControlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
      figures.info(`${label}: offline page controlled by the service worker`, String(isControlled));
      figures.info(`${label}: service worker's own fetch while offline`, await serviceWorkerFetchProbe(context));
    }
  }
  figures.info(`${label}: offline start, each run`, times.map((t) => ms(t, 0)).join(', '));
  const at = (pick: (split: BootSplit) => number | null) => {
    const values = splits.flatMap((split) => { const v = pick(split); return v === null ? [] : [v]; });
    return values.length === 0 ? 'n/a' : ms(median(values), 0);
  };
  const names = ['document', ...BOOT_MARKS.map((name) => name.slice('boot:'.length)), 'first card'];
  const values = [at((s) => s.document), ...BOOT_MARKS.map((name) => at((s) => s.marks[name] ?? null)), ms(median(times), 0)];
  figures.info(`${label}: offline start split, medians since navigation: ${names.join(' / ')}`, values.join(' / '));
  figures.info(`${label}: scripts fetched before the first card / the last one done at (median)`, `${String(splits[0]?.scripts ?? 0)} / ${at((s) => s.scriptsEnd)}`);
  proxy.isDown = false;
  await context.close();
  return times;
}

async function onlineStart(env: ScenarioEnv, origin: string): Promise<{ sinceNav: number; wall: number; navUrl: string }> {
  const context = await env.context(origin);
  await context.addInitScript(firstItemProbe);
  const page = await context.newPage();
  const started = Date.now();
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  const shown = await firstItem(page);
  const wall = Date.now() - started;
  await context.close();
  return { sinceNav: shown.sinceNav, wall, navUrl: shown.navUrl };
}

export async function runP2(env: ScenarioEnv): Promise<void> {
  const { options, figures } = env;
  const { proxy } = await env.serve();
  const offline = median(await offlineStarts(env, proxy, options.posts));
  const offlinePhase = `P2 offline starts, ${String(options.posts)} local posts`;
  const updateChecks = proxy.countOf(offlinePhase, (entry) => entry.key === 'GET /sw.js');
  const appRequests = proxy.countOf(offlinePhase) - updateChecks;
  figures.goal('app requests reaching the network while offline', String(appRequests), '0 (setOffline covers pages and the service worker)', appRequests === 0);
  figures.info('browser update checks of /sw.js while offline (not covered by setOffline; the proxy drops them)', String(updateChecks));
  figures.goal(`${options.posts.toLocaleString('en-US')} local: offline start, median of ${String(OFFLINE_RUNS)}`, ms(offline, 0), `<= ${String(OFFLINE_GOAL_MS)} ms`, offline <= OFFLINE_GOAL_MS);

  proxy.phase = 'P2 online fresh starts';
  proxy.delayMs = options.delayMs;
  const online: number[] = [];
  for (let run = 0; run < ONLINE_RUNS; run += 1) {
    const start = await onlineStart(env, proxy.origin);
    online.push(start.sinceNav);
    if (run === 0) figures.info('online: the document timed', `${start.navUrl} (wall clock ${ms(start.wall, 0)})`);
  }
  const onlineMedian = median(online);
  figures.info(`online fresh start (+${String(options.delayMs)} ms), each run`, online.map((t) => ms(t, 0)).join(', '));
  figures.info(`online fresh start (+${String(options.delayMs)} ms), median of ${String(ONLINE_RUNS)}`, ms(onlineMedian, 0));
  const speedup = onlineMedian / offline;
  figures.goal('online fresh / offline start', ratio(speedup), `>= ${String(SPEEDUP_GOAL)}x`, Number.isFinite(speedup) ? speedup >= SPEEDUP_GOAL : undefined);

  const small = median(await offlineStarts(env, proxy, options.comparePosts));
  figures.info(`${options.comparePosts.toLocaleString('en-US')} local: offline start, median of ${String(OFFLINE_RUNS)}`, ms(small, 0));
}
