// HTTP benchmark (issue #14 point 4, "A lean request path"): the real server (buildApp, as
// server/start.ts builds it) listening on 127.0.0.1, driven by a load generator of 50 keep-alive
// connections in a worker thread of the same process (its own event loop: it does not queue
// behind the server's, but it shares this machine's cores). Measures:
//   - bare: GET /api/v1/no-such-route -> 404 (the API's own not-found answer: Fastify, the hooks,
//     the security headers and the error shape, no database), the reference the issue measured;
//   - health: GET /api/v1/health (one `SELECT 1`), for scale;
//   - GET /api/v1/posts (first page) as a guest and as a member with a bearer token, answered from
//     the read cache (server/http/read-cache.ts: kept until the next write), and as a member from a
//     second app on the same database with READ_CACHE=0: what every read costs after a write;
//   - issue #28 item 7 (BENCH_HTTP_GROUPS=0 leaves it out): with five groups in the channel (one of
//     2,000 members and 20,000 posts; bench/group-seed.ts), uncached, the community feed of a guest
//     and of a member of the five, and the big group's feed, each against the member's above;
// in interleaved 1-second slices (bare, health, posts, bare...: the load others put on this shared
// machine then weighs on every route alike), and prints req/s, p50/p95/p99 latency and the
// member posts / bare ratio next to its goal (>= 0.25).
// No Accept-Encoding is sent, so compression (server/http/compression.ts) is not measured.
// `npm run bench:http` runs on an in-memory PGlite; `npm run bench:http:pg` on PostgreSQL
// (scripts/with-postgres.sh; BENCH_DATABASE_URL). Env: BENCH_HTTP_SECONDS (5 rounds), BENCH_HTTP_CONNECTIONS (50).
import { Worker } from 'node:worker_threads';
import type { AuthResponse, Envelope, PostPage } from '../common/contract';
import { API_PREFIX, buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { openBenchEngine } from './engine';
import { seedFeedBench } from './feed-seed';
import { GROUP_BENCH, seedGroupBench } from './group-seed';
import { formatTable, percentile } from './report';
import { listen } from '../tests/helpers/test-server';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const WARMUP_SECONDS = 2;
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 50);
const GOAL = 0.25;
/** Issue #28 item 7: a group's feed and a member-of-five's feed "as fast on the server" as the community feed (req/s ratio, uncached). */
const GROUP_GOAL = 0.8;
const WITH_GROUPS = process.env.BENCH_HTTP_GROUPS !== '0';

type Target = { name: string; path: string; token?: string | undefined; status: number; uncached?: boolean };
type Result = { requests: number; errors: number; seconds: number; p50: number; p95: number; p99: number };

// The load generator, plain JavaScript for the worker: CONNECTIONS loops, each sending its next
// request when the previous answer has been read, over a keep-alive agent of as many sockets.
const LOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, status, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const latencies = [];
let errors = 0;
const end = performance.now() + seconds * 1000;
function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode === status) latencies.push(performance.now() - started); else errors += 1;
        resolve();
      });
    });
    req.on('error', () => { errors += 1; resolve(); });
    req.end();
  });
}
async function loop() { while (performance.now() < end) await once(); }
const started = performance.now();
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies: Float64Array.from(latencies), errors, seconds: (performance.now() - started) / 1000 });
});
`;

type Slice = { latencies: number[]; errors: number; seconds: number };

function load(base: string, target: Target, seconds: number): Promise<Slice> {
  const headers: Record<string, string> = target.token === undefined ? {} : { authorization: `Bearer ${target.token}` };
  const workerData = { url: `${base}${API_PREFIX}/${target.path}`, headers, status: target.status, seconds, connections: CONNECTIONS };
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOADER, { eval: true, workerData });
    worker.once('error', reject);
    worker.once('message', (message: { latencies: Float64Array; errors: number; seconds: number }) => {
      resolve({ latencies: Array.from(message.latencies), errors: message.errors, seconds: message.seconds });
      void worker.terminate();
    });
  });
}

function summarize(slices: Slice[]): Result {
  const sorted = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  const errors = slices.reduce((n, s) => n + s.errors, 0);
  return { requests: sorted.length, errors, seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return await response.json() as T;
}

const fmt = (n: number) => n.toFixed(1);

export async function runHttpBench(): Promise<boolean> {
  const engine = await openBenchEngine('prayer_http');
  try {
    await migrate(engine.handle);
    await seed(engine.handle.db);
    // A real first page: the demo seed plus 2,000 posts by 200 members (bench/feed-seed.ts).
    await engine.handle.withSession((session) => seedFeedBench(session, { posts: 2_000, users: 200, prayedEvery: 20, bookmarkedEvery: 50 }));
    // Grace (channel 1, in no group until now) is the member of the five groups; the demo member stays outside them.
    const bigGroup = WITH_GROUPS ? await engine.handle.withSession((session) => seedGroupBench(session, { member: 'grace@prayer.local', ...GROUP_BENCH })) : null;
    const config = loadConfig({}, { logger: false, rateLimit: { enabled: false, max: 0, timeWindowMs: 0 } });
    const app = await buildApp({ db: engine.handle.db, config, dbKind: engine.handle.kind });
    const uncachedApp = await buildApp({ db: engine.handle.db, config: { ...config, readCache: false }, dbKind: engine.handle.kind });
    try {
      const base = await listen(app);
      const uncachedBase = await listen(uncachedApp);
      const login = (email: string) => json<Envelope<AuthResponse>>(`${base}${API_PREFIX}/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'pray-with-us' }),
      });
      const token = (await login('demo@prayer.local')).data.authorization.token;
      const page = await json<Envelope<PostPage>>(`${base}${API_PREFIX}/posts`, { headers: { authorization: `Bearer ${token}` } });
      if (page.data.data.length < 20) throw new Error(`the first page holds ${page.data.data.length} posts, not 20`);
      const targets: Target[] = [
        { name: 'bare: GET no-such-route (404)', path: 'no-such-route', status: 404 },
        { name: 'GET health (SELECT 1)', path: 'health', status: 200 },
        { name: 'GET posts (guest)', path: 'posts', status: 200 },
        { name: 'GET posts (member token)', path: 'posts', token, status: 200 },
        { name: 'GET posts (member, READ_CACHE=0)', path: 'posts', token, status: 200, uncached: true },
      ];
      if (bigGroup !== null) {
        const grace = (await login('grace@prayer.local')).data.authorization.token;
        targets.push(
          { name: 'GET posts (guest, READ_CACHE=0)', path: 'posts', status: 200, uncached: true },
          { name: 'GET posts (member of 5 groups, READ_CACHE=0)', path: 'posts', token: grace, status: 200, uncached: true },
          { name: `GET group/{id}/posts (${GROUP_BENCH.bigMembers} members, ${GROUP_BENCH.bigPosts} posts, READ_CACHE=0)`, path: `group/${bigGroup}/posts`, token: grace, status: 200, uncached: true },
        );
      }
      console.log(`http: ${engine.label}, ${CONNECTIONS} keep-alive connections, ${SECONDS} rounds of 1 s per route (interleaved) after ${WARMUP_SECONDS} s of warm-up each, no Accept-Encoding`);
      const baseOf = (target: Target) => (target.uncached === true ? uncachedBase : base);
      for (const target of targets) await load(baseOf(target), target, WARMUP_SECONDS);
      // Round-robin slices: a load change on this shared machine hits every route alike, not one.
      const slices = targets.map((): Slice[] => []);
      for (let round = 0; round < SECONDS; round += 1) {
        for (const [i, target] of targets.entries()) slices[i]?.push(await load(baseOf(target), target, 1));
      }
      const rows = targets.map((target, i) => ({ target, result: summarize(slices[i] ?? []) }));
      const rate = (r: Result) => r.requests / r.seconds;
      const bare = rows[0]?.result;
      if (bare === undefined) throw new Error('no bare run');
      console.log(formatTable(
        ['route', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'of bare'],
        rows.map(({ target, result }) => [target.name, rate(result).toFixed(0), fmt(result.p50), fmt(result.p95), fmt(result.p99), String(result.errors), (rate(result) / rate(bare)).toFixed(3)]),
      ));
      const member = rows[3]?.result;
      if (member === undefined) throw new Error('no posts run');
      const ratio = rate(member) / rate(bare);
      console.log(`GET posts (member) / bare: ${ratio.toFixed(3)} (goal >= ${GOAL}) ${ratio >= GOAL ? 'ok' : 'BELOW GOAL'}`);
      const uncached = rows[4]?.result;
      if (uncached === undefined) throw new Error('no uncached posts run');
      for (const { target, result } of rows.slice(5)) {
        const of = rate(result) / rate(uncached);
        console.log(`${target.name} / GET posts (member, READ_CACHE=0): ${of.toFixed(3)} (goal >= ${GROUP_GOAL}) ${of >= GROUP_GOAL ? 'ok' : 'BELOW GOAL'}`);
      }
      const errors = rows.reduce((n, r) => n + r.result.errors, 0);
      if (errors > 0) console.error(`FAIL: ${errors} answers with an unexpected status`);
      // The ratio is printed against its goal; the exit status fails only on wrong answers, since
      // the ratio moves with whatever else runs on the machine.
      return errors === 0;
    } finally {
      await app.close();
      await uncachedApp.close();
    }
  } finally {
    await engine.dispose();
  }
}

const ok = await runHttpBench();
process.exitCode = ok ? 0 : 1;
