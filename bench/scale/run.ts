// `npm run bench:scale` (issue #50 item 7, "Measured in the project"): a church network's size
// seeded with SQL into a throwaway PostgreSQL (scripts/with-postgres.sh), in two databases of one
// cluster: the full shape (bench/scale/shape.ts: 100,000 members, 1,000,000 posts, 5,000,000
// prayers...) and the same at 1/100. The real server (buildApp, as bench/http.ts; the read cache
// off, so every answer is read from the database) answers on each, and every route is measured at
// 1 connection on both (p50, and their ratio) and at 20 on the full one (p99, req/s), for a typical
// member and the busy-group member; then an idle poll's server CPU. Each route that misses its goal
// gets the EXPLAIN (ANALYZE, BUFFERS) of its slowest statement (bench/scale/capture.ts).
// Env: BENCH_SCALE (factor of the full shape, default 1; e.g. 0.05 for a quick run),
// BENCH_SCALE_SECONDS (per measurement at 1 connection, default 2; 1.5x that at 20),
// BENCH_SCALE_OUT (the results file; default bench/results/issue50-scale[-xFACTOR].txt; '-': none).
// For working on one route: BENCH_SCALE_KEEP=<file> keeps both seeded databases (on a PostgreSQL
// that outlives the run: BENCH_DATABASE_URL) and writes where they are to <file>;
// BENCH_SCALE_REUSE=<file> measures on them again without seeding; BENCH_SCALE_ROUTES=<regex>
// measures only the routes (and 'idle poll') whose key matches.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { API_PREFIX, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, type DbHandle } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { createScratchDatabase, type ScratchDatabase } from '../../tests/helpers/scratch-database';
import { listen } from '../../tests/helpers/test-server';
import { Capture, explainAll, oneLine } from './capture';
import { CONNECTIONS, measurePollCpu, measureRoutes, pollTable, routeTable, verdict, type Row, type Side } from './measure';
import { seedScale, type SeedResult } from './seed';
import { describeShape, shapeFor, type Shape } from './shape';
import { prepareTargets, type Target } from './targets';

const FACTOR = Number(process.env.BENCH_SCALE ?? 1);
const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = process.env.BENCH_SCALE_OUT ?? join(HERE, '..', 'results', `issue50-scale${FACTOR === 1 ? '' : `-x${FACTOR}`}.txt`);

const KEEP = process.env.BENCH_SCALE_KEEP;
const REUSE = process.env.BENCH_SCALE_REUSE;
const ROUTES = new RegExp(process.env.BENCH_SCALE_ROUTES ?? '');
type Kept = { url: string; seeded: SeedResult };

const lines: string[] = [];
function out(line = ''): void {
  console.log(line);
  lines.push(line);
}

type Opened = { shape: Shape; database: ScratchDatabase; handle: DbHandle; capture: Capture; seeded: SeedResult; app?: FastifyInstance };

async function open(admin: string, shape: Shape, kept: Kept | undefined): Promise<Opened> {
  if (kept !== undefined) {
    const capture = new Capture();
    const database: ScratchDatabase = { url: kept.url, drop: async () => {} };
    out(`\n== reusing ${describeShape(shape)} (BENCH_SCALE_REUSE)`);
    const handle = await createDb(kept.url, { logger: capture });
    // Migrations written since it was seeded.
    await migrate(handle);
    return { shape, database, handle, capture, seeded: kept.seeded };
  }
  const database = await createScratchDatabase(admin, `scale_${shape.factor < FACTOR ? 'small' : 'full'}`);
  const capture = new Capture();
  const handle = await createDb(database.url, { logger: capture });
  out(`\n== seeding ${describeShape(shape)}`);
  const started = performance.now();
  await migrate(handle);
  await seed(handle.db);
  out(`  migrations and the demo seed (server/db/migrate.ts, seed.ts) ${((performance.now() - started) / 1000).toFixed(1).padStart(38)} s`);
  const seeded = await seedScale(database.url, shape, out);
  for (const warning of seeded.warnings) out(`  WARNING: ${warning}`);
  out(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (typical member ${seeded.typicalMember}, busy member ${seeded.busyMember}, busy group ${seeded.busyGroup})`);
  return { shape, database, handle, capture, seeded };
}

async function header(admin: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const setting = async (name: string) => (await client.query<{ v: string }>(`SELECT current_setting('${name}') AS v`)).rows[0]?.v ?? '?';
  const version = await setting('server_version');
  const settings: string[] = [];
  for (const name of ['shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost']) settings.push(`${name}=${await setting(name)}`);
  await client.end();
  let head = '?';
  try { head = execSync('git rev-parse --short HEAD', { cwd: HERE, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { /* not a git checkout */ }
  out(`scale bench (issue #50 item 7), ${new Date().toISOString()}, commit ${head}, factor ${FACTOR}`);
  out(`PostgreSQL ${version} (${settings.join(', ')}); ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(' / ')}`);
  out(`server: buildApp with the read cache off (READ_CACHE=0), rate limits off, pool of ${process.env.DB_POOL_MAX ?? 10}; load from another process, keep-alive, no compression`);
}

async function startApp(opened: Opened): Promise<Side> {
  const config = loadConfig({}, { logger: false, readCache: false, reminderTickMs: 0, rateLimit: { enabled: false, max: 0, timeWindowMs: 0 } });
  const app = await buildApp({ db: opened.handle.db, config, dbKind: opened.handle.kind });
  opened.app = app;
  const base = await listen(app);
  return { base, prepared: await prepareTargets(base, opened.database.url, opened.seeded) };
}

/** One request of `target` with its statements captured. */
async function captured(opened: Opened, side: Side, target: Target) {
  const headers: Record<string, string> = { authorization: `Bearer ${side.prepared.tokens[target.member]}` };
  let body: string | undefined;
  if (target.push !== undefined) {
    const prefix = `explain-${randomBytes(6).toString('hex')}`;
    body = JSON.stringify({ mutations: target.push.postIds.slice(0, target.push.prays).map((id, i) => ({ key: `${prefix}-${i}`, method: 'POST', path: `post/${id}/pray` })) });
    headers['content-type'] = 'application/json';
  }
  const init: RequestInit = { method: body === undefined ? 'GET' : 'POST', headers, ...(body === undefined ? {} : { body }) };
  return opened.capture.during(async () => { await (await fetch(`${side.base}${API_PREFIX}/${target.path}`, init)).text(); });
}

async function explainFailures(opened: Opened, side: Side, rows: Row[]): Promise<void> {
  const seen = new Map<string, string>();
  for (const row of rows.filter((r) => !verdict(r).ok)) {
    const explained = await explainAll(opened.database.url, await captured(opened, side, row.target));
    const [slowest] = explained;
    const planning = explained.reduce((n, e) => n + Number(/Planning Time: ([\d.]+) ms/.exec(e.plan)?.[1] ?? 0), 0);
    out(`\n-- FAIL ${row.target.key}: ${explained.length} statements, execution ${explained.map((e) => `${e.ms.toFixed(1)}`).join(' + ')} ms, `
      + `planning ${planning.toFixed(1)} ms in all (EXPLAIN ANALYZE, full database)`);
    if (slowest === undefined) continue;
    // The same statement with the same parameters (a search's words, a member's id are parameters): its plan is above.
    const signature = `${slowest.sql} ${JSON.stringify(slowest.params)}`;
    const same = seen.get(signature);
    if (same !== undefined) { out(`   slowest: the statement already shown for ${same} (${slowest.ms.toFixed(1)} ms)`); continue; }
    seen.set(signature, row.target.key);
    out(`   slowest (${slowest.ms.toFixed(1)} ms): ${oneLine(slowest)}`);
    out(slowest.error === undefined ? slowest.plan : `   (EXPLAIN failed: ${slowest.error})`);
    for (const other of explained.filter((e) => e.error !== undefined)) out(`   EXPLAIN failed for: ${oneLine(other, 200)}: ${other.error ?? ''}`);
  }
}

async function main(): Promise<boolean> {
  const admin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('bench:scale needs PostgreSQL: npm run bench:scale (scripts/with-postgres.sh sets BENCH_DATABASE_URL)');
  await header(admin);
  const opened: Opened[] = [];
  try {
    const reused = REUSE === undefined ? undefined : JSON.parse(readFileSync(REUSE, 'utf8')) as Kept[];
    opened.push(await open(admin, shapeFor(FACTOR / 100, 'small (1/100)'), reused?.[0]));
    opened.push(await open(admin, shapeFor(FACTOR, 'full'), reused?.[1]));
    const [small, full] = opened;
    if (small === undefined || full === undefined) throw new Error('no databases');
    const smallSide = await startApp(small);
    const fullSide = await startApp(full);
    // Before the routes: their pushes are changes, after which a returning poll would have something new.
    out('\n== idle poll, full database, typical member');
    const polls = ROUTES.test('idle poll') ? await measurePollCpu(fullSide, 'typical') : [];
    out(`\n== routes (each: 1 connection on the small and the full database, then ${CONNECTIONS} on the full one; the pushes last)`);
    const rows = await measureRoutes(smallSide, fullSide, out, (key) => ROUTES.test(key));
    out('\n== results');
    out(routeTable(rows));
    out();
    out(pollTable(polls));
    const failed = rows.filter((r) => !verdict(r).ok);
    out(`\n${rows.length - failed.length} of ${rows.length} routes meet their goal; seeding took ${small.seeded.seconds.toFixed(0)} s (small) and ${full.seeded.seconds.toFixed(0)} s (full)`);
    if (failed.length > 0) {
      out('\n== plans of the slowest statement of each FAIL (full database)');
      await explainFailures(full, fullSide, failed);
    }
    return rows.every((r) => r.small.errors + r.full.errors + (r.loaded?.errors ?? 0) === 0);
  } finally {
    for (const o of opened) {
      await o.app?.close();
      await o.handle.close();
      if (KEEP === undefined) await o.database.drop();
    }
    if (KEEP !== undefined) writeFileSync(KEEP, JSON.stringify(opened.map((o): Kept => ({ url: o.database.url, seeded: o.seeded }))));
    if (OUT !== '-') {
      writeFileSync(OUT, `${lines.join('\n')}\n`);
      console.log(`(written to ${OUT})`);
    }
  }
}

// The exit status fails only on wrong answers: the figures move with whatever else runs on the machine.
process.exitCode = (await main()) ? 0 : 1;
