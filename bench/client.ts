// Client benchmarks of issue #10 (point 5): figures next to their goals, not timed tests.
//   npx tsx bench/client.ts [--only=P1,P4] [--posts=10000] [--dist=DIR] [--root=DIR] ...   (npm run bench:client)
// Serves --dist with the server/start.ts of --root (fresh database per scenario, ports 5300+),
// puts a latency proxy in front of it, and drives Debian's Chromium through Playwright. Every
// scenario has a hard timeout and reports partial figures when it hits it. Exits 0 whether goals
// are met or not; non-zero only when a scenario broke (an error, not a timeout). See
// bench/client/README.md for what each scenario measures and the app hooks it relies on.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs, type ScenarioName } from './client/args';
import { launchBrowser } from './client/app';
import { figuresTable, type Figure } from './client/figures';
import { runLive } from './client/live';
import { runP1, runP1Group } from './client/p1-pray-latency';
import { runP2 } from './client/p2-cold-start';
import { runP4 } from './client/p4-offline-prays';
import { runP5 } from './client/p5-pull';
import { runScroll } from './client/scroll';
import { runStart } from './client/start-requests';
import { runScenario, type ScenarioEnv, type ScenarioOutcome } from './client/scenario';
import { localStoreSeeder } from './client/seed';
import { ensureDist, Ports } from './client/server';

const SCENARIO_RUNS: Record<ScenarioName, { title: string; timeoutMs: number; run: (env: ScenarioEnv) => Promise<void> }> = {
  P1: { title: 'Pray tap latency on /community', timeoutMs: 300_000, run: (env) => runP1(env) },
  P1G: { title: 'Pray tap latency on a prayer group feed (issue #28)', timeoutMs: 300_000, run: runP1Group },
  P2: { title: 'cold offline start vs fresh online start (+RTT)', timeoutMs: 360_000, run: runP2 },
  P4: { title: 'prays queued offline, then delivered (+RTT)', timeoutMs: 480_000, run: runP4 },
  P5: { title: 'pull of the whole feed vs raw fetch + bulk put', timeoutMs: 780_000, run: runP5 },
  SCROLL: { title: 'scroll through the whole local feed', timeoutMs: 420_000, run: runScroll },
  START: { title: "a returning guest's start: requests and bytes, nothing new (+RTT)", timeoutMs: 240_000, run: runStart },
  LIVE: { title: 'a pray, a comment and a post on device A painted on device B; B idle with its stream up and refused (+RTT)', timeoutMs: 900_000, run: runLive },
};

function load(): string {
  return loadavg().map((n) => n.toFixed(2)).join(' / ');
}

function describeTree(root: string): string {
  try {
    const head = execFileSync('git', ['-C', root, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim();
    return `${head}${dirty ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'not a git tree';
  }
}

const options = parseArgs(process.argv.slice(2));
const startLoad = load();
console.log(`client bench, ${new Date().toISOString()}`);
console.log(`  root ${options.root}: ${describeTree(options.root)}`);
console.log(`  dist ${options.dist}; chromium ${options.chromium}; ${String(cpus().length)} cores; node ${process.version}`);
console.log(`  scenarios ${options.only.join(', ')}; ${String(options.posts)} posts (compare ${String(options.comparePosts)}); proxy +${String(options.delayMs)} ms; ports ${String(options.portBase)}+`);
console.log(`  load average (1 / 5 / 15 min) at start: ${startLoad}`);
ensureDist(options.root, options.dist);
const seeder = await localStoreSeeder(options.root);
console.log(`  local-store seed: ${seeder.from}`);

const browser = await launchBrowser(options.chromium);
console.log(`  browser ${browser.version()}`);
const shared = { options, browser, ports: new Ports(options.portBase), fillLocalStore: seeder.fill };
const outcomes: { name: ScenarioName; outcome: ScenarioOutcome }[] = [];
try {
  for (const name of options.only) {
    const scenario = SCENARIO_RUNS[name];
    const timeoutMs = scenario.timeoutMs * options.timeoutScale;
    console.log(`\n== ${name}: ${scenario.title} (hard timeout ${(timeoutMs / 1000).toFixed(0)} s; load ${load()})`);
    const outcome = await runScenario(name, timeoutMs, shared, scenario.run);
    outcomes.push({ name, outcome });
    console.log(`== ${name}: ${outcome.status} in ${outcome.seconds.toFixed(1)} s; requests at the proxy per phase:`);
    for (const line of outcome.proxyReport) console.log(line);
  }
} finally {
  await Promise.race([browser.close(), new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

const endLoad = load();
const rows: Figure[] = outcomes.flatMap(({ outcome }) => outcome.figures.rows);
rows.push({ scenario: 'machine', name: 'load average 1/5/15 min, start', value: startLoad, goal: '', verdict: '' });
rows.push({ scenario: 'machine', name: 'load average 1/5/15 min, end', value: endLoad, goal: '', verdict: '' });
console.log('\n== figures\n');
console.log(figuresTable(rows));
const notes = outcomes.flatMap(({ name, outcome }) => outcome.figures.notes.map((note) => `  ${name}: ${note}`));
if (notes.length > 0) console.log(`\nnotes:\n${notes.join('\n')}`);
const broken = outcomes.filter(({ outcome }) => outcome.status === 'failed').map(({ name }) => name);
console.log(`\n${broken.length === 0 ? 'bench ran to the end' : `bench broke in ${broken.join(', ')}`} (goals missed are figures, not failures).`);
process.exitCode = broken.length === 0 ? 0 : 1;
// Nothing should be left, but never hang a CI job on a stray handle.
setTimeout(() => process.exit(), 20_000).unref();
