// LIVE (issue #48): what one member does reaches another member's open app. Two browser contexts,
// device A (the demo member) and device B (Grace, another member of the same channel), each behind
// its own latency proxy at +RTT in front of one server (so each device's requests are counted
// apart), both with /community open. A acts through its page:
//   - prays: taps Pray on a post that is on both screens (the first few in turn);
//   - comments: writes a comment on the post's page (A on /community/post/{id});
//   - posts: shares a request through the composer;
// and each is timed from A's click (a capture listener, Date.now(): the wall clock, the one clock
// two contexts share) to B's page showing it: a MutationObserver in B records when the card's
// count text, the comments control's text, the new-posts pill or the feed's first card changed,
// and the next requestAnimationFrame after it (the frame that paints it). Each event waits for
// B up to EVENT_DEADLINE_MS (past the 30 s poll, so a build without the live channel is timed on
// its poll), then the next one starts.
// Then B is left idle, --live-idle seconds with its stream up, then as long with the stream
// refused at its proxy (503 at once, the held one cut): B's requests per minute by route, the
// 30-second poll against the safety poll.
import type { Page } from 'playwright';
import { LIVE_SAFETY_POLL_MS } from '../../common/live-contract';
import { NEW_COUNT_POLL_MS } from '../../common/constants';
import { loginAsMember, prayButton, serverPostIdsOnScreen, sleep, waitForFeed } from './app';
import { ms, stats } from './figures';
import { LatencyProxy } from './proxy';
import type { ScenarioEnv } from './scenario';

const DEVICE_A = 'demo@prayer.local';
const DEVICE_B = 'grace@prayer.local';
const LIVE_PREFIX = '/api/v1/sync/live';
/** Past the 30 s poll of an app without the live channel, with room for the pull itself. */
const EVENT_DEADLINE_MS = 45_000;
const EVENT_SPACING_MS = 1_000;
const TARGET_POSTS = 3;
export const LIVE_GOAL_MS = 1_000;

type LiveRecord = { key: string; value: string; at: number; frameAt: number | null };
type LiveProbe = { records: LiveRecord[]; last: Record<string, string> };
type ProbeWindow = { __benchLive?: LiveProbe; __benchActions?: { at: number; label: string }[] };

/** Runs in B's page: records, with Date.now(), each change of what B shows of the watched posts. */
function installLiveProbe(ids: number[]): void {
  const w = window as unknown as ProbeWindow;
  if (w.__benchLive) return;
  const probe: LiveProbe = { records: [], last: {} };
  w.__benchLive = probe;
  const cardOf = (id: number): Element | null => {
    for (const link of document.querySelectorAll(`article a[href$="/community/post/${String(id)}"]`)) {
      const article = link.closest('article');
      if (article) return article;
    }
    return null;
  };
  const read = (): Record<string, string> => {
    const now: Record<string, string> = {};
    for (const id of ids) {
      const card = cardOf(id);
      now[`pray:${String(id)}`] = card?.querySelector('[data-testid="prayed-count"]')?.textContent ?? '';
      now[`comments:${String(id)}`] = card?.querySelector('.post-card__comments')?.textContent ?? '';
    }
    now.pill = document.querySelector('.feed-new-posts')?.textContent ?? '';
    now.newest = document.querySelector('article a[href*="/community/post/"]')?.getAttribute('href') ?? '';
    return now;
  };
  const check = () => {
    const now = read();
    const at = Date.now();
    const changed: LiveRecord[] = [];
    for (const [key, value] of Object.entries(now)) {
      if (probe.last[key] === value) continue;
      const record: LiveRecord = { key, value, at, frameAt: null };
      probe.records.push(record);
      changed.push(record);
      probe.last[key] = value;
    }
    if (changed.length > 0) {
      requestAnimationFrame(() => {
        const frameAt = Date.now();
        for (const record of changed) record.frameAt = frameAt;
      });
    }
  };
  probe.last = read();
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['href', 'aria-label'] });
}

/** Runs in A's pages (an init script): the wall-clock time of every click on a button. */
function installActionClock(): void {
  const w = window as unknown as ProbeWindow;
  if (w.__benchActions) return;
  const actions: { at: number; label: string }[] = [];
  w.__benchActions = actions;
  window.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) actions.push({ at: Date.now(), label: button.getAttribute('aria-label') ?? button.textContent ?? '' });
  }, { capture: true });
}

type Timed = { dom: number; frame: number };

/** What B shows now under `keys`. */
function shown(pageB: Page, keys: string[]): Promise<string[]> {
  return pageB.evaluate((k) => k.map((key) => (window as unknown as ProbeWindow).__benchLive?.last[key] ?? ''), keys);
}

/**
 * Runs `act` in A (its last click is the action's moment), then waits until B shows a new value
 * under one of `keys`: the time from A's click to B's change and to the frame after it.
 */
async function timeOnB(pageA: Page, pageB: Page, keys: string[], act: () => Promise<void>): Promise<Timed | null> {
  const before = await shown(pageB, keys);
  const clicks = await pageA.evaluate(() => (window as unknown as ProbeWindow).__benchActions?.length ?? 0);
  await act();
  const actionAt = await pageA.evaluate((n) => (window as unknown as ProbeWindow).__benchActions?.slice(n).at(-1)?.at ?? null, clicks);
  if (actionAt === null) throw new Error('the action was not a click on a button in A');
  const deadline = Date.now() + EVENT_DEADLINE_MS;
  while (Date.now() < deadline) {
    const seen = await pageB.evaluate(({ k, b, since }) => {
      const probe = (window as unknown as ProbeWindow).__benchLive;
      return probe?.records.find((r) => r.at >= since && k.includes(r.key) && r.value !== '' && r.value !== b[k.indexOf(r.key)] && r.frameAt !== null) ?? null;
    }, { k: keys, b: before, since: actionAt });
    if (seen !== null) return { dom: seen.at - actionAt, frame: (seen.frameAt ?? seen.at) - actionAt };
    await sleep(100);
  }
  return null;
}

type Series = { timed: Timed[]; missed: number };

function report(env: ScenarioEnv, what: string, series: Series): void {
  const dom = stats(series.timed.map((t) => t.dom));
  const frame = stats(series.timed.map((t) => t.frame));
  env.figures.info(`${what}: on B's page p50 / p95 (changed in the DOM)`, `${ms(dom.p50, 0)} / ${ms(dom.p95, 0)}`);
  env.figures.goal(`${what}: painted on B p50 / p95 (max), ${String(series.timed.length)} timed, ${String(series.missed)} missed`, `${ms(frame.p50, 0)} / ${ms(frame.p95, 0)} (${ms(frame.max, 0)})`,
    `p95 <= ${String(LIVE_GOAL_MS)} ms`, frame.n === 0 ? undefined : frame.p95 <= LIVE_GOAL_MS && series.missed === 0);
}

/** B's requests in a phase, per minute: the API's (the stream's opening apart), and by route. */
function idleTraffic(env: ScenarioEnv, proxy: LatencyProxy, phase: string, seconds: number, label: string): void {
  const counts = proxy.counts(phase);
  const api = counts.filter(([key]) => key.includes('/api/v1/') && !key.includes(LIVE_PREFIX));
  const total = api.reduce((sum, [, n]) => sum + n, 0);
  const streams = counts.filter(([key]) => key.includes(LIVE_PREFIX)).reduce((sum, [, n]) => sum + n, 0);
  const others = counts.filter(([key]) => !key.includes('/api/v1/')).reduce((sum, [, n]) => sum + n, 0);
  const perMinute = (n: number) => ((n * 60) / seconds).toFixed(1);
  env.figures.info(`B idle ${String(seconds)} s, ${label}: API requests per minute (stream openings apart)`, `${perMinute(total)} (${String(total)} in ${String(seconds)} s; ${String(streams)} stream openings)`);
  env.figures.info(`B idle ${String(seconds)} s, ${label}: other requests per minute (the app's update check...)`, `${perMinute(others)} (${String(others)} in ${String(seconds)} s)`);
  env.figures.note(`B idle, ${label}: ${api.map(([key, n]) => `${key} ${String(n)}`).join(', ') || 'no API request'}; ${String(streams)} x GET ${LIVE_PREFIX}`);
}

export async function runLive(env: ScenarioEnv): Promise<void> {
  const { figures, options } = env;
  const { server, proxy: proxyA } = await env.serve();
  // B's own proxy, so its requests are counted apart from A's.
  const proxyB = new LatencyProxy(server.port, 0);
  await proxyB.listen(await env.ports.take());
  env.proxies.push(proxyB);
  env.defer(() => proxyB.close());
  const setPhase = (phase: string, delayMs: number) => {
    for (const proxy of [proxyA, proxyB]) {
      proxy.phase = phase;
      proxy.delayMs = delayMs;
    }
  };
  setPhase('LIVE setup', 0);
  figures.note(`A = ${DEVICE_A} (proxy #1), B = ${DEVICE_B} (proxy #2), both at +${String(options.delayMs)} ms; ${String(options.liveEvents)} prays, comments and posts; each waited for up to ${String(EVENT_DEADLINE_MS / 1000)} s on B`);

  const contextA = await env.context(proxyA.origin);
  await contextA.addInitScript(installActionClock);
  const contextB = await env.context(proxyB.origin);
  const pageA = await contextA.newPage();
  const pageB = await contextB.newPage();
  await loginAsMember(pageA, DEVICE_A);
  await loginAsMember(pageB, DEVICE_B);
  await Promise.all([waitForFeed(pageA), waitForFeed(pageB)]);
  await sleep(3_000);
  const onA = await serverPostIdsOnScreen(pageA);
  const onB = new Set(await serverPostIdsOnScreen(pageB));
  const targets = onA.filter((id) => onB.has(id)).slice(0, TARGET_POSTS);
  if (targets.length === 0) throw new Error('No server post on both screens');
  await pageB.evaluate(installLiveProbe, targets);
  setPhase('LIVE setup at +RTT', options.delayMs);
  await sleep(3_000);
  const streamsAtStart = { a: proxyA.openCount(LIVE_PREFIX), b: proxyB.openCount(LIVE_PREFIX) };
  figures.info('live streams held at the start (A / B)', `${String(streamsAtStart.a)} / ${String(streamsAtStart.b)}`);

  // Prays: a tap on A, the count on B's card.
  setPhase('LIVE prays', options.delayMs);
  const prays: Series = { timed: [], missed: 0 };
  for (let i = 0; i < options.liveEvents; i += 1) {
    const id = targets[i % targets.length] ?? 0;
    const timed = await timeOnB(pageA, pageB, [`pray:${String(id)}`], () => prayButton(pageA, id).click());
    if (timed === null) prays.missed += 1;
    else prays.timed.push(timed);
    await sleep(EVENT_SPACING_MS);
  }
  report(env, 'pray on A -> count on B', prays);

  // Comments: written on the post's page on A, the card's comments control on B.
  setPhase('LIVE comments', options.delayMs);
  const commented = targets[0] ?? 0;
  await pageA.goto(`/community/post/${String(commented)}`);
  const commentBox = pageA.getByRole('textbox', { name: 'Write a comment' });
  await commentBox.waitFor({ state: 'visible', timeout: 30_000 });
  const comments: Series = { timed: [], missed: 0 };
  for (let i = 0; i < options.liveEvents; i += 1) {
    const timed = await timeOnB(pageA, pageB, [`comments:${String(commented)}`], async () => {
      await commentBox.fill(`Praying with you, live bench comment ${String(i + 1)}.`);
      await pageA.getByRole('button', { name: 'Comment', exact: true }).click();
    });
    if (timed === null) comments.missed += 1;
    else comments.timed.push(timed);
    await sleep(EVENT_SPACING_MS);
  }
  report(env, 'comment on A -> comment count on B', comments);

  // Posts: shared through A's composer, B's new-posts pill (or its feed's first card).
  setPhase('LIVE posts', options.delayMs);
  await pageA.goto('/community');
  await waitForFeed(pageA);
  const posts: Series = { timed: [], missed: 0 };
  const dialog = pageA.getByRole('dialog', { name: /^Share with / });
  for (let i = 0; i < options.liveEvents; i += 1) {
    const timed = await timeOnB(pageA, pageB, ['pill', 'newest'], async () => {
      await pageA.getByRole('button', { name: 'Share a request' }).click();
      await dialog.getByRole('textbox', { name: 'What is on your heart?' }).fill(`Live bench request ${String(i + 1)}: please pray for our family this week.`);
      await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    });
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
    if (timed === null) posts.missed += 1;
    else posts.timed.push(timed);
    await sleep(EVENT_SPACING_MS);
  }
  report(env, 'new post on A -> new-posts pill on B', posts);
  const pill = await shown(pageB, ['pill']);
  figures.note(`B's pill at the end: '${pill[0] ?? ''}'`);

  // B idle: its requests with the stream up, then refused.
  const idle = options.liveIdleSeconds;
  figures.note(`polling without a stream: every ${String(NEW_COUNT_POLL_MS / 1000)} s = ${(60_000 / NEW_COUNT_POLL_MS).toFixed(1)} per minute; with one, the safety poll every ${String(LIVE_SAFETY_POLL_MS / 1000)} s = ${(60_000 / LIVE_SAFETY_POLL_MS).toFixed(1)} per minute`);
  setPhase('LIVE settle', options.delayMs);
  await sleep(5_000);
  setPhase('LIVE idle, stream up', options.delayMs);
  const heldAtIdle = proxyB.openCount(LIVE_PREFIX);
  await sleep(idle * 1000);
  figures.info('B idle: stream held at the start / end of the idle phase', `${String(heldAtIdle)} / ${String(proxyB.openCount(LIVE_PREFIX))}`);
  idleTraffic(env, proxyB, 'LIVE idle, stream up', idle, 'stream up');
  setPhase('LIVE refusing the stream', options.delayMs);
  proxyB.refuse = { prefix: LIVE_PREFIX, status: 503 };
  const dropped = proxyB.dropOpen(LIVE_PREFIX);
  await sleep(5_000);
  setPhase('LIVE idle, stream refused', options.delayMs);
  await sleep(idle * 1000);
  figures.note(`stream refused: ${String(dropped)} held stream(s) cut, every GET ${LIVE_PREFIX} answered 503 at B's proxy`);
  idleTraffic(env, proxyB, 'LIVE idle, stream refused', idle, 'stream refused (503)');
  await contextA.close();
  await contextB.close();
}
