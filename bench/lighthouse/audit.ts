// One Lighthouse run of bench/lighthouse.ts (issue #14 point 3): Debian's Chromium started here on
// a profile directory with the flags Lighthouse's own launcher uses, the Lighthouse CLI attached to
// it (`npx lighthouse@LIGHTHOUSE_VERSION`, fetched into npm's cache on first use: not a dependency
// of the project, so `npm ci` and every CI run stay without its ~150 packages), Lighthouse's
// default config (the mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU slowdown),
// its JSON and HTML reports written next to each other, and the figures the bench prints picked
// out of the result.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium';

export const LIGHTHOUSE_VERSION = '12.8.2';

/** chrome-launcher's DEFAULT_FLAGS (Lighthouse's launcher): no background work blurring the trace. */
const LAUNCHER_FLAGS = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,CalculateNativeWinOcclusion,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4,RenderDocument',
  '--disable-extensions', '--disable-component-extensions-with-background-pages', '--disable-client-side-phishing-detection',
  '--metrics-recording-only', '--disable-default-apps', '--mute-audio', '--no-default-browser-check',
  '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection', '--password-store=basic', '--use-mock-keychain', '--disable-hang-monitor',
  '--disable-prompt-on-repost', '--disable-domain-reliability',
];

/** What this bench reads of a Lighthouse result (LHR), checked loosely: the rest is in the reports. */
type AuditResult = { score: number | null; numericValue?: number; details?: unknown; title: string; displayValue?: string; scoreDisplayMode?: string };
type Result = {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; group?: string }[] } | undefined>;
  audits: Record<string, AuditResult | undefined>;
  environment: { benchmarkIndex: number };
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
};

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
  const details = result.audits['network-requests']?.details as { type?: unknown; items?: unknown } | undefined;
  const items: RequestItem[] = details?.type === 'table' && Array.isArray(details.items) ? (details.items as RequestItem[]) : [];
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

/** Chromium with a DevTools port, on `userDataDir`; resolves with the port it listens on. */
function startChromium(chromePath: string, userDataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(chromePath, [...CHROMIUM_ARGS, ...LAUNCHER_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port: ${output}`)), 30_000);
    child.once('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    });
  });
}

function stopChromium(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill();
  // The profile is copied or removed next: wait for Chromium to be gone (at most 10 s).
  return Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 10_000))]);
}

/** Removes a profile directory. Chromium's helper processes may still be writing to its cache for
 * a moment after the browser exits (ENOTEMPTY): retried, as `rm -rf` would be. */
export function removeProfile(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/** The Lighthouse CLI on the Chromium at `port`; its reports are `${reportBase}.report.{json,html}`. */
function runLighthouse(url: string, port: number, run: AuditRun): Promise<void> {
  const args = [
    '--yes', `lighthouse@${LIGHTHOUSE_VERSION}`, url, `--port=${String(port)}`, '--output=json', '--output=html', `--output-path=${run.reportBase}`,
    `--only-categories=${CATEGORIES.join(',')}`, `--max-wait-for-load=${String(run.maxWaitForLoadMs)}`, '--quiet',
    // A returning visitor keeps what the profile holds (cookies, IndexedDB, the service worker
    // and its caches); a first visit starts from a fresh profile, reset as Lighthouse does.
    ...(run.userDataDir === undefined ? [] : ['--disable-storage-reset']),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${String(code)}: ${errors.slice(-2000)}`))));
  });
}

/** Runs Lighthouse once on `run.url` and writes its reports; Chromium is stopped in every case. */
export async function auditOnce(run: AuditRun): Promise<RunFigures> {
  const freshProfile = run.userDataDir === undefined ? mkdtempSync(join(tmpdir(), 'lighthouse-profile-')) : undefined;
  const chrome = await startChromium(run.chromePath, run.userDataDir ?? freshProfile ?? '');
  let result: Result;
  try {
    await runLighthouse(run.url, chrome.port, run);
    result = JSON.parse(readFileSync(`${run.reportBase}.report.json`, 'utf8')) as Result;
  } finally {
    await stopChromium(chrome.child);
    if (freshProfile !== undefined) removeProfile(freshProfile);
  }
  if (result.runtimeError) throw new Error(`Lighthouse: ${result.runtimeError.code} ${result.runtimeError.message}`);
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
    ...scriptSummary(result),
    benchmarkIndex: result.environment.benchmarkIndex,
    lcpElement: lcpElement(result),
    finalUrl: result.finalDisplayedUrl,
    failing: failingAudits(result),
  };
}
