// START: what a returning guest's start asks of the server (issue #25 point 5), at +RTT: the
// /api/v1 requests and the bytes of their answers in the first START_WINDOW_MS of a start with
// nothing new on the server, and the requests for the same thing sent while another was still out.
// The guest's first visit runs first, and its pulls and prefetch are left to end (the proxy quiet
// for QUIET_MS) before each returning start opens a new page of the same browser profile.
import { continueAsGuest, sleep, waitForFeed, waitForServiceWorkerControl } from './app';
import type { ScenarioEnv } from './scenario';
import type { LatencyProxy, ProxyLogEntry } from './proxy';

const START_WINDOW_MS = 15_000;
const QUIET_MS = 3_000;
const QUIET_DEADLINE_MS = 60_000;
const RETURNING_STARTS = 3;
const REQUESTS_GOAL = 2;
const BYTES_GOAL = 2_048;

const isApi = (entry: ProxyLogEntry) => entry.url.startsWith('/api/v1/');

/** Waits until no request has reached the proxy for QUIET_MS (at most QUIET_DEADLINE_MS). */
async function quiet(proxy: LatencyProxy): Promise<void> {
  const deadline = performance.now() + QUIET_DEADLINE_MS;
  while (performance.now() < deadline) {
    const last = proxy.log.at(-1);
    const lastAt = last ? Math.max(last.startMs, Number.isNaN(last.endMs) ? performance.now() : last.endMs) : 0;
    if (performance.now() - lastAt >= QUIET_MS) return;
    await sleep(250);
  }
}

/** Requests for the same method and url sent while an earlier one was still unanswered. */
function overlapping(entries: ProxyLogEntry[]): ProxyLogEntry[] {
  return entries.filter((entry, index) =>
    entries.slice(0, index).some((earlier) => earlier.method === entry.method && earlier.url === entry.url && entry.startMs < earlier.endMs),
  );
}

export async function runStart(env: ScenarioEnv): Promise<void> {
  const { figures } = env;
  const { proxy } = await env.serve({}, env.options.delayMs);
  const context = await env.context(proxy.origin);
  proxy.phase = 'START first visit';
  const first = await context.newPage();
  await continueAsGuest(first);
  await waitForServiceWorkerControl(first);
  await quiet(proxy);
  await first.close();

  const counts: number[] = [];
  const bytes: number[] = [];
  const twice: number[] = [];
  for (let run = 1; run <= RETURNING_STARTS; run += 1) {
    const phase = `START returning ${String(run)}, nothing new`;
    proxy.phase = phase;
    const page = await context.newPage();
    const startedAt = performance.now();
    await page.goto('/community');
    await waitForFeed(page);
    await sleep(Math.max(0, START_WINDOW_MS - (performance.now() - startedAt)));
    proxy.phase = `START after returning ${String(run)}`;
    await page.close();
    await quiet(proxy);
    const api = proxy.log.filter((entry) => entry.phase === phase && isApi(entry));
    counts.push(api.length);
    bytes.push(api.reduce((sum, entry) => sum + entry.bytes, 0));
    const doubled = overlapping(api);
    twice.push(doubled.length);
    const routes = api.map((entry) => `${entry.method} ${entry.url.slice('/api/v1/'.length)}`);
    figures.note(`returning start ${String(run)}: ${String(api.length)} requests, ${String(bytes.at(-1))} B: ${routes.join(', ')}`);
    if (doubled.length > 0) figures.note(`  sent while the same was out: ${doubled.map((entry) => `${entry.method} ${entry.url}`).join(', ')}`);
  }
  const most = Math.max(...counts);
  const mostBytes = Math.max(...bytes);
  figures.goal(`API requests in a returning start's first ${String(START_WINDOW_MS / 1000)} s (most of ${String(RETURNING_STARTS)})`, String(most), `<= ${String(REQUESTS_GOAL)}`, most <= REQUESTS_GOAL);
  figures.goal('their answer bodies, on the wire (most)', `${(mostBytes / 1024).toFixed(1)} KB`, `<= ${(BYTES_GOAL / 1024).toFixed(0)} KB`, mostBytes <= BYTES_GOAL);
  const mostTwice = Math.max(...twice);
  figures.goal('requests for the same thing while one was out (most)', String(mostTwice), '0', mostTwice === 0);
}
