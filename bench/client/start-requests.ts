// START: what a returning guest's start asks of the server (issue #25 point 5), at +RTT: the
// /api/v1 requests and the bytes of their answers in the first START_WINDOW_MS of a start with
// nothing new on the server, and the requests for the same thing sent while another was still out;
// then one start after others wrote 50 new posts, 20 comments on posts the guest holds and 5
// notifications for the guest (prays on posts of theirs).
// The guest's first visit runs first, and its pulls and prefetch are left to end (the proxy quiet
// for QUIET_MS) before each returning start opens a new page of the same browser profile.
import type { BrowserContext } from 'playwright';
import type { PostPage, PostResponse } from '../../common/contract';
import { GUEST_TOKEN_COOKIE } from '../../src/state/cookies';
import { apiGet, apiPost, continueAsGuest, sleep, waitForFeed, waitForServiceWorkerControl } from './app';
import type { ScenarioEnv } from './scenario';
import type { LatencyProxy, ProxyLogEntry } from './proxy';

const START_WINDOW_MS = 15_000;
const QUIET_MS = 3_000;
const QUIET_DEADLINE_MS = 60_000;
const RETURNING_STARTS = 3;
const REQUESTS_GOAL = 2;
const BYTES_GOAL = 2_048;

/**
 * Issue #48: the live stream (GET sync/live) a start opens is held, not a catch-up: it is
 * counted apart from the goal's requests (printed beside them), and its open answer is not
 * traffic that keeps the proxy from being quiet.
 */
const isStream = (entry: ProxyLogEntry) => entry.url.startsWith('/api/v1/sync/live');
const isApi = (entry: ProxyLogEntry) => entry.url.startsWith('/api/v1/') && !isStream(entry);

/** Waits until no request has reached the proxy for QUIET_MS (at most QUIET_DEADLINE_MS). */
async function quiet(proxy: LatencyProxy): Promise<void> {
  const deadline = performance.now() + QUIET_DEADLINE_MS;
  while (performance.now() < deadline) {
    const last = proxy.log.at(-1);
    const lastAt = last ? Math.max(last.startMs, isStream(last) ? last.startMs : Number.isNaN(last.endMs) ? performance.now() : last.endMs) : 0;
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

const CHANGES = { posts: 50, comments: 20, notifications: 5 };

/** A new guest of the server's (another person), straight from the server. */
async function otherPerson(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/guest/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (!response.ok) throw new Error(`POST guest/login: ${String(response.status)}`);
  return ((await response.json()) as { data: { authorization: { token: string } } }).data.authorization.token;
}

/** What others write while the guest is away (CHANGES), straight on the server. */
async function writeChanges(origin: string, context: BrowserContext): Promise<void> {
  const guest = decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === GUEST_TOKEN_COOKIE)?.value ?? '');
  if (!guest) throw new Error(`No ${GUEST_TOKEN_COOKIE} cookie for the returning guest`);
  const held = (await apiGet<PostPage>(origin, 'posts', guest)).data.map((post) => post.id);
  const others = await Promise.all(Array.from({ length: CHANGES.notifications }, () => otherPerson(origin)));
  const [writer = ''] = others;
  for (let i = 0; i < CHANGES.comments; i += 1) await apiPost(origin, `post/${String(held[i % held.length] ?? 0)}/comment`, writer, { comment: `Praying with you (${String(i + 1)})` });
  for (const [i, other] of others.entries()) {
    const mine = await apiPost<PostResponse>(origin, 'post', guest, { text: `Please pray for my week (${String(i + 1)})`, type: 'REQUEST' });
    await apiPost(origin, `post/${String(mine.post.id)}/pray`, other, {});
  }
  for (let i = 0; i < CHANGES.posts; i += 1) await apiPost(origin, 'post', writer, { text: `A new request while you were away (${String(i + 1)})`, type: 'REQUEST' });
}

export async function runStart(env: ScenarioEnv): Promise<void> {
  const { figures } = env;
  const { server, proxy } = await env.serve({}, env.options.delayMs);
  const context = await env.context(proxy.origin);
  proxy.phase = 'START first visit';
  const first = await context.newPage();
  await continueAsGuest(first);
  await waitForServiceWorkerControl(first);
  await quiet(proxy);
  await first.close();

  /** One returning start in a new page: the API requests of its first START_WINDOW_MS. */
  const returningStart = async (phase: string): Promise<ProxyLogEntry[]> => {
    proxy.phase = phase;
    const page = await context.newPage();
    const startedAt = performance.now();
    await page.goto('/community');
    await waitForFeed(page);
    await sleep(Math.max(0, START_WINDOW_MS - (performance.now() - startedAt)));
    proxy.phase = `${phase}: after`;
    await page.close();
    await quiet(proxy);
    const streams = proxy.log.filter((entry) => entry.phase === phase && isStream(entry));
    if (streams.length > 0) figures.note(`${phase}: besides, ${String(streams.length)} live stream(s) opened (GET sync/live, ${String(streams.reduce((sum, entry) => sum + entry.bytes, 0))} B while held)`);
    return proxy.log.filter((entry) => entry.phase === phase && isApi(entry));
  };
  const describe = (api: ProxyLogEntry[]) =>
    `${String(api.length)} requests, ${String(api.reduce((sum, entry) => sum + entry.bytes, 0))} B: ${api.map((entry) => `${entry.method} ${entry.url.slice('/api/v1/'.length)}${entry.status === 200 ? '' : ` (${String(entry.status)})`}`).join(', ')}`;

  const counts: number[] = [];
  const bytes: number[] = [];
  const twice: number[] = [];
  for (let run = 1; run <= RETURNING_STARTS; run += 1) {
    const api = await returningStart(`START returning ${String(run)}, nothing new`);
    counts.push(api.length);
    bytes.push(api.reduce((sum, entry) => sum + entry.bytes, 0));
    const doubled = overlapping(api);
    twice.push(doubled.length);
    figures.note(`returning start ${String(run)}: ${describe(api)}`);
    if (doubled.length > 0) figures.note(`  sent while the same was out: ${doubled.map((entry) => `${entry.method} ${entry.url}`).join(', ')}`);
  }
  const most = Math.max(...counts);
  const mostBytes = Math.max(...bytes);
  figures.goal(`API requests in a returning start's first ${String(START_WINDOW_MS / 1000)} s (most of ${String(RETURNING_STARTS)})`, String(most), `<= ${String(REQUESTS_GOAL)}`, most <= REQUESTS_GOAL);
  figures.goal('their answer bodies, on the wire (most)', `${(mostBytes / 1024).toFixed(1)} KB`, `<= ${(BYTES_GOAL / 1024).toFixed(0)} KB`, mostBytes <= BYTES_GOAL);
  const mostTwice = Math.max(...twice);
  figures.goal('requests for the same thing while one was out (most)', String(mostTwice), '0', mostTwice === 0);

  await writeChanges(server.origin, context);
  const changed = await returningStart('START returning, changes waiting');
  const changedBytes = changed.reduce((sum, entry) => sum + entry.bytes, 0);
  figures.note(`returning start with changes: ${describe(changed)}`);
  figures.info(
    `a returning start after ${String(CHANGES.posts)} new posts, ${String(CHANGES.comments)} comments, ${String(CHANGES.notifications)} notifications: API requests / answer bodies`,
    `${String(changed.length)} / ${(changedBytes / 1024).toFixed(1)} KB (${String(overlapping(changed).length)} sent while the same was out)`,
  );
}
