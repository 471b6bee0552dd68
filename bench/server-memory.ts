// `npm run bench:memory` (issue #27 item 5, docs/deploy.md 'Small servers'): starts the product as
// an operator does (`npm start`, on a fresh temporary DATA_DIR and a free PORT), then measures the
// resident memory of the whole process tree it makes (npm, any shell, the server: the sum of their
// RSS from /proc, the goal's measure; PSS beside it, which counts shared pages once):
//   - start: the highest sum while it builds, migrates, seeds and starts listening;
//   - idle: the highest sum over --idle seconds, after --settle seconds of nothing;
//   - load: the highest sum under a steady --rate requests a second (bench/memory/load.ts: feed,
//     post and pray-through-sync/push as a few guests) for --minutes;
// and prints them next to their goals (idle <= 300 MB, load <= 400 MB). Linux only (/proc).
//   npm run bench:memory -- [--minutes 10] [--rate 25] [--settle 20] [--idle 20] [--command 'npm start']
// The exit status fails on failed requests only: memory is printed against its goal, as the
// other benches print speed (the figures move with what else runs on the machine).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { prepareLoad, steadyLoad } from './memory/load';
import { endProcessGroup, memoryOf, sumPss, sumRss, type ProcessMemory } from './memory/proc';
import { formatTable } from './report';
import { freePort } from '../tests/server/server-process';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
const IDLE_GOAL_MB = 300;
const LOAD_GOAL_MB = 400;

type Options = { minutes: number; rate: number; settle: number; idle: number; command: string };

function parseArgs(argv: string[]): Options {
  const options: Options = { minutes: 10, rate: 25, settle: 20, idle: 20, command: 'npm start' };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1] ?? '';
    if (name === 'command' && value !== '') options.command = value;
    else if ((name === 'minutes' || name === 'rate' || name === 'settle' || name === 'idle') && Number(value) > 0) options[name] = Number(value);
    else throw new Error(`Unknown or invalid argument '${argv[i] ?? ''} ${value}'`);
  }
  return options;
}


const mb = (n: number) => `${n.toFixed(0)} MB`;
const verdict = (value: number, goal: number) => `${mb(value)} (goal <= ${String(goal)} MB) ${value <= goal ? 'ok' : 'ABOVE GOAL'}`;

/** The highest sums seen, and the tree when the RSS sum was highest. */
class Peak {
  rss = 0;
  pss = 0;
  rows: ProcessMemory[] = [];

  sample(root: number): void {
    const rows = memoryOf(root);
    const rss = sumRss(rows);
    this.pss = Math.max(this.pss, sumPss(rows));
    if (rss >= this.rss) {
      this.rss = rss;
      this.rows = rows;
    }
  }
}

function printTree(title: string, peak: Peak): void {
  console.log(`${title}: ${mb(peak.rss)} RSS summed, ${mb(peak.pss)} PSS`);
  console.log(formatTable(['pid', 'parent', 'process', 'RSS', 'PSS'], peak.rows.map((r) => [String(r.pid), String(r.ppid), r.name, mb(r.rssMb), mb(r.pssMb)])));
}

async function main(): Promise<boolean> {
  const options = parseArgs(process.argv.slice(2));
  const dataDir = mkdtempSync(join(tmpdir(), 'prayer-memory-'));
  const port = await freePort();
  const api = `http://127.0.0.1:${String(port)}/api/v1`;
  console.log(`server memory: \`${options.command}\` in ${ROOT}, DATA_DIR=${dataDir} (fresh), PORT=${String(port)}; ${String(options.rate)} req/s for ${String(options.minutes)} min`);
  // Its own process group, so that the whole tree is stopped at the end.
  const child = spawn(options.command, { cwd: ROOT, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' } });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start '${options.command}'`);
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-4_000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited: number | null = null;
  child.once('exit', (code) => { exited = code ?? -1; });
  try {
    const start = new Peak();
    const startedAt = performance.now();
    for (;;) {
      if (exited !== null) throw new Error(`the server exited (${String(exited)}):\n${output}`);
      if (performance.now() - startedAt > 300_000) throw new Error(`the server did not answer within 5 minutes:\n${output}`);
      start.sample(pid);
      const up = await fetch(`${api}/health`).then((r) => r.ok, () => false);
      if (up) break;
      await sleep(200);
    }
    console.log(`answering after ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    printTree('start (highest while starting)', start);

    await sleep(options.settle * 1000);
    const idle = new Peak();
    for (let s = 0; s < options.idle; s += 1) {
      idle.sample(pid);
      await sleep(1000);
    }
    printTree(`idle (highest over ${String(options.idle)} s, ${String(options.settle)} s after start)`, idle);

    const target = await prepareLoad(api);
    const load = new Peak();
    const minuteRss: string[] = [];
    const result = await steadyLoad(target, options.rate, options.minutes * 60, (elapsed) => {
      load.sample(pid);
      if (Math.floor(elapsed) % 60 === 0 && elapsed >= 1) minuteRss.push(`${String(Math.round(elapsed / 60))} min: ${mb(sumRss(memoryOf(pid)))}`);
    });
    printTree(`load (highest under ${String(options.rate)} req/s for ${String(options.minutes)} min)`, load);
    if (minuteRss.length > 0) console.log(`RSS summed by minute: ${minuteRss.join(', ')}`);
    console.log(`requests: ${String(result.sent)} (feed ${String(result.byKind.feed)}, post ${String(result.byKind.post)}, pray ${String(result.byKind.pray)}), failed ${String(result.failures)}, latency p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, at most ${String(result.maxInFlight)} in flight`);
    if (result.firstFailure !== null) console.error(`first failure: ${result.firstFailure}`);

    console.log(`idle: ${verdict(idle.rss, IDLE_GOAL_MB)}`);
    console.log(`under ${String(options.rate)} req/s for ${String(options.minutes)} min: ${verdict(load.rss, LOAD_GOAL_MB)}`);
    return result.failures === 0;
  } finally {
    // The whole group (npm may end before the server has closed its database).
    await endProcessGroup(pid);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = (await main()) ? 0 : 1;
