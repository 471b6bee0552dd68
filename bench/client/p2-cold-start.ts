// P2: cold offline start, beside its floor and against a fresh online start through the +RTT proxy.
//   offline: the app installed in a context (a guest; service worker active and controlling; feed
//            pulled; N posts in the local store); the page closed, every service worker stopped
//            (CDP ServiceWorker.stopAllWorkers), the context offline; a new page opens /community.
//   floor:   the bare page of bare-page.ts (no framework; its own service worker; N posts; the
//            newest 60 read through an index and painted), installed and started the same way.
//   new process: both again, each start in a browser process of its own (p2-new-process.ts).
//   online:  a fresh context (no service worker, no cookies, empty store) through the proxy at
//            +RTT opens '/', presses "Continue as guest" as soon as it can, and waits for the feed
//            ('/community' without a session redirects to '/', so this is a new visitor's way in).
// Every start is timed in the page, from its navigation start to the first frame in which a feed
// card ('[role=list] article') is on screen (p2-probe.ts); the online run stays one document.
import { startCpuProfile } from './cpu-profile';
import type { Page } from 'playwright';
import { continueAsGuest, sleep, waitForFeed, waitForServiceWorkerControl } from './app';
import { installBarePage, serveBarePage } from './bare-page';
import { median, ms, ratio } from './figures';
import type { LatencyProxy } from './proxy';
import { firstItem, firstItemProbe, RESTING_MS, splitMedians, stopServiceWorkers, type BootSplit } from './p2-probe';
import { newProcessStarts } from './p2-new-process';
import type { ScenarioEnv } from './scenario';

const OFFLINE_RUNS = 5;
const ONLINE_RUNS = 3;
/** Issue #25 point 3: the first cards from the local store within 250 ms of navigation, idle, warm. */
export const OFFLINE_GOAL_MS = 250;
/** ... and within 1.5x of the bare page started the same way, warm or in a new browser process. */
export const FLOOR_RATIO_GOAL = 1.5;
export const SPEEDUP_GOAL = 5;

/** What is started: where, and how it is installed in a fresh page (resolves what it holds). */
export type StartSubject = { label: string; origin: string; path: string; install: (page: Page) => Promise<string> };

/** Asks the service worker itself to fetch the API: it must fail while the context is offline. */
async function serviceWorkerFetchProbe(page: Page): Promise<string> {
  const worker = page.context().serviceWorkers()[0];
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

/** The app as a returning guest holding `size` posts: installed through `proxy` (then cut). */
export function appSubject(proxy: LatencyProxy, size: number, fill: ScenarioEnv['fillLocalStore']): StartSubject {
  return {
    label: `app, ${size.toLocaleString('en-US')} local`,
    origin: proxy.origin,
    path: '/community',
    install: async (page) => {
      await continueAsGuest(page);
      await waitForServiceWorkerControl(page);
      const held = await fill(page, size);
      await page.goto('/community');
      await waitForFeed(page);
      await sleep(1_000);
      return `${String(await page.evaluate(() => navigator.serviceWorker.controller !== null))}, ${String(held)}`;
    },
  };
}

/** The same subject, its server cut at the proxy once installed (the starts are offline). */
function cutAfterInstall(subject: StartSubject, proxy: LatencyProxy, phase: string): StartSubject {
  return {
    ...subject,
    install: async (page) => {
      const held = await subject.install(page);
      proxy.phase = phase;
      proxy.isDown = true;
      return held;
    },
  };
}

function bareSubject(origin: string, size: number): StartSubject {
  return {
    label: `floor (bare page), ${size.toLocaleString('en-US')} local`,
    origin,
    path: '/',
    install: async (page) => `true, ${String(await installBarePage(page, origin, size))}`,
  };
}

/** Offline starts in one warm browser: a new page each, every service worker stopped before. */
async function warmStarts(env: ScenarioEnv, subject: StartSubject, profile: string | null): Promise<number[]> {
  const { figures } = env;
  const context = await env.context(subject.origin);
  await context.addInitScript(firstItemProbe);
  let page = await context.newPage();
  figures.info(`${subject.label}: installed (controlled, local posts held)`, await subject.install(page));
  const times: number[] = [];
  const splits: BootSplit[] = [];
  await context.setOffline(true);
  for (let run = 0; run < OFFLINE_RUNS; run += 1) {
    await page.close();
    await stopServiceWorkers(context);
    page = await context.newPage();
    // BENCH_CPU_PROFILE: the last run is profiled (its time then includes the profiler's).
    const profiler = profile !== null && run === OFFLINE_RUNS - 1 ? await startCpuProfile(page) : null;
    await page.goto(subject.path);
    const shown = await firstItem(page);
    if (profiler && profile !== null) for (const line of await profiler.stop(profile)) console.log(line);
    await sleep(RESTING_MS);
    times.push(shown.sinceNav);
    splits.push(shown.split);
    if (run === 0 && profile !== null) {
      figures.info(`${subject.label}: offline page controlled by the service worker`, String(await page.evaluate(() => navigator.serviceWorker.controller !== null)));
      figures.info(`${subject.label}: service worker's own fetch while offline`, await serviceWorkerFetchProbe(page));
    }
  }
  figures.info(`${subject.label}: offline start, each run`, times.map((t) => ms(t, 0)).join(', '));
  const split = splitMedians(splits, times);
  figures.info(`${subject.label}: offline start split, medians since navigation: ${split.names}`, split.values);
  figures.info(`${subject.label}: scripts fetched before the first card`, String(splits[0]?.scripts ?? 0));
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

/** The app's start against its floor's: the app's median / the floor's, against the goal. */
function floorGoal(env: ScenarioEnv, how: string, app: number[], floor: number[]): void {
  const share = median(app) / median(floor);
  env.figures.info(`${how}: app / floor, medians`, `${ms(median(app), 0)} / ${ms(median(floor), 0)}`);
  env.figures.goal(`${how}: app start / floor start`, ratio(share), `<= ${String(FLOOR_RATIO_GOAL)}x`, Number.isFinite(share) ? share <= FLOOR_RATIO_GOAL : undefined);
}

export async function runP2(env: ScenarioEnv): Promise<void> {
  const { options, figures } = env;
  const { proxy } = await env.serve();
  const bare = await serveBarePage(await env.ports.take());
  env.defer(bare.close);
  const app = appSubject(proxy, options.posts, env.fillLocalStore);
  const floor = bareSubject(bare.origin, options.posts);

  const offlinePhase = `P2 offline starts, ${String(options.posts)} local posts`;
  proxy.phase = `P2 install, ${String(options.posts)} local posts`;
  const offline = await warmStarts(env, cutAfterInstall(app, proxy, offlinePhase), `p2-offline-${String(options.posts)}`);
  proxy.isDown = false;
  const floorWarm = await warmStarts(env, floor, null);
  const updateChecks = proxy.countOf(offlinePhase, (entry) => entry.key === 'GET /sw.js');
  const appRequests = proxy.countOf(offlinePhase) - updateChecks;
  figures.goal('app requests reaching the network while offline', String(appRequests), '0 (setOffline covers pages and the service worker)', appRequests === 0);
  figures.info('browser update checks of /sw.js while offline (not covered by setOffline; the proxy drops them)', String(updateChecks));
  figures.goal(`${app.label}: offline start, median of ${String(OFFLINE_RUNS)}`, ms(median(offline), 0), `<= ${String(OFFLINE_GOAL_MS)} ms`, median(offline) <= OFFLINE_GOAL_MS);
  floorGoal(env, 'warm browser', offline, floorWarm);

  proxy.phase = 'P2 new-process starts';
  const fresh = await newProcessStarts(env, app, OFFLINE_RUNS, proxy);
  const floorFresh = await newProcessStarts(env, floor, OFFLINE_RUNS, null);
  floorGoal(env, 'new browser process', fresh, floorFresh);

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
  const speedup = onlineMedian / median(offline);
  figures.goal('online fresh / offline start', ratio(speedup), `>= ${String(SPEEDUP_GOAL)}x`, Number.isFinite(speedup) ? speedup >= SPEEDUP_GOAL : undefined);

  proxy.delayMs = 0;
  proxy.phase = `P2 install, ${String(options.comparePosts)} local posts`;
  const small = median(await warmStarts(env, cutAfterInstall(appSubject(proxy, options.comparePosts, env.fillLocalStore), proxy, `P2 offline starts, ${String(options.comparePosts)} local posts`), null));
  proxy.isDown = false;
  figures.info(`app, ${options.comparePosts.toLocaleString('en-US')} local: offline start, median of ${String(OFFLINE_RUNS)}`, ms(small, 0));
}
