// One Lighthouse run of bench/lighthouse.ts (issue #14 point 3): Debian's Chromium started by
// chrome-launcher (Lighthouse's own launcher, a dependency of the lighthouse package) on a profile
// directory, Lighthouse's default config (the mobile preset: Moto G Power screen, simulated slow 4G
// and 4x CPU slowdown), its JSON and HTML reports written next to each other, and the figures the
// bench prints picked out of the result.
import { writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium';

export type RunFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes of the page's scripts as transferred (compressed when served so; 0 from the service worker). */
  jsTransferBytes: number;
  jsRequests: number;
  /** Decoded bytes of the workers' scripts (the sync worker; counted apart by issue #14 point 2). */
  workerScriptBytes: number;
  /** Lighthouse's CPU benchmark of this run (higher is faster; a busy machine scores low). */
  benchmarkIndex: number;
  /** The LCP element: its selector and text (which screen's content the LCP measures). */
  lcpElement: string;
  /** The address the page ended on (a returning guest must stay on /community). */
  finalUrl: string;
  /** Audits of the scored categories that did not pass, with their category ids. */
  failing: { id: string; title: string; categories: string[]; displayValue: string }[];
};

export type AuditRun = {
  url: string;
  chromePath: string;
  /** A profile directory to run in; undefined: a fresh temporary profile (a first visit). */
  userDataDir?: string;
  /** Report files are written as `${reportBase}.report.json` and `.report.html`. */
  reportBase: string;
  /** Max time for the page to load, ms (Lighthouse's maxWaitForLoad). */
  maxWaitForLoadMs: number;
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function score(result: Result, category: string): number {
  const value = result.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
}

function numeric(result: Result, audit: string): number {
  const value = result.audits[audit]?.numericValue;
  return typeof value === 'number' ? value : Number.NaN;
}

type RequestItem = { resourceType?: unknown; sessionTargetType?: unknown; transferSize?: unknown; resourceSize?: unknown };

const bytes = (value: unknown): number => (typeof value === 'number' ? value : 0);

/**
 * The page's scripts as transferred (network-requests), and the workers' apart: Chrome reports
 * only the headers (about 1 KB) as a worker script's transfer size, so for those the decoded
 * size is all there is to show.
 */
function scriptSummary(result: Result): Pick<RunFigures, 'jsTransferBytes' | 'jsRequests' | 'workerScriptBytes'> {
  const details = result.audits['network-requests']?.details;
  const items: RequestItem[] = details && details.type === 'table' ? (details.items as RequestItem[]) : [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  const page = scripts.filter((item) => item.sessionTargetType !== 'worker');
  const workers = scripts.filter((item) => item.sessionTargetType === 'worker');
  return {
    jsTransferBytes: page.reduce((sum, item) => sum + bytes(item.transferSize), 0),
    jsRequests: page.length,
    workerScriptBytes: workers.reduce((sum, item) => sum + bytes(item.resourceSize), 0),
  };
}

/** The first `{ type: 'node' }` in audit details (lists of tables of items hold it). */
function firstNode(value: unknown): { selector?: unknown; nodeLabel?: unknown } | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const node = firstNode(item);
      if (node) return node;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if ((value as { type?: unknown }).type === 'node') return value;
  return firstNode(Object.values(value));
}

function lcpElement(result: Result): string {
  // The element audit is sometimes not applicable (the node is gone by the end); the LCP
  // breakdown insight names the same node.
  const node = firstNode(result.audits['largest-contentful-paint-element']?.details) ?? firstNode(result.audits['lcp-breakdown-insight']?.details);
  return node ? `${String(node.selector)} "${String(node.nodeLabel)}"` : 'not named (the node had left the page when Lighthouse looked it up)';
}

function failingAudits(result: Result): RunFigures['failing'] {
  const byAudit = new Map<string, string[]>();
  for (const id of CATEGORIES) {
    for (const ref of result.categories[id]?.auditRefs ?? []) {
      // Performance metrics are reported as figures; weight 0 audits (diagnostics) still count
      // when they fail, they are what the report suggests fixing.
      if (ref.group === 'metrics') continue;
      byAudit.set(ref.id, [...(byAudit.get(ref.id) ?? []), id]);
    }
  }
  const failing: RunFigures['failing'] = [];
  for (const [id, categories] of byAudit) {
    const audit = result.audits[id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'informative') continue;
    failing.push({ id, title: audit.title, categories, displayValue: audit.displayValue ?? '' });
  }
  return failing;
}

/** Runs Lighthouse once on `run.url` and writes its reports; Chromium is stopped in every case. */
export async function auditOnce(run: AuditRun): Promise<RunFigures> {
  const chrome = await launch({
    chromePath: run.chromePath,
    // CHROMIUM_ARGS: headless (the new headless of current Chromium), no sandbox (root in a
    // container), no GPU, no background traffic; chrome-launcher adds Lighthouse's own flags.
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: run.userDataDir,
    logLevel: 'silent',
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      maxWaitForLoad: run.maxWaitForLoadMs,
      // A returning visitor keeps what the profile holds (cookies, IndexedDB, the service worker
      // and its caches); a first visit starts from a fresh profile, reset as Lighthouse does.
      disableStorageReset: run.userDataDir !== undefined,
    };
    const runner = await lighthouse(run.url, flags);
    if (!runner) throw new Error(`Lighthouse returned no result for ${run.url}`);
    const result = runner.lhr;
    if (result.runtimeError) throw new Error(`Lighthouse: ${result.runtimeError.code} ${result.runtimeError.message}`);
    const [json, html] = Array.isArray(runner.report) ? runner.report : [runner.report, ''];
    writeFileSync(`${run.reportBase}.report.json`, json ?? '');
    writeFileSync(`${run.reportBase}.report.html`, html ?? '');
    const js = scriptSummary(result);
    return {
      performance: score(result, 'performance'),
      accessibility: score(result, 'accessibility'),
      bestPractices: score(result, 'best-practices'),
      seo: score(result, 'seo'),
      lcpMs: numeric(result, 'largest-contentful-paint'),
      fcpMs: numeric(result, 'first-contentful-paint'),
      tbtMs: numeric(result, 'total-blocking-time'),
      cls: numeric(result, 'cumulative-layout-shift'),
      speedIndexMs: numeric(result, 'speed-index'),
      ...js,
      benchmarkIndex: result.environment.benchmarkIndex,
      lcpElement: lcpElement(result),
      finalUrl: result.finalDisplayedUrl,
      failing: failingAudits(result),
    };
  } finally {
    // The profile is copied or removed next: wait for Chromium to be gone (at most 10 s).
    const exited = chrome.process.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => chrome.process.once('exit', () => resolve()));
    chrome.kill();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
}
