// Where the start spends its main thread (issue #14 point 3): a V8 CPU profile of one page load in
// Chromium at Lighthouse's mobile CPU slowdown (4x), with self time summed by original source
// (node_modules package or src/ file, through the build's source maps) and the long tasks' spans.
//   npx tsx bench/start-profile.ts [--dist=DIR] [--page=/community|/] [--port=5410] [--slowdown=4] [--runs=3]
// '/community' is opened as a returning guest (bench/lighthouse/guest-profile.ts), '/' as a first
// visit. Prints figures; not part of `npm test`.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { CHROME_PATH } from '../e2e/support/chromium';
import { launchBrowser, newAppContext } from './client/app';
import { AppServer, ensureDist } from './client/server';
import { copyProfile, openProfile, returningGuestProfile } from './lighthouse/guest-profile';

type Options = { dist: string; page: string; port: number; slowdown: number; runs: number };
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function parseArgs(argv: string[]): Options {
  const options: Options = { dist: resolve('dist'), page: '/community', port: 5410, slowdown: 4, runs: 3 };
  for (const arg of argv) {
    const [, name, value = ''] = /^--([a-z]+)=(.+)$/.exec(arg) ?? [];
    if (name === 'dist') options.dist = resolve(value);
    else if (name === 'page' && (value === '/' || value === '/community')) options.page = value;
    else if ((name === 'port' || name === 'slowdown' || name === 'runs') && Number(value) > 0) options[name] = Number(value);
    else throw new Error(`Unknown or invalid argument '${arg}'`);
  }
  return options;
}

const consumers = new Map<string, SourceMapConsumer | null>();

function consumerOf(dist: string, path: string): SourceMapConsumer | null {
  if (!consumers.has(path)) {
    try {
      consumers.set(path, new SourceMapConsumer(JSON.parse(readFileSync(join(dist, `${path}.map`), 'utf8')) as RawSourceMap));
    } catch {
      consumers.set(path, null);
    }
  }
  return consumers.get(path) ?? null;
}

function assetPath(url: string): string {
  return url.startsWith('http') ? new URL(url).pathname : '';
}

/** The original source of a position in a built asset: a package name or a path under src/. */
function sourceOf(dist: string, url: string, line: number, column: number): string {
  const path = assetPath(url);
  if (!path.startsWith('/assets/')) return url === '' ? '(native or idle)' : path || url;
  const source = consumerOf(dist, path)?.originalPositionFor({ line: line + 1, column }).source;
  if (!source) return path;
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return packageMatch?.[1] ?? source.replace(/^(\.\.\/)+/, '');
}

function frameSource(dist: string, node: ProfileNode): string {
  const frame = node.callFrame;
  return frame.functionName === '(garbage collector)' ? '(garbage collector)' : sourceOf(dist, frame.url, frame.lineNumber, frame.columnNumber);
}

/** A function's name before minification, where the source map has it, with its line. */
function originalName(dist: string, node: ProfileNode): string {
  const { url, lineNumber, columnNumber, functionName } = node.callFrame;
  const position = consumerOf(dist, assetPath(url))?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  return `${position?.name ?? (functionName || '(anonymous)')}:${String(position?.line ?? '?')}`;
}

/** A profile's nodes by id, each node's parent, and the sources resolved once per node. */
type ProfileIndex = { byId: Map<number, ProfileNode>; parents: Map<number, number>; source: (node: ProfileNode) => string };

function indexProfile(profile: CpuProfile, dist: string): ProfileIndex {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const sources = new Map<number, string>();
  const source = (node: ProfileNode): string => {
    let known = sources.get(node.id);
    if (known === undefined) {
      known = frameSource(dist, node);
      sources.set(node.id, known);
    }
    return known;
  };
  return { byId, parents, source };
}

const isAppSource = (source: string): boolean => source.startsWith('src/') || source.startsWith('worker/');

/** The nearest of the app's own functions at or above node `id`: "src/model/meta.ts getMeta:6". */
function appFrameAt(index: ProfileIndex, dist: string, id: number): string | null {
  for (let up: number | undefined = id; up !== undefined; up = index.parents.get(up)) {
    const node = index.byId.get(up);
    if (!node) break;
    const where = index.source(node);
    if (isAppSource(where)) return `${where} ${originalName(dist, node)}`;
  }
  return null;
}

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

/**
 * Self time by source ('self'), and each library's self time charged to the nearest of the app's
 * own functions above it ('caller': "dexie <- src/db/feed-reads.ts readWindow").
 */
function timeBySource(index: ProfileIndex, profile: CpuProfile, dist: string): { self: Map<string, number>; caller: Map<string, number> } {
  const self = new Map<string, number>();
  const caller = new Map<string, number>();
  profile.samples.forEach((id, sample) => {
    const node = index.byId.get(id);
    if (!node) return;
    const ms = (profile.timeDeltas[sample] ?? 0) / 1000;
    const source = index.source(node);
    add(self, source, ms);
    if (isAppSource(source) || source.startsWith('(')) return;
    add(caller, `${source} <- ${appFrameAt(index, dist, id) ?? '(no app frame)'}`, ms);
  });
  return { self, caller };
}

/**
 * The profile's busy stretches over 50 ms (samples with no '(idle)' between them: a long task as
 * the profile sees it), each with its three largest shares by app function or library.
 */
function longStretches(index: ProfileIndex, profile: CpuProfile, dist: string): string[] {
  const stretches: string[] = [];
  let shares = new Map<string, number>();
  let busy = 0;
  const close = () => {
    if (busy > 50) {
      const top = [...shares].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([key, ms]) => `${key} ${ms.toFixed(0)}`);
      stretches.push(`${busy.toFixed(0)} ms: ${top.join('; ')}`);
    }
    shares = new Map();
    busy = 0;
  };
  profile.samples.forEach((id, sample) => {
    const node = index.byId.get(id);
    if (!node) return;
    if (node.callFrame.functionName === '(idle)') return close();
    const ms = (profile.timeDeltas[sample] ?? 0) / 1000;
    busy += ms;
    add(shares, appFrameAt(index, dist, id) ?? `${index.source(node)} ${node.callFrame.functionName}`, ms);
  });
  close();
  return stretches;
}

async function profileOnce(options: Options, origin: string, userDataDir: string | null): Promise<{ profile: CpuProfile; longTasks: number[] }> {
  // A first visit: a fresh context as the client benches make one; a returning guest: Chromium
  // on a copy of the guest's profile.
  const context = userDataDir === null ? await newAppContext(await launchBrowser(CHROME_PATH), origin) : await openProfile(userDataDir, origin, CHROME_PATH);
  try {
    const page: Page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.slowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      const spans: number[] = [];
      (globalThis as { __longTasks?: number[] }).__longTasks = spans;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) spans.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Profiler.start');
    await page.goto(`${origin}${options.page}`);
    await page.getByRole(options.page === '/' ? 'heading' : 'article').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3_000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const longTasks = await page.evaluate(() => (globalThis as { __longTasks?: number[] }).__longTasks ?? []);
    return { profile, longTasks };
  } finally {
    // A persistent context has no browser of its own to close (browser() is null).
    const browser = context.browser();
    await context.close();
    await browser?.close();
  }
}

const options = parseArgs(process.argv.slice(2));
ensureDist(process.cwd(), options.dist);
const server = await AppServer.start({ root: process.cwd(), dist: options.dist, port: options.port });
try {
  const guest = options.page === '/' ? null : await returningGuestProfile(server.origin, CHROME_PATH, 60_000);
  const totals = new Map<string, number>();
  const callers = new Map<string, number>();
  console.log(`start profile of ${options.page} (${guest === null ? 'first visit' : 'returning guest'}), CPU slowdown ${String(options.slowdown)}x, ${String(options.runs)} runs`);
  for (let run = 1; run <= options.runs; run += 1) {
    const { profile, longTasks } = await profileOnce(options, server.origin, guest === null ? null : copyProfile(guest));
    const index = indexProfile(profile, options.dist);
    const { self, caller } = timeBySource(index, profile, options.dist);
    for (const [key, ms] of self) totals.set(key, (totals.get(key) ?? 0) + ms / options.runs);
    for (const [key, ms] of caller) callers.set(key, (callers.get(key) ?? 0) + ms / options.runs);
    const blocking = longTasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0);
    console.log(`  run ${String(run)}: long tasks ${longTasks.join(', ')} ms (over 50 ms: ${String(blocking)} ms)`);
    for (const stretch of longStretches(index, profile, options.dist)) console.log(`    ${stretch}`);
  }
  console.log('self time by source, mean of the runs (ms at the slowdown):');
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${ms.toFixed(0).padStart(6)}  ${key}`);
  console.log("libraries' self time by the app's function that called them:");
  for (const [key, ms] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${ms.toFixed(0).padStart(6)}  ${key}`);
} finally {
  await server.stop();
}
