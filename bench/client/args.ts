// Command line of bench/client.ts: `npx tsx bench/client.ts [--only=P1,P4] [--posts=10000] ...`.
import { resolve } from 'node:path';
import { CHROME_PATH } from '../../e2e/support/chromium';

export const SCENARIOS = ['P1', 'P1G', 'P2', 'P4', 'P5', 'SCROLL', 'START', 'LIVE'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export type ClientBenchOptions = {
  only: ScenarioName[];
  /** Posts in the local store (P1, P2, P4, SCROLL) and on the server (P5). */
  posts: number;
  /** The small local store that P1 and P2 compare with. */
  comparePosts: number;
  /** The built app to serve (built with `npx vite build --outDir` when missing). */
  dist: string;
  /** The tree whose server/start.ts serves the app (a frozen copy for a fair "before"). */
  root: string;
  /** Delay the latency proxy adds to every request, in ms (the "+100 ms RTT" scenarios). */
  delayMs: number;
  /** First port of the range used (servers and proxies), away from the e2e runs on 4173. */
  portBase: number;
  /** P1: measured taps per local-store size. */
  taps: number;
  /** P4: taps queued offline. */
  offlineTaps: number;
  /** P4: who clicks: Playwright (its checks cost ~70 ms a tap) or the page itself (a task a tap). */
  tapDriver: 'playwright' | 'page';
  /** LIVE: prays, comments and posts by device A, each timed until device B paints it. */
  liveEvents: number;
  /** LIVE: seconds device B is left idle, stream up then stream refused, its requests counted. */
  liveIdleSeconds: number;
  /** Multiplies every hard timeout (a slow machine). */
  timeoutScale: number;
  chromium: string;
};

const USAGE = `Usage: npx tsx bench/client.ts [options]
  --only=P1,P1G,P2,P4,P5,SCROLL,START,LIVE  scenarios to run (default: all)
  --posts=10000              posts in the local store (P5: on the server)
  --compare=100              the small local store P1 and P2 compare with
  --dist=DIR                 built app (default dist; built there when missing)
  --root=DIR                 tree whose server/start.ts is run (default: this checkout)
  --delay=100                latency proxy delay per request, ms
  --port-base=5300           ports used: base..base+99
  --taps=40                  P1 taps per store size
  --offline-taps=500         P4 taps queued offline
  --tap-driver=playwright    P4 clicks through Playwright, or 'page': the page clicks itself (5,000 in minutes less)
  --live-events=20          LIVE prays (and comments, and posts) by device A timed on device B
  --live-idle=120           LIVE seconds device B idles with its stream up, then refused
  --timeout-scale=1          multiplies every scenario's hard timeout
  --chromium=/usr/bin/chromium`;

function numberOption(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} wants a number, got '${value}'`);
  return n;
}

export function parseArgs(argv: string[], cwd: string = process.cwd()): ClientBenchOptions {
  const options: ClientBenchOptions = {
    only: [...SCENARIOS],
    posts: 10_000,
    comparePosts: 100,
    dist: resolve(cwd, 'dist'),
    root: cwd,
    delayMs: 100,
    portBase: 5300,
    taps: 40,
    offlineTaps: 500,
    tapDriver: 'playwright',
    liveEvents: 20,
    liveIdleSeconds: 120,
    timeoutScale: 1,
    chromium: CHROME_PATH,
  };
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const match = /^--([a-z-]+)=(.*)$/.exec(arg);
    if (!match?.[1] || match[2] === undefined) throw new Error(`Unknown argument '${arg}'\n${USAGE}`);
    const [, name, value] = match;
    switch (name) {
      case 'only': {
        const names = value.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
        const unknown = names.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
        if (unknown.length > 0) throw new Error(`Unknown scenario(s) ${unknown.join(', ')}: pick from ${SCENARIOS.join(', ')}`);
        options.only = SCENARIOS.filter((s) => names.includes(s));
        break;
      }
      case 'posts': options.posts = numberOption(value, name); break;
      case 'compare': options.comparePosts = numberOption(value, name); break;
      case 'dist': options.dist = resolve(cwd, value); break;
      case 'root': options.root = resolve(cwd, value); break;
      case 'delay': options.delayMs = numberOption(value, name); break;
      case 'port-base': options.portBase = numberOption(value, name); break;
      case 'taps': options.taps = Math.max(1, Math.round(numberOption(value, name))); break;
      case 'offline-taps': options.offlineTaps = Math.max(1, Math.round(numberOption(value, name))); break;
      case 'tap-driver':
        if (value !== 'playwright' && value !== 'page') throw new Error(`--tap-driver is playwright or page, got '${value}'`);
        options.tapDriver = value;
        break;
      case 'live-events': options.liveEvents = Math.max(1, Math.round(numberOption(value, name))); break;
      case 'live-idle': options.liveIdleSeconds = Math.max(10, numberOption(value, name)); break;
      case 'timeout-scale': options.timeoutScale = numberOption(value, name) || 1; break;
      case 'chromium': options.chromium = value; break;
      default: throw new Error(`Unknown option --${name}\n${USAGE}`);
    }
  }
  return options;
}
