// `npm run bench:live:pg` (issue #48, 'Measured': two API processes on one PostgreSQL): two
// `server/start.ts` processes on one scratch database (as tests/server/two-processes.test.ts starts
// them: one node process each, a shared APP_SECRET, a stand-in index.html), a device's live stream
// held on process 1 (Grace, a member of channel 1), and --writes prays by the demo member written on
// process 2 (POST sync/push, as the app sends a pray), one every --every ms over the first posts of
// the feed in turn. Timed: from the write's start to the stream receiving a poke that carries the
// post's new count (or asks for a pull), p50 / p95 next to the goal (<= 1 s). The same writes on
// process 1 (the stream's own process) are timed beside it, for reference.
// Runs under scripts/with-postgres.sh (BENCH_DATABASE_URL or TEST_DATABASE_URL); only loopback
// traffic. Exits 0 whether the goal is met or not; non-zero when the bench broke.
//   npm run bench:live:pg -- [--writes 20] [--every 1000]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LivePoke } from '../common/live-contract';
import { createScratchDatabase, type ScratchDatabase } from '../tests/helpers/scratch-database';
import { closeSetupAgent, firstPage, memberToken, msText, pray, sleep, summarize } from './live/api';
import { LiveStream } from './live/stream';
import { formatTable } from './report';
import { freePort } from '../tests/server/server-process';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
const GOAL_MS = 1_000;
const DEADLINE_MS = 10_000;
const TARGETS = 3;

type Options = { writes: number; every: number };

function parseArgs(argv: string[]): Options {
  const options: Options = { writes: 20, every: 1_000 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = Number(argv[i + 1]);
    if ((name === 'writes' || name === 'every') && value > 0) options[name] = Math.round(value);
    else throw new Error(`Unknown or invalid argument '${argv[i] ?? ''}'\nUsage: npm run bench:live:pg -- [--writes 20] [--every 1000]`);
  }
  return options;
}


type Proc = { origin: string; child: ChildProcess; output: string[] };

async function startProcess(databaseUrl: string, staticDir: string, dirs: string[]): Promise<Proc> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'prayer-live-two-data-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, STATIC_DIR: staticDir,
      APP_SECRET: 'shared-secret-of-both-bench-processes', RATE_LIMIT_MAX: '100000', LOG: '0', REMINDER_TICK_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { origin: `http://127.0.0.1:${String(port)}`, child, output: [] };
  child.stdout?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  return proc;
}

async function waitHealthy(proc: Proc, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`API process exited: ${proc.output.join('').slice(-2_000)}`);
    const ok = await fetch(`${proc.origin}/api/v1/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`API process not healthy in time: ${proc.output.join('').slice(-2_000)}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** A poke that tells the device of post `id`'s new count: carried, or through a pull. */
const tellsOf = (id: number) => (poke: LivePoke) => poke.pull !== undefined || (poke.counts ?? []).some(([postId]) => postId === id);

type Run = { latencies: number[]; missed: number; carried: number; pulls: number };

async function timePrays(writeOrigin: string, writer: string, stream: LiveStream, targets: number[], options: Options): Promise<Run> {
  const run: Run = { latencies: [], missed: 0, carried: 0, pulls: 0 };
  for (let i = 0; i < options.writes; i += 1) {
    const id = targets[i % targets.length] ?? 0;
    const t0 = performance.now();
    await pray(writeOrigin, writer, id);
    while (performance.now() - t0 < DEADLINE_MS && stream.firstPoke(t0, tellsOf(id)) === undefined && stream.isUp) await sleep(5);
    const poke = stream.firstPoke(t0, tellsOf(id));
    if (poke === undefined) run.missed += 1;
    else {
      run.latencies.push(poke.at - t0);
      if (poke.poke.pull !== undefined && !(poke.poke.counts ?? []).some(([postId]) => postId === id)) run.pulls += 1;
      else run.carried += 1;
    }
    const rest = options.every - (performance.now() - t0);
    if (rest > 0) await sleep(rest);
  }
  return run;
}

async function main(): Promise<boolean> {
  const options = parseArgs(process.argv.slice(2));
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('No PostgreSQL: run under scripts/with-postgres.sh (npm run bench:live:pg), or set BENCH_DATABASE_URL');
  const startLoad = loadavg().map((n) => n.toFixed(2)).join(' / ');
  console.log(`live across two API processes (issue #48), ${new Date().toISOString()}: ${String(options.writes)} prays ${String(options.every)} ms apart; load average ${startLoad}`);
  const dirs: string[] = [];
  const procs: Proc[] = [];
  let database: ScratchDatabase | undefined;
  let stream: LiveStream | null = null;
  const rows: string[][] = [];
  try {
    database = await createScratchDatabase(adminUrl, 'prayer_live_two');
    const staticDir = mkdtempSync(join(tmpdir(), 'prayer-live-two-static-'));
    dirs.push(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>stand-in</title>');
    procs.push(...(await Promise.all([startProcess(database.url, staticDir, dirs), startProcess(database.url, staticDir, dirs)])));
    await Promise.all(procs.map((proc) => waitHealthy(proc)));
    const [one, two] = procs;
    if (one === undefined || two === undefined) throw new Error('two processes expected');
    console.log(`process 1 ${one.origin}, process 2 ${two.origin}, one PostgreSQL database`);

    const device = await memberToken(one.origin, 'grace@prayer.local');
    const writer = await memberToken(two.origin, 'demo@prayer.local');
    const targets = (await firstPage(one.origin, device)).ids.slice(0, TARGETS);
    if (targets.length === 0) throw new Error('the feed is empty');
    stream = new LiveStream({ origin: one.origin, token: device });
    await stream.ready();
    console.log(`stream up on process 1 (hello: ${JSON.stringify(stream.hello)}); prays for posts ${targets.join(', ')}`);
    await sleep(1_000);

    const across = await timePrays(two.origin, writer, stream, targets, options);
    const same = await timePrays(one.origin, writer, stream, targets, options);
    const row = (label: string, run: Run, withGoal: boolean) => {
      const s = summarize(run.latencies);
      const isMet = s.n === 0 ? undefined : s.p95 <= GOAL_MS && run.missed === 0;
      rows.push([label, `${msText(s.p50)} / ${msText(s.p95)} / ${msText(s.max)}`, `${String(s.n)} (${String(run.missed)} missed; ${String(run.carried)} carried the count, ${String(run.pulls)} asked for a pull)`,
        withGoal ? `p95 <= ${String(GOAL_MS)} ms` : '', withGoal && isMet !== undefined ? (isMet ? 'met' : 'MISSED') : '']);
    };
    row('write on process 2 -> poke on process 1', across, true);
    row('write on process 1 -> poke on process 1 (reference)', same, false);
    rows.push(['stream', `${String(stream.pokes.length)} pokes, ${String(stream.pings)} pings, ${String(stream.bytes)} bytes`, stream.ended ?? 'up to the end', '', '']);
    rows.push(['load average 1/5/15 min, start / end', `${startLoad} / ${loadavg().map((n) => n.toFixed(2)).join(' / ')}`, '', '', '']);
    return across.latencies.length > 0;
  } finally {
    stream?.close();
    closeSetupAgent();
    if (rows.length > 0) {
      console.log('\n== figures\n');
      console.log(formatTable(['figure', 'p50 / p95 / max', 'samples', 'goal', 'verdict'], rows));
    }
    await Promise.all(procs.map((proc) => stop(proc.child)));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  }
}

process.exitCode = (await main().catch((error: unknown) => {
  console.error(error);
  return false;
})) ? 0 : 1;
setTimeout(() => process.exit(), 10_000).unref();
