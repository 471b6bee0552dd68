// P5: the app pulls the whole feed (N server posts, ~N/20 pages) through its own sync engine,
// against a raw baseline in the same page. The engine exposes nothing to the page, so the app is
// driven as a reader would: the page is kept scrolled to its end (one scrollTo per animation
// frame), and the feed's onEndReached asks the worker for the next page (pullFeed({ loadMore })).
// Pages are timed at the proxy (delay 0): per page, the interval between the starts of
// consecutive GET /api/v1/posts. The baseline fetches the same pages with plain fetch (same
// keyset cursor, same headers) and writes all rows with one raw IndexedDB transaction into a
// scratch database. It runs before the app's pull (warm-up, printed) and after it (compared).
import { startCpuProfile } from './cpu-profile';
import { startWorkerCpuProfile } from './worker-profile';
import { describeCpu, measureCpu } from './cpu-by-process';
import { rmSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright';
import { CHANNEL_COOKIE, GUEST_TOKEN_COOKIE } from '../../src/state/cookies';
import { continueAsGuest, sleep } from './app';
import { ms, ratio, seconds } from './figures';
import type { ScenarioEnv } from './scenario';
import { seededDataDir } from './server';

export const RATIO_GOAL = 0.8;
export const FLATNESS_GOAL = 1.5;
const APP_PULL_DEADLINE_MS = 480_000;
const EDGE_PAGES = 50;
const SETTLED_MS = 10_000;
/** How often the bench asks the page whether the app holds the whole feed: the app's time is known to this. */
const POLL_MS = 50;
const FEED_KEY = 'GET /api/v1/posts';
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8', 'IndexedDB', 'toplevel'];

type RawPull = { pages: number; rows: number; fetchMs: number; putMs: number; totalMs: number; perPageMs: number[] };
type BenchWindow = { __benchExpected?: number[]; __benchScroll?: boolean };

/** In the page: the raw baseline. Leaves the ids it got in window.__benchExpected. */
async function rawPull(input: { token: string; channelId: string }): Promise<RawPull> {
  const headers = { accept: 'application/json', authorization: `Bearer ${input.token}`, 'x-channel-id': input.channelId, 'x-lang': 'en-US' };
  type FeedPage = { data: { data: { id: number }[]; current_page: number; last_page: number } };
  const rows: { id: number }[] = [];
  const perPageMs: number[] = [];
  const started = performance.now();
  let cursor: number | undefined;
  for (let pages = 0; pages < 5_000; pages += 1) {
    const pageStart = performance.now();
    const response = await fetch(cursor === undefined ? '/api/v1/posts' : `/api/v1/posts?loadMore=${String(cursor)}`, { headers });
    if (!response.ok) throw new Error(`GET posts: ${String(response.status)}`);
    const page = ((await response.json()) as FeedPage).data;
    rows.push(...page.data);
    perPageMs.push(performance.now() - pageStart);
    const last = page.data.at(-1);
    if (!last || page.current_page >= page.last_page) break;
    cursor = last.id;
  }
  const fetched = performance.now();
  await new Promise<void>((resolve) => {
    const drop = indexedDB.deleteDatabase('bench-scratch');
    drop.onsuccess = () => resolve();
    drop.onerror = () => resolve();
  });
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('bench-scratch', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('posts', { keyPath: 'id' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('open failed'));
  });
  const putStart = performance.now();
  const tx = db.transaction('posts', 'readwrite');
  const store = tx.objectStore('posts');
  for (const row of rows) store.put(row);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('put failed'));
  });
  const done = performance.now();
  db.close();
  (window as unknown as BenchWindow).__benchExpected = rows.map((row) => row.id);
  return { pages: perPageMs.length, rows: rows.length, fetchMs: fetched - started, putMs: done - putStart, totalMs: done - started, perPageMs };
}

/**
 * In the page: how many of the baseline's rows the app's local store lacks, and which once it holds
 * as many rows. Asked every POLL_MS during the app's pull, so it is kept cheap for the page it
 * measures: a count of the store (in the browser's storage process) until the count is reached,
 * then the keys; one connection, opened once (reading every key each time cost the page's main
 * thread 10-30 ms every 200 ms).
 */
async function missingFromApp(): Promise<{ count: number; ids: number[] }> {
  const w = window as unknown as BenchWindow & { __benchDb?: Promise<IDBDatabase> };
  const expected = w.__benchExpected ?? [];
  w.__benchDb ??= new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('prayer');
    open.onerror = () => reject(open.error ?? new Error('open failed'));
    open.onsuccess = () => resolve(open.result);
  });
  const store = (await w.__benchDb).transaction('posts').objectStore('posts');
  const ask = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('read failed'));
    });
  const held = await ask(store.count());
  if (held < expected.length) return { count: expected.length - held, ids: [] };
  const keys = new Set(await ask(store.getAllKeys()));
  const ids = expected.filter((id) => !keys.has(id));
  return { count: ids.length, ids };
}

/** In the page: keeps the page scrolled to its end, once per frame, until told to stop. */
function startEndScroller(): void {
  const w = window as unknown as BenchWindow;
  w.__benchScroll = true;
  const step = () => {
    if (!w.__benchScroll) return;
    window.scrollTo(0, document.documentElement.scrollHeight);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** BENCH_P5_TIMELINE=FILE: each feed request of the app's pull, its start and end from the pull's start and the wait before it. */
function writeTimeline(file: string, requests: readonly { startMs: number; endMs: number }[], pullStart: number): void {
  const lines = requests.map((entry, i) => {
    const before = requests[i - 1];
    const wait = before ? entry.startMs - before.endMs : Number.NaN;
    return [entry.startMs - pullStart, entry.endMs - pullStart, entry.endMs - entry.startMs, wait].map((n) => n.toFixed(1)).join('\t');
  });
  writeFileSync(file, ['start\tend\tserver\twait_before', ...lines].join('\n') + '\n');
}

const mean = (values: number[]): number => (values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length);

async function baseline(page: Page, token: string, channelId: string): Promise<RawPull> {
  return page.evaluate(rawPull, { token, channelId });
}

export async function runP5(env: ScenarioEnv): Promise<void> {
  const { options, figures } = env;
  const seedPort = await env.ports.take();
  const dataDir = await seededDataDir(options.root, options.dist, seedPort, options.posts);
  env.defer(async () => rmSync(dataDir, { recursive: true, force: true }));
  const { proxy } = await env.serve({ persistedDataDir: dataDir });
  proxy.phase = 'P5 setup';
  const context = await env.context(proxy.origin);
  const page = await context.newPage();
  await continueAsGuest(page);
  await sleep(1_000);
  const cookies = await context.cookies();
  const token = decodeURIComponent(cookies.find((c) => c.name === GUEST_TOKEN_COOKIE)?.value ?? '');
  if (!token) throw new Error(`No ${GUEST_TOKEN_COOKIE} cookie after continuing as guest`);
  const channelId = decodeURIComponent(cookies.find((c) => c.name === CHANNEL_COOKIE)?.value ?? '1');

  proxy.phase = 'P5 baseline (warm-up)';
  const warm = await baseline(page, token, channelId);
  figures.info('baseline #1 (warm-up): pages / rows / total', `${String(warm.pages)} / ${String(warm.rows)} / ${seconds(warm.totalMs)}`);

  proxy.phase = 'P5 app pull';
  const started = performance.now();
  const profiler = await startCpuProfile(page);
  const workerProfiler = await startWorkerCpuProfile(env.browser, 'sync-worker');
  // BENCH_P5_TRACE=FILE: a Chromium trace of the pull (every thread: the page, the sync worker, IndexedDB's backend).
  const traceFile = process.env.BENCH_P5_TRACE;
  if (traceFile) await env.browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
  const appCpu = measureCpu();
  await page.evaluate(startEndScroller);
  const feedRequests = () => proxy.countOf('P5 app pull', (e) => e.key === FEED_KEY);
  let missing = await page.evaluate(missingFromApp);
  let lastProgress = performance.now();
  while (missing.count > 0 && performance.now() - started < APP_PULL_DEADLINE_MS) {
    await sleep(POLL_MS);
    const now = await page.evaluate(missingFromApp);
    if (now.count < missing.count) lastProgress = performance.now();
    missing = now;
    // Every page asked for and nothing new for a while: the app has finished, short of these rows.
    if (feedRequests() >= warm.pages && performance.now() - lastProgress > SETTLED_MS) break;
  }
  const isComplete = missing.count === 0;
  const hasSettled = !isComplete && performance.now() - lastProgress > SETTLED_MS;
  const appMs = (isComplete || hasSettled ? lastProgress : performance.now()) - started;
  const appCpuUse = appCpu.stop();
  await page.evaluate(() => void ((window as unknown as { __benchScroll?: boolean }).__benchScroll = false));
  if (traceFile) await env.browser.stopTracing();
  if (profiler) for (const line of await profiler.stop('p5-app-pull')) console.log(line);
  if (workerProfiler) for (const line of await workerProfiler.stop('p5-sync-worker')) console.log(line);
  const requests = proxy.log.filter((e) => e.phase === 'P5 app pull' && e.key === FEED_KEY).sort((a, b) => a.startMs - b.startMs);
  const intervals = requests.slice(1).map((entry, i) => entry.startMs - (requests[i]?.startMs ?? entry.startMs));
  const serverMs = requests.map((entry) => entry.endMs - entry.startMs);
  if (process.env.BENCH_P5_TIMELINE) writeTimeline(process.env.BENCH_P5_TIMELINE, requests, started);
  figures.info('app: feed pages requested / baseline rows missing locally', `${String(requests.length)} / ${String(missing.count)}${missing.ids.length > 0 ? ` (ids ${missing.ids.slice(0, 5).join(', ')})` : ''}`);
  const howFar = isComplete ? 'whole feed in the local store after' : hasSettled ? 'last page stored (then nothing more) after' : 'stopped at the deadline after';
  figures.info(`app: ${howFar}`, `${seconds(appMs)}${isComplete ? '' : ` (${String(warm.rows - missing.count)} of ${String(warm.rows)} rows)`}`);
  const firstCost = mean(intervals.slice(0, EDGE_PAGES));
  const lastCost = mean(intervals.slice(-EDGE_PAGES));
  figures.info(`app: per page, first ${String(EDGE_PAGES)} (of which server)`, `${ms(firstCost)} (${ms(mean(serverMs.slice(0, EDGE_PAGES)))})`);
  figures.info(`app: per page, last ${String(EDGE_PAGES)} (of which server)`, `${ms(lastCost)} (${ms(mean(serverMs.slice(-EDGE_PAGES)))})`);
  // Where the time goes: a page fetched inside a run follows the last at about the median; the
  // long intervals are the stops between runs (a run's store, the screen's render, its next ask).
  const median = [...intervals].sort((x, y) => x - y)[Math.floor(intervals.length / 2)] ?? Number.NaN;
  const stops = intervals.filter((gap) => gap > 3 * median);
  figures.info('app: page interval median / stops between runs (count, total)', `${ms(median)} / ${String(stops.length)}, ${seconds(stops.reduce((x, y) => x + y, 0))}`);
  const flatness = lastCost / firstCost;
  figures.goal(`app: per-page cost, last ${String(EDGE_PAGES)} / first ${String(EDGE_PAGES)}`, ratio(flatness), `flat (<= ${String(FLATNESS_GOAL)}x)`, Number.isFinite(flatness) ? flatness <= FLATNESS_GOAL : undefined);

  proxy.phase = 'P5 baseline';
  const rawCpu = measureCpu();
  const raw = await baseline(page, token, channelId);
  const rawCpuUse = rawCpu.stop();
  figures.info('baseline: pages / rows', `${String(raw.pages)} / ${String(raw.rows)}`);
  figures.info('baseline: fetch all / one bulk put / total', `${seconds(raw.fetchMs)} / ${ms(raw.putMs, 0)} / ${seconds(raw.totalMs)}`);
  figures.info(`baseline: per page, first / last ${String(EDGE_PAGES)}`, `${ms(mean(raw.perPageMs.slice(0, EDGE_PAGES)))} / ${ms(mean(raw.perPageMs.slice(-EDGE_PAGES)))}`);
  // What limits the ratio on a machine whose cores the server, the browser and IndexedDB share:
  // the CPU each phase used, by process (Linux; machine-wide, so run it on a quiet machine).
  if (appCpuUse) figures.info('CPU during the app pull (by process, CPU-s)', describeCpu(appCpuUse));
  if (rawCpuUse) figures.info('CPU during the baseline (by process, CPU-s)', describeCpu(rawCpuUse));
  const speed = raw.totalMs / appMs;
  const isBound = !isComplete && !hasSettled;
  figures.goal('baseline time / app time', `${ratio(speed)}${isBound ? ' (app unfinished: upper bound)' : ''}`, `>= ${String(RATIO_GOAL)}`, Number.isFinite(speed) ? !isBound && speed >= RATIO_GOAL : undefined);
}
