// SCROLL: through the whole local feed (a guest, N local posts), one scrollBy of 90% of the
// viewport per animation frame (each frame shows new rows: the hardest case for the windowed
// list), until the last seeded post is on screen. Recorded in the page: long tasks
// (PerformanceObserver 'longtask') and frame times (requestAnimationFrame deltas). An idle
// stretch first, with nothing scrolling, shows the machine's own noise. Attribution to the feed
// is not possible from the page: every long frame while scrolling is counted.
import { startCpuProfile } from './cpu-profile';
import { continueAsGuest, sleep, waitForFeed } from './app';
import { ms, seconds } from './figures';
import type { ScenarioEnv } from './scenario';

export const FRAME_GOAL_MS = 50;
const SLOW_FRAME_MS = 33;
const IDLE_MS = 3_000;
const SCROLL_DEADLINE_MS = 240_000;

type FrameRun = {
  frames: number;
  over33: number;
  over50: number;
  maxFrame: number;
  over33TotalMs: number;
  longTasks: number;
  longTaskMax: number;
  longTaskTotalMs: number;
  elapsedMs: number;
  reachedEnd: boolean;
  scrollY: number;
};

/** In the page: frame deltas and long tasks while scrolling by `stepRatio` of the viewport per frame (0: idle). */
function recordFrames(input: { stepRatio: number; lastText: string; maxMs: number; slowMs: number; goalMs: number }): Promise<FrameRun> {
  return new Promise((resolve) => {
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const deltas: number[] = [];
    const started = performance.now();
    let previous = Number.NaN;
    let reachedEnd = false;
    let stuckFrames = 0;
    const isLastOnScreen = (): boolean => {
      for (const article of document.querySelectorAll('article')) {
        if (!(article.textContent ?? '').includes(input.lastText)) continue;
        const rect = article.getBoundingClientRect();
        if (rect.bottom > 0 && rect.top < window.innerHeight) return true;
      }
      return false;
    };
    const finish = () => {
      observer.disconnect();
      const slow = deltas.filter((d) => d > input.slowMs);
      resolve({
        frames: deltas.length,
        over33: slow.length,
        over50: deltas.filter((d) => d > input.goalMs).length,
        maxFrame: deltas.length > 0 ? Math.max(...deltas) : Number.NaN,
        over33TotalMs: slow.reduce((a, b) => a + b, 0),
        longTasks: longTasks.length,
        longTaskMax: longTasks.length > 0 ? Math.max(...longTasks) : 0,
        longTaskTotalMs: longTasks.reduce((a, b) => a + b, 0),
        elapsedMs: performance.now() - started,
        reachedEnd,
        scrollY: window.scrollY,
      });
    };
    const frame = (now: number) => {
      if (!Number.isNaN(previous)) deltas.push(now - previous);
      previous = now;
      if (now - started > input.maxMs) return finish();
      if (input.stepRatio > 0) {
        if (deltas.length % 5 === 0 && isLastOnScreen()) {
          reachedEnd = true;
          return finish();
        }
        const before = window.scrollY;
        window.scrollBy(0, Math.round(window.innerHeight * input.stepRatio));
        stuckFrames = window.scrollY === before ? stuckFrames + 1 : 0;
        // At the bottom and the list stopped growing: the end, whether or not the text was found.
        if (stuckFrames > 60) return finish();
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

export async function runScroll(env: ScenarioEnv): Promise<void> {
  const { options, figures } = env;
  const { proxy } = await env.serve();
  proxy.phase = 'SCROLL setup';
  const context = await env.context(proxy.origin);
  const page = await context.newPage();
  await continueAsGuest(page);
  const held = await env.fillLocalStore(page, options.posts);
  await page.goto('/community');
  await waitForFeed(page);
  await sleep(2_000);
  const lastText = `Long feed post #${String(options.posts)}.`;
  const base = { lastText, slowMs: SLOW_FRAME_MS, goalMs: FRAME_GOAL_MS };
  proxy.phase = 'SCROLL';
  const idle = await page.evaluate(recordFrames, { ...base, stepRatio: 0, maxMs: IDLE_MS });
  figures.info(`idle ${seconds(IDLE_MS)} first (noise): frames > ${String(SLOW_FRAME_MS)} ms / max frame / long tasks`, `${String(idle.over33)} / ${ms(idle.maxFrame)} / ${String(idle.longTasks)}`);
  const profiler = await startCpuProfile(page);
  const run = await page.evaluate(recordFrames, { ...base, stepRatio: 0.9, maxMs: SCROLL_DEADLINE_MS });
  if (profiler) for (const line of await profiler.stop('scroll')) console.log(line);
  figures.info('local posts held / reached the last post', `${String(held)} / ${run.reachedEnd ? 'yes' : `no (scrollY ${String(Math.round(run.scrollY))})`}`);
  figures.info('scroll: frames / time', `${String(run.frames)} / ${seconds(run.elapsedMs)}`);
  figures.info(`scroll: frames > ${String(SLOW_FRAME_MS)} ms (their total time)`, `${String(run.over33)} (${ms(run.over33TotalMs, 0)})`);
  figures.info('scroll: long tasks / max / total', `${String(run.longTasks)} / ${ms(run.longTaskMax, 0)} / ${ms(run.longTaskTotalMs, 0)}`);
  figures.goal(`scroll: frames > ${String(FRAME_GOAL_MS)} ms (max frame)`, `${String(run.over50)} (${ms(run.maxFrame)})`, `0 caused by the feed`, run.frames > 0 ? run.over50 === 0 : undefined);
}
