// P1: Pray tap latency on /community (the demo member), with the large and the small local store;
// P1G (issue #28 item 7): the same on a prayer group's feed (/group/{id}) whose local posts are the group's.
// In the page: a capture 'click' listener keeps the click's event.timeStamp and the tapped card's
// count text; a MutationObserver sees that count text change; the next requestAnimationFrame
// closes the sample. Taps go to the first server posts on screen (the local-only seeds are
// unknown to the server), spaced TAP_SPACING_MS apart, after a few warm-up taps.
import type { Page } from 'playwright';
import { apiPost, dateTapsASecondApart, loginAsDemoMember, memberToken, prayButton, serverPostIdsOnScreen, sleep, waitForFeed } from './app';
import { ms, ratio, stats, type Stats } from './figures';
import type { ScenarioEnv } from './scenario';

const WARMUP_TAPS = 3;
const TAP_SPACING_MS = 300;
const TARGET_POSTS = 3;
export const TAP_GOAL_MS = 16;

/**
 * One tap. `clickToCommand` / `commandMs`: from the click to the command's start, and the
 * command's transaction (src/commands/timing.ts marks); `paintedBeforeCommit`: the count changed
 * before the transaction committed (Dexie's optimistic cache under the live query).
 */
type TapSample = {
  href: string;
  clickToMutation: number;
  clickToFrame: number;
  clickToCommand: number | null;
  commandMs: number | null;
  paintedBeforeCommit: boolean | null;
  /** The click -> the first frame after it (the wait for the display alone, whatever the app does). */
  clickToFirstFrame: number | null;
  /** The count changed before the first frame after the click began: it is painted in that frame. */
  inFirstFrame: boolean | null;
};
type Pending = { href: string; before: string | null; clickTs: number; mutationAt: number | null; firstFrameAt: number | null };
type TapState = { pending: Pending | null; samples: TapSample[] };
type TapWindow = { __benchTap?: TapState };

/** Runs in the page: the click -> count text -> next frame probe. */
function installTapProbe(): void {
  const w = window as unknown as TapWindow;
  if (w.__benchTap) return;
  const state: TapState = { pending: null, samples: [] };
  w.__benchTap = state;
  const countOf = (href: string): string | null => {
    for (const link of document.querySelectorAll(`article a[href="${href}"]`)) {
      const count = link.closest('article')?.querySelector('[data-testid="prayed-count"]');
      if (count) return count.textContent;
    }
    return null;
  };
  window.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      const count = button?.querySelector('[data-testid="prayed-count"]');
      const href = button?.closest('article')?.querySelector('a[href*="/community/post/"]')?.getAttribute('href');
      if (!count || !href) return;
      const pending: Pending = { href, before: count.textContent, clickTs: event.timeStamp, mutationAt: null, firstFrameAt: null };
      state.pending = pending;
      requestAnimationFrame(() => void (pending.firstFrameAt = performance.now()));
    },
    { capture: true },
  );
  new MutationObserver(() => {
    const pending = state.pending;
    if (!pending || pending.mutationAt !== null) return;
    const now = countOf(pending.href);
    if (now === null || now === pending.before) return;
    const mutationAt = performance.now();
    pending.mutationAt = mutationAt;
    requestAnimationFrame(() => {
      const frameAt = performance.now();
      const markAt = (name: string) => performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? null;
      const start = markAt('command:start');
      const committed = markAt('command:committed');
      const isThisTap = start !== null && start >= pending.clickTs;
      state.samples.push({
        href: pending.href,
        clickToMutation: mutationAt - pending.clickTs,
        clickToFrame: frameAt - pending.clickTs,
        clickToCommand: isThisTap ? start - pending.clickTs : null,
        commandMs: isThisTap && committed !== null && committed >= start ? committed - start : null,
        paintedBeforeCommit: isThisTap ? committed === null || committed < start || mutationAt < committed : null,
        clickToFirstFrame: pending.firstFrameAt === null ? null : pending.firstFrameAt - pending.clickTs,
        inFirstFrame: pending.firstFrameAt === null ? null : mutationAt <= pending.firstFrameAt,
      });
      state.pending = null;
    });
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}

function sampleCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as TapWindow).__benchTap?.samples.length ?? 0);
}

type TapRun = { samples: TapSample[]; missed: number };

async function tapAndMeasure(page: Page, targets: number[], taps: number): Promise<TapRun> {
  let missed = 0;
  for (let i = 0; i < WARMUP_TAPS + taps; i += 1) {
    if (i === WARMUP_TAPS) await page.evaluate(() => void (window as unknown as TapWindow).__benchTap?.samples.splice(0));
    const id = targets[i % targets.length] ?? targets[0] ?? 0;
    const before = await sampleCount(page);
    await prayButton(page, id).click();
    try {
      await page.waitForFunction((n) => ((window as unknown as TapWindow).__benchTap?.samples.length ?? 0) >= n, before + 1, { timeout: 5_000, polling: 20 });
    } catch {
      missed += 1;
      await page.evaluate(() => {
        const state = (window as unknown as TapWindow).__benchTap;
        if (state) state.pending = null;
      });
    }
    await sleep(TAP_SPACING_MS);
  }
  const samples = await page.evaluate(() => (window as unknown as TapWindow).__benchTap?.samples ?? []);
  return { samples, missed };
}

type SizeResult = { mutation: Stats; frame: Stats };

/** P1G: a group of the demo member's with three requests on the server; its id. */
async function demoGroup(serverOrigin: string): Promise<number> {
  const token = await memberToken(serverOrigin);
  const { group } = await apiPost<{ group: { id: number } }>(serverOrigin, 'group', token, { name: `Bench group ${String(Date.now())}` });
  for (let i = 1; i <= TARGET_POSTS; i += 1) await apiPost(serverOrigin, 'post', token, { text: `Group request ${String(i)}`, type: 'REQUEST', group_id: group.id });
  return group.id;
}

/** Where the taps go: the community feed, or (P1G) a group's, made on `serverOrigin`. */
type Where = { group: null } | { group: { serverOrigin: string } };

async function measureSize(env: ScenarioEnv, origin: string, proxySetDelay: (phase: string, delayMs: number) => void, size: number, where: Where): Promise<SizeResult> {
  const { figures, options } = env;
  const context = await env.context(origin);
  const page = await context.newPage();
  proxySetDelay(`P1 setup, ${String(size)} local posts`, 0);
  const groupId = where.group === null ? undefined : await demoGroup(where.group.serverOrigin);
  await loginAsDemoMember(page);
  const held = await env.fillLocalStore(page, size, groupId === undefined ? {} : { groupId });
  await page.goto(groupId === undefined ? '/community' : `/group/${String(groupId)}`);
  await waitForFeed(page);
  await sleep(1_000);
  const targets = (await serverPostIdsOnScreen(page)).slice(0, TARGET_POSTS);
  if (targets.length === 0) throw new Error('No server post on screen to pray for');
  await page.evaluate(installTapProbe);
  await dateTapsASecondApart(page);
  proxySetDelay(`P1 taps, ${String(size)} local posts`, options.delayMs);
  const run = await tapAndMeasure(page, targets, options.taps);
  const mutation = stats(run.samples.map((s) => s.clickToMutation));
  const frame = stats(run.samples.map((s) => s.clickToFrame));
  const label = `${size.toLocaleString('en-US')} local${groupId === undefined ? '' : ' group'}`;
  figures.info(`${label}: local posts held / taps measured (missed)`, `${String(held)} / ${String(run.samples.length)} (${String(run.missed)})`);
  figures.info(`${label}: click -> count text changed p50 / p95`, `${ms(mutation.p50)} / ${ms(mutation.p95)}`);
  figures.info(`${label}: click -> next frame p50`, ms(frame.p50));
  const toCommand = stats(run.samples.flatMap((s) => (s.clickToCommand === null ? [] : [s.clickToCommand])));
  const command = stats(run.samples.flatMap((s) => (s.commandMs === null ? [] : [s.commandMs])));
  const early = run.samples.filter((s) => s.paintedBeforeCommit === true).length;
  figures.info(`${label}: click -> command start p50 / p95`, `${ms(toCommand.p50)} / ${ms(toCommand.p95)}`);
  figures.info(`${label}: command transaction p50 / p95`, `${ms(command.p50)} / ${ms(command.p95)}`);
  figures.info(`${label}: count painted before the commit`, `${String(early)} of ${String(run.samples.length)}`);
  const vsync = stats(run.samples.flatMap((s) => (s.clickToFirstFrame === null ? [] : [s.clickToFirstFrame])));
  const firstFrame = run.samples.filter((s) => s.inFirstFrame === true).length;
  figures.info(`${label}: click -> the first frame after it, p50 / p95 (the display's own wait)`, `${ms(vsync.p50)} / ${ms(vsync.p95)}`);
  figures.goal(`${label}: count painted in the first frame after the click`, `${String(firstFrame)} of ${String(run.samples.length)}`, '>= 95%', run.samples.length === 0 ? undefined : firstFrame >= 0.95 * run.samples.length);
  figures.goal(`${label}: click -> next frame p95 (max)`, `${ms(frame.p95)} (${ms(frame.max)})`, `<= ${String(TAP_GOAL_MS)} ms`, frame.n === 0 ? undefined : frame.p95 <= TAP_GOAL_MS);
  await context.close();
  return { mutation, frame };
}

export async function runP1(env: ScenarioEnv, group = false): Promise<void> {
  const { server, proxy } = await env.serve();
  const where: Where = group ? { group: { serverOrigin: server.origin } } : { group: null };
  const setDelay = (phase: string, delayMs: number) => {
    proxy.phase = phase;
    proxy.delayMs = delayMs;
  };
  env.figures.note(`taps through the proxy at +${String(env.options.delayMs)} ms; ${String(env.options.taps)} measured taps per size, ${String(TAP_SPACING_MS)} ms apart, on ${String(TARGET_POSTS)} posts`);
  const large = await measureSize(env, proxy.origin, setDelay, env.options.posts, where);
  const small = await measureSize(env, proxy.origin, setDelay, env.options.comparePosts, where);
  const frameRatio = large.frame.p95 / small.frame.p95;
  env.figures.info(`ratio ${env.options.posts}/${env.options.comparePosts}, click -> count p95`, ratio(large.mutation.p95 / small.mutation.p95));
  env.figures.goal(`ratio ${env.options.posts}/${env.options.comparePosts}, click -> next frame p95`, ratio(frameRatio), '~1x (<= 1.25x)', Number.isFinite(frameRatio) ? frameRatio <= 1.25 : undefined);
}

/** P1G: P1 on a group's feed, its local posts the group's (issue #28 item 7: as fast as the community feed). */
export function runP1Group(env: ScenarioEnv): Promise<void> {
  return runP1(env, true);
}
