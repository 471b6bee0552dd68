// P2's probe: the first frame in which a feed card is on screen, timed in the page from its
// navigation start, with where the start spent its time (the document, the app's boot marks, the
// scripts). Shared by the starts in a warm browser (p2-cold-start.ts) and in a new one
// (p2-new-process.ts), for the app and for its floor (bare-page.ts).
import type { BrowserContext, Page } from 'playwright';
import { median, ms } from './figures';

/**
 * Where a start spent its time, in ms since navigation start: the document's response (from the
 * service worker offline), every `boot:*` mark of src/platform/timing.ts (the script running,
 * translations, render asked, the app layout, the feed screen, its first window), and the end of
 * the last script fetched before the first card (with how many scripts were fetched).
 */
export type BootSplit = {
  document: number | null; marks: Record<string, number>; scriptsEnd: number | null; scripts: number;
  /** The service worker began to start (0 when it was running), and the document's fetch began (after the worker is up). */
  workerStart: number | null; fetchStart: number | null;
  /** The service worker's own timings of the document (sw/start-snapshot.ts: Server-Timing), by name. */
  serverTiming: Record<string, number>;
  /** The card was the start snapshot's (docs/architecture/service-worker.md 'The start snapshot'), not the app's. */
  fromSnapshot: boolean;
};
export type FirstItem = { sinceNav: number; navUrl: string; split: BootSplit };
type FirstItemWindow = { __benchFirstItem?: FirstItem };

/** The boot marks in the order a start passes them (src/platform/timing.ts). */
const BOOT_MARKS = ['boot:script', 'boot:i18n', 'boot:render', 'boot:layout', 'boot:feed-route', 'boot:feed-window'] as const;

/** Init script: records the first frame showing a feed card, relative to navigation start. */
export function firstItemProbe(): void {
  const mark = () => {
    const card = document.querySelector('[role="list"] article');
    const rect = card?.getBoundingClientRect();
    if (rect && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight) {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const marks: Record<string, number> = {};
      for (const entry of performance.getEntriesByType('mark')) if (entry.name.startsWith('boot:')) marks[entry.name] = entry.startTime;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
      const scriptsEnd = scripts.length === 0 ? null : Math.max(...scripts.map((entry) => entry.responseEnd));
      const serverTiming = Object.fromEntries((nav?.serverTiming ?? []).map((entry) => [entry.name, entry.duration]));
      const split = { serverTiming, workerStart: nav ? nav.workerStart : null, fetchStart: nav ? nav.fetchStart : null, document: nav ? nav.responseEnd : null, marks, scriptsEnd, scripts: scripts.length, fromSnapshot: card?.closest('.start-snapshot') !== null };
      (window as unknown as FirstItemWindow).__benchFirstItem = { sinceNav: performance.now(), navUrl: nav?.name ?? location.href, split };
      return;
    }
    requestAnimationFrame(mark);
  };
  requestAnimationFrame(mark);
}

export async function firstItem(page: Page, timeout = 60_000): Promise<FirstItem> {
  const handle = await page.waitForFunction(() => (window as unknown as FirstItemWindow).__benchFirstItem ?? null, undefined, { timeout, polling: 50 });
  return (await handle.jsonValue()) as FirstItem;
}

/**
 * How long a start's page stays open after its first card, as a person looks at the feed before
 * leaving: the app's own writes of a start (the sync engine's state) are drawn and its start
 * snapshot saved again (docs/architecture/service-worker.md 'The start snapshot'), as between a
 * member's starts.
 */
export const RESTING_MS = 1_500;

/** Stops every service worker of the context, so the next page starts its own (CDP). */
export async function stopServiceWorkers(context: BrowserContext): Promise<void> {
  const blank = await context.newPage();
  const session = await context.newCDPSession(blank);
  await session.send('ServiceWorker.enable');
  await session.send('ServiceWorker.stopAllWorkers');
  await session.detach();
  await blank.close();
}

/** The medians of a row of starts, step by step: names and values, for one figure line. */
export function splitMedians(splits: BootSplit[], times: number[]): { names: string; values: string } {
  const at = (pick: (split: BootSplit) => number | null) => {
    const values = splits.flatMap((split) => { const v = pick(split); return v === null ? [] : [v]; });
    return values.length === 0 ? 'n/a' : ms(median(values), 0);
  };
  const names = ['worker start', 'fetch start', 'document', 'scripts done', ...BOOT_MARKS.map((name) => name.slice('boot:'.length)), 'first card'];
  const values = [at((s) => s.workerStart), at((s) => s.fetchStart), at((s) => s.document), at((s) => s.scriptsEnd), ...BOOT_MARKS.map((name) => at((s) => s.marks[name] ?? null)), ms(median(times), 0)];
  const timingNames = [...new Set(splits.flatMap((split) => Object.keys(split.serverTiming)))];
  if (timingNames.length > 0) {
    names.push(...timingNames.map((name) => `worker: ${name}`));
    values.push(...timingNames.map((name) => at((s) => s.serverTiming[name] ?? null)));
  }
  return { names: `${names.join(' / ')} (starts painted from the start snapshot)`, values: `${values.join(' / ')} (${String(splits.filter((split) => split.fromSnapshot).length)} of ${String(splits.length)})` };
}
