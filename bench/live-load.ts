// `npm run bench:live` (issue #48, 'Measured': one API process holding 1,000 live devices): starts
// the product as an operator does (`npm start` on a fresh DATA_DIR, PGlite, a free PORT, the request
// log on; as bench/server-memory.ts, with RATE_LIMIT_MAX raised for the sign-ins), signs in --devices guests (POST guest/login, channel 1), lets each pull
// once (its sync/pull cursor, as an open app holds one), and opens one live stream per device over
// loopback from this process (GET sync/live, its own socket each, from source addresses spread over
// 127.0.x.y so that LIVE_MAX_STREAMS_PER_ADDRESS does not refuse a bench that is one host). Then:
//   1. memory: the resident memory of the whole `npm start` tree with the streams held (sum of RSS,
//      the goal's measure, PSS beside it), and before they were opened;
//   2. posts: --posts new posts by the demo member, one every --post-every seconds; for each, the
//      time from the write's start (POST post sent) to each stream receiving its poke, p50/p95 over
//      every device and post, and the server's CPU seconds per post (user+system ticks of the tree
//      over the post's window, and net of the idle streams' own rate); the pokes are only counted:
//      those carrying the post (`new_posts`), those asking for a pull (what a device would then
//      send, and the spread it was given), those carrying counts;
//   3. the herd: an edit of a community post asks every device to pull; each pulls at a random
//      moment within the spread its poke gives, as the app does: answer times, the most pulls in
//      one second, the server's CPU per pull;
//   4. idle: the server's CPU over --idle seconds with the streams held and nothing written
//      (heartbeats only), then with the safety polls of the same devices added (N / LIVE_SAFETY_POLL_MS),
//      then with the streams closed and every device polling as today (N / NEW_COUNT_POLL_MS);
//      the polling traffic before and after as computed figures beside the measured ones.
// Figures are printed beside their goals (memory <= 400 MB, poke p95 <= 2 s); the exit status
// fails only when the bench itself broke (a stream refused, a failed write), not on a goal missed
// nor on polls that time out (the failed polls are a figure of the polling phases).
//   npm run bench:live -- [--devices 1000] [--posts 10] [--post-every 3] [--idle 30] [--per-address 400] [--command 'npm start']
// Linux only (/proc). Only loopback traffic.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEW_COUNT_POLL_MS } from '../common/constants';
import { LIVE_HEARTBEAT_MS, LIVE_SAFETY_POLL_MS } from '../common/live-contract';
import { closeSetupAgent, firstPage, guestToken, inLanes, json, memberToken, msText, newPost, sleep, summarize, syncPull, treeCpuSeconds } from './live/api';
import { loopbackAddress, openStreams, type LiveStream, type TimedPoke } from './live/stream';
import { endProcessGroup, memoryOf, sumPss, sumRss, type ProcessMemory } from './memory/proc';
import { formatTable } from './report';
import { freePort } from '../tests/server/server-process';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
const MEMORY_GOAL_MB = 400;
const POKE_GOAL_MS = 2_000;
/** A stream that got no poke for a post within this long after the write counts as missed for it. */
const POKE_DEADLINE_MS = 10_000;

type Options = { devices: number; posts: number; postEvery: number; idle: number; perAddress: number; parallel: number; command: string };

function parseArgs(argv: string[]): Options {
  const options: Options = { devices: 1_000, posts: 10, postEvery: 3, idle: 30, perAddress: 400, parallel: 50, command: 'npm start' };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '');
    const value = argv[i + 1] ?? '';
    if (name === 'command' && value !== '') options.command = value;
    else if (name === 'post-every' && Number(value) > 0) options.postEvery = Number(value);
    else if (name === 'per-address' && Number(value) > 0) options.perAddress = Math.round(Number(value));
    else if ((name === 'devices' || name === 'posts' || name === 'idle' || name === 'parallel') && Number(value) > 0) options[name] = Math.round(Number(value));
    else throw new Error(`Unknown or invalid argument '${argv[i] ?? ''} ${value}'\nUsage: npm run bench:live -- [--devices 1000] [--posts 10] [--post-every 3] [--idle 30] [--per-address 400] [--parallel 50] [--command 'npm start']`);
  }
  return options;
}


const mb = (n: number) => `${n.toFixed(0)} MB`;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' / ');
const verdict = (isMet: boolean | undefined) => (isMet === undefined ? '' : isMet ? 'met' : 'MISSED');

/** The highest RSS sum over `seconds`, one sample a second, and the tree at that moment. */
async function peakMemory(pid: number, seconds: number): Promise<{ rss: number; pss: number; rows: ProcessMemory[] }> {
  let peak = { rss: 0, pss: 0, rows: [] as ProcessMemory[] };
  for (let s = 0; s < seconds; s += 1) {
    const rows = memoryOf(pid);
    const rss = sumRss(rows);
    if (rss >= peak.rss) peak = { rss, pss: Math.max(peak.pss, sumPss(rows)), rows };
    await sleep(1_000);
  }
  return peak;
}

function printTree(title: string, peak: { rss: number; pss: number; rows: ProcessMemory[] }): void {
  console.log(`${title}: ${mb(peak.rss)} RSS summed, ${mb(peak.pss)} PSS`);
  console.log(formatTable(['pid', 'parent', 'process', 'RSS', 'PSS'], peak.rows.map((r) => [String(r.pid), String(r.ppid), r.name, mb(r.rssMb), mb(r.pssMb)])));
}

type Device = { token: string; cursor: string | undefined; stream: LiveStream | null };

/**
 * `perSecond` GET sync/pull a second for `seconds`, device after device (each from its cursor, as
 * its poll sends it), open loop over a keep-alive pool: the requests a second of N idle devices.
 */
async function pollAtRate(origin: string, devices: Device[], since: string, perSecond: number, seconds: number): Promise<{ sent: number; failed: number; ms: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.max(1, Math.round(perSecond * seconds));
  const latencies: number[] = [];
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  for (let n = 0; n < total; n += 1) {
    const wait = started + (n * 1000) / perSecond - performance.now();
    if (wait > 0) await sleep(wait);
    const device = devices[n % devices.length];
    if (device === undefined) continue;
    const call: Promise<void> = syncPull(origin, device.token, device.cursor, since, agent).then(
      (answer) => {
        device.cursor = answer.cursor;
        latencies.push(answer.ms);
      },
      () => {
        failed += 1;
      },
    ).finally(() => pending.delete(call));
    pending.add(call);
  }
  await Promise.race([Promise.all(pending), sleep(30_000)]);
  agent.destroy();
  return { sent: total, failed, ms: latencies };
}

type Row = [figure: string, value: string, goal: string, verdict: string];

async function main(): Promise<boolean> {
  const options = parseArgs(process.argv.slice(2));
  const n = options.devices;
  const dataDir = mkdtempSync(join(tmpdir(), 'prayer-live-load-'));
  // The built app when there is one; otherwise a stand-in page, so `npm start` does not build the UI (the API is measured).
  const hasDist = existsSync(join(ROOT, 'dist', 'index.html'));
  const staticDir = hasDist ? join(ROOT, 'dist') : mkdtempSync(join(tmpdir(), 'prayer-live-static-'));
  if (!hasDist) writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>stand-in</title>');
  const port = await freePort();
  const origin = `http://127.0.0.1:${String(port)}`;
  const startLoad = load();
  console.log(`live load (issue #48), ${new Date().toISOString()}: \`${options.command}\` in ${ROOT}, DATA_DIR=${dataDir} (fresh, PGlite), PORT=${String(port)}, STATIC_DIR=${hasDist ? 'dist' : 'a stand-in page (no dist/)'}`);
  console.log(`  ${String(n)} devices (guests, channel 1), at most ${String(options.perAddress)} streams per loopback source address; ${String(options.posts)} posts, one every ${String(options.postEvery)} s; idle phases of ${String(options.idle)} s; load average ${startLoad}`);
  const env = {
    ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: staticDir,
    // The sign-in limit stays on, as deployed, but high enough for a thousand guests from one host.
    RATE_LIMIT_MAX: String(Math.max(1_000_000, n * 10)),
  };
  const child = spawn(options.command, { cwd: ROOT, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start '${options.command}'`);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  const rows: Row[] = [];
  const devices: Device[] = [];
  let isOk = true;
  try {
    const startedAt = performance.now();
    for (;;) {
      if (exited !== null) throw new Error(`the server exited (${String(exited)}):\n${output}`);
      if (performance.now() - startedAt > 300_000) throw new Error(`the server did not answer within 5 minutes:\n${output}`);
      const up = await fetch(`${origin}/api/v1/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
      if (up) break;
      await sleep(200);
    }
    console.log(`answering after ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    await sleep(5_000);
    const before = await peakMemory(pid, 5);
    printTree('before the streams (highest over 5 s)', before);

    // Devices: a guest each, and the one pull an open app has made (its cursor).
    const setupStart = performance.now();
    const writer = await memberToken(origin, 'demo@prayer.local');
    const { since } = await firstPage(origin, writer);
    await inLanes(n, 16, async (i) => {
      const token = await guestToken(origin);
      devices[i] = { token, cursor: undefined, stream: null };
    });
    await inLanes(n, 16, async (i) => {
      const device = devices[i];
      if (device !== undefined) device.cursor = (await syncPull(origin, device.token, undefined, since)).cursor;
    });
    console.log(`${String(n)} guests signed in and pulled once in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

    const openStart = performance.now();
    const opened = await openStreams(n, options.parallel, (i) => ({ origin, token: devices[i]?.token ?? '', localAddress: loopbackAddress(i, options.perAddress), helloTimeoutMs: 20_000 }));
    opened.streams.forEach((stream, i) => {
      const device = devices[i];
      if (device !== undefined) device.stream = stream;
    });
    const up = opened.streams.filter((s) => s.isUp);
    const openSeconds = (performance.now() - openStart) / 1000;
    console.log(`streams up: ${String(up.length)} of ${String(n)} in ${openSeconds.toFixed(1)} s (${String(options.parallel)} opened at once)`);
    if (opened.failures.length > 0) {
      const kinds = new Map<string, number>();
      for (const failure of opened.failures) kinds.set(failure.slice(0, 120), (kinds.get(failure.slice(0, 120)) ?? 0) + 1);
      console.log(`refused or failed: ${[...kinds.entries()].map(([k, c]) => `${String(c)} x ${k}`).join('; ')}`);
      isOk = false;
    }
    rows.push(['streams up', `${String(up.length)} of ${String(n)} (opened in ${openSeconds.toFixed(1)} s)`, `${String(n)}`, verdict(up.length === n)]);
    if (up.length === 0) throw new Error('no stream came up: is GET /api/v1/sync/live served?');

    await sleep(5_000);
    const held = await peakMemory(pid, 10);
    printTree(`with ${String(up.length)} streams held (highest over 10 s)`, held);
    rows.push(['memory before the streams (RSS sum of the tree)', mb(before.rss), '', '']);
    rows.push([`memory with ${String(up.length)} streams held (RSS sum; PSS)`, `${mb(held.rss)} (${mb(held.pss)})`, `<= ${String(MEMORY_GOAL_MB)} MB`, verdict(held.rss <= MEMORY_GOAL_MB)]);
    rows.push(['memory per stream (RSS difference / streams)', `${((held.rss - before.rss) * 1024 / up.length).toFixed(1)} KB`, '', '']);

    // The idle streams' own CPU rate first: what a post costs is what it adds to it.
    const idleCpuStart = treeCpuSeconds(pid);
    const pingsStart = up.reduce((sum, s) => sum + s.pings, 0);
    const bytesStart = up.reduce((sum, s) => sum + s.bytes, 0);
    await sleep(options.idle * 1000);
    const idleCpu = treeCpuSeconds(pid) - idleCpuStart;
    const pings = up.reduce((sum, s) => sum + s.pings, 0) - pingsStart;
    const idleBytes = up.reduce((sum, s) => sum + s.bytes, 0) - bytesStart;
    const idleRate = idleCpu / options.idle;
    console.log(`streams idle ${String(options.idle)} s: ${idleCpu.toFixed(2)} CPU s (${(idleRate * 100).toFixed(1)}% of a core), ${String(pings)} heartbeats, ${String(idleBytes)} bytes to the devices`);

    // Posts: the write's start to each stream's poke.
    const latencies: number[] = [];
    const cpuPerPost: number[] = [];
    let missed = 0;
    let carried = 0;
    let pullPokes = 0;
    let countPokes = 0;
    const spreads: number[] = [];
    let lastPost: number | undefined;
    for (let k = 0; k < options.posts; k += 1) {
      const cpuStart = treeCpuSeconds(pid);
      const t0 = performance.now();
      let postId: number;
      try {
        postId = await newPost(origin, writer, `Live load bench post ${String(k + 1)}: please pray for the night shift.`);
      } catch (error) {
        console.log(`post ${String(k + 1)} failed: ${error instanceof Error ? error.message : String(error)}`);
        isOk = false;
        continue;
      }
      const written = performance.now() - t0;
      lastPost = postId;
      const answered = (s: LiveStream) => s.firstPoke(t0) !== undefined;
      while (performance.now() - t0 < POKE_DEADLINE_MS && !up.every(answered)) await sleep(20);
      const allIn = performance.now() - t0;
      const rest = options.postEvery * 1000 - (performance.now() - t0);
      if (rest > 0) await sleep(rest);
      const windowS = (performance.now() - t0) / 1000;
      const cpu = treeCpuSeconds(pid) - cpuStart;
      cpuPerPost.push(cpu - idleRate * windowS);
      const these: number[] = [];
      for (const stream of up) {
        const poke = stream.firstPoke(t0);
        if (poke === undefined || poke.at - t0 > POKE_DEADLINE_MS) {
          missed += 1;
          continue;
        }
        these.push(poke.at - t0);
        // Every poke of this post's window, counted by what it asks.
        for (const p of stream.pokes.filter((timed) => timed.at >= t0 && timed.at < t0 + windowS * 1000)) {
          if (p.poke.new_posts?.includes(postId)) carried += 1;
          if (p.poke.pull !== undefined) {
            pullPokes += 1;
            spreads.push(p.poke.pull);
          }
          if (p.poke.counts !== undefined) countPokes += 1;
        }
      }
      latencies.push(...these);
      const s = summarize(these);
      console.log(`post ${String(k + 1)} (#${String(postId)}): written in ${msText(written)}, ${String(s.n)} of ${String(up.length)} poked (all by ${msText(allIn)}), p50 ${msText(s.p50)}, p95 ${msText(s.p95)}, max ${msText(s.max)}; ${cpu.toFixed(2)} CPU s in ${windowS.toFixed(1)} s`);
    }
    const all = summarize(latencies);
    const posted = cpuPerPost.length;
    rows.push([`write -> poke received, p50 / p95 / max (${String(all.n)} = devices x posts)`, `${msText(all.p50)} / ${msText(all.p95)} / ${msText(all.max)}`, `p95 <= ${String(POKE_GOAL_MS)} ms`, verdict(all.n === 0 ? undefined : all.p95 <= POKE_GOAL_MS && missed === 0)]);
    rows.push([`streams not poked within ${String(POKE_DEADLINE_MS / 1000)} s of a post`, String(missed), '0', verdict(missed === 0)]);
    const meanCpu = cpuPerPost.reduce((a, b) => a + b, 0) / Math.max(1, posted);
    rows.push(['server CPU per post, net of the idle streams (mean of the posts)', `${meanCpu.toFixed(3)} s (${(meanCpu * 1000 / up.length).toFixed(3)} ms per device poked)`, '', '']);
    rows.push(['pokes carrying the post (new_posts)', `${String(carried)} of ${String(up.length * posted)}`, '', '']);
    const spread = summarize(spreads);
    rows.push(['pokes asking for a pull (the sync/pull calls devices would make)', pullPokes === 0 ? '0' : `${String(pullPokes)}, spread p50 ${msText(spread.p50)}, max ${msText(spread.max)}: ~${(pullPokes / posted / Math.max(1, spread.max / 1000)).toFixed(0)} pulls/s per post`, '', '']);
    rows.push(['pokes carrying counts', String(countPokes), '', '']);

    // The herd (issue #48 point 4): a change no poke can carry (an edit of a community post) asks
    // every device to pull. Each device pulls as the app does (worker/live-apply.ts): at a random
    // moment within the spread its poke gives. The pulls' answer times, the most in any one second
    // and the server's CPU show what the spread buys; a spread of 0 would send them all at once.
    if (lastPost !== undefined) {
      const herdStart = performance.now();
      const herdCpuStart = treeCpuSeconds(pid);
      const herdAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
      const pulls: Promise<{ at: number; ms: number } | null>[] = [];
      up.forEach((stream, i) => {
        const device = devices[i];
        const handler = (timed: TimedPoke) => {
          if (timed.poke.pull === undefined || device === undefined || timed.at < herdStart) return;
          const wait = Math.random() * timed.poke.pull;
          pulls.push(sleep(wait).then(() => syncPull(origin, device.token, device.cursor, since, herdAgent)).then(
            (answer) => {
              device.cursor = answer.cursor;
              return { at: performance.now() - herdStart, ms: answer.ms };
            },
            () => null,
          ));
        };
        stream.onPoke = handler;
      });
      await json(origin, 'PUT', `post/${String(lastPost)}`, { token: writer, body: { text: 'Live load bench post, edited: please pray for the night shift and the day shift.' } });
      while (performance.now() - herdStart < 15_000 && pulls.length < up.length) await sleep(50);
      const done = await Promise.all(pulls);
      for (const stream of up) stream.onPoke = null;
      herdAgent.destroy();
      const herdSeconds = (performance.now() - herdStart) / 1000;
      const herdCpu = treeCpuSeconds(pid) - herdCpuStart - idleRate * herdSeconds;
      const answered = done.filter((d): d is { at: number; ms: number } => d !== null);
      const perSecond = new Map<number, number>();
      for (const d of answered) perSecond.set(Math.floor((d.at - d.ms) / 1000), (perSecond.get(Math.floor((d.at - d.ms) / 1000)) ?? 0) + 1);
      const herdMs = summarize(answered.map((d) => d.ms));
      const lastAt = Math.max(0, ...answered.map((d) => d.at));
      const spreadGiven = summarize(up.flatMap((s) => s.pokes.filter((t) => t.at >= herdStart && t.poke.pull !== undefined).map((t) => t.poke.pull ?? 0)));
      console.log(`herd: ${String(pulls.length)} pulls asked, ${String(answered.length)} answered, spread ${msText(spreadGiven.max)}, last answer ${msText(lastAt)}`);
      rows.push([`herd: an edit asks every device to pull (spread given)`, `${String(pulls.length)} of ${String(up.length)} asked; spread ${msText(spreadGiven.max)}`, '', '']);
      rows.push(['herd: sync/pull answer p50 / p95; most sent in one second; all answered by', `${msText(herdMs.p50)} / ${msText(herdMs.p95)}; ${String(Math.max(0, ...perSecond.values()))}; ${msText(lastAt)} (${String(answered.length)} answered)`, '', '']);
      rows.push(['herd: server CPU of the pulls, net of the idle streams', `${herdCpu.toFixed(2)} s (${(herdCpu * 1000 / Math.max(1, answered.length)).toFixed(1)} ms per pull)`, '', '']);
    }

    // Idle with the safety polls of the same devices: the whole "after".
    const safetyRate = n / (LIVE_SAFETY_POLL_MS / 1000);
    const safetyCpuStart = treeCpuSeconds(pid);
    const safety = await pollAtRate(origin, devices, since, safetyRate, options.idle);
    const safetyCpu = treeCpuSeconds(pid) - safetyCpuStart;

    // Before: no streams, every device polling every NEW_COUNT_POLL_MS.
    for (const device of devices) device.stream?.close();
    await sleep(3_000);
    const pollRate = n / (NEW_COUNT_POLL_MS / 1000);
    const pollCpuStart = treeCpuSeconds(pid);
    const polls = await pollAtRate(origin, devices, since, pollRate, options.idle);
    const pollCpu = treeCpuSeconds(pid) - pollCpuStart;
    const pollMs = summarize(polls.ms);
    // A poll that fails (no answer within 15 s: the server saturated by the polling) is a figure, not a broken bench.

    rows.push([`polling, computed: before (every ${String(NEW_COUNT_POLL_MS / 1000)} s) / with streams (every ${String(LIVE_SAFETY_POLL_MS / 1000)} s)`, `${pollRate.toFixed(1)} / ${safetyRate.toFixed(1)} req/s (+ ${(n / (LIVE_HEARTBEAT_MS / 1000)).toFixed(1)} heartbeats/s on held sockets)`, '', '']);
    rows.push([`server CPU over ${String(options.idle)} s: streams held, nothing written (heartbeats only)`, `${idleCpu.toFixed(2)} s (${(idleRate * 100).toFixed(1)}% of a core)`, '', '']);
    rows.push([`server CPU over ${String(options.idle)} s: streams + safety polls (${String(safety.sent)} sync/pull, ${String(safety.failed)} failed)`, `${safetyCpu.toFixed(2)} s (${(safetyCpu / options.idle * 100).toFixed(1)}% of a core)`, '', '']);
    rows.push([`server CPU over ${String(options.idle)} s: no streams, polls as today (${String(polls.sent)} sync/pull, ${String(polls.failed)} failed)`, `${pollCpu.toFixed(2)} s (${(pollCpu / options.idle * 100).toFixed(1)}% of a core)`, '', '']);
    rows.push(['idle sync/pull latency as today, p50 / p95', `${msText(pollMs.p50)} / ${msText(pollMs.p95)}`, '', '']);
    rows.push(['load average 1/5/15 min, start / end', `${startLoad} / ${load()}`, '', '']);
    return isOk;
  } finally {
    for (const device of devices) device.stream?.close();
    closeSetupAgent();
    if (rows.length > 0) {
      console.log(`\n== figures (${String(n)} devices)\n`);
      console.log(formatTable(['figure', 'value', 'goal', 'verdict'], rows));
    }
    await endProcessGroup(pid);
    rmSync(dataDir, { recursive: true, force: true });
    if (!hasDist) rmSync(staticDir, { recursive: true, force: true });
  }
}

process.exitCode = (await main().catch((error: unknown) => {
  console.error(error);
  return false;
})) ? 0 : 1;
setTimeout(() => process.exit(), 10_000).unref();
