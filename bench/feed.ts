// Feed benchmark (the issue's rule: 'Queries use indexes (keyset or indexed pages) so a feed page
// stays fast at 100,000 posts'). Seeds 100,000 posts into an in-memory PGlite (and PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), times the feed calls through app.inject, and
// EXPLAINs the exact SQL each call sent: a Seq Scan on posts fails the run.
import type { FastifyInstance } from 'fastify';
import type { AuthResponse, Envelope, PostPage } from '../common/contract';
import { API_PREFIX, buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDb, type DbHandle } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { planUse, type CapturedQuery, type PlanUse } from './explain';
import { seedFeedBench, type BenchSeed } from './feed-seed';
import { formatTable, percentile } from './report';
import { createScratchDatabase } from '../tests/helpers/scratch-database';

const SEED: BenchSeed = { posts: 100_000, users: 2_000, prayedEvery: 20, bookmarkedEvery: 50 };
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const WARMUP = 3;

type Scenario = { name: string; path: string; member: boolean };
type Engine = { label: string; handle: DbHandle; dispose(): Promise<void> };
type Row = { engine: string; scenario: Scenario; p50: number; p95: number; plan: PlanUse };

/** Every SQL statement the server sends while `capture` is set. */
const capture: { queries: CapturedQuery[] | undefined } = { queries: undefined };
const logger = { logQuery: (sql: string, params: unknown[]) => capture.queries?.push({ sql, params }) };

async function openEngines(): Promise<(() => Promise<Engine>)[]> {
  const engines: (() => Promise<Engine>)[] = [async () => {
    const handle = await createDb('memory://', { logger });
    return { label: 'PGlite', handle, dispose: () => handle.close() };
  }];
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    engines.push(async () => {
      const database = await createScratchDatabase(adminUrl, 'prayer_bench');
      const handle = await createDb(database.url, { logger });
      return {
        label: 'PostgreSQL', handle,
        async dispose() {
          await handle.close();
          await database.drop();
        },
      };
    });
  }
  return engines;
}

async function call<T>(app: FastifyInstance, path: string, token?: string): Promise<T> {
  const response = await app.inject({
    method: path.startsWith('auth/') ? 'POST' : 'GET', url: `${API_PREFIX}/${path}`,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(path === 'auth/login' ? { payload: { email: 'demo@prayer.local', password: 'pray-with-us' } } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  return response.json<T>();
}

function scenarios(since: string, cursorId: number): Scenario[] {
  const s = encodeURIComponent(since);
  return [
    { name: 'posts, first page (anonymous)', path: 'posts', member: false },
    { name: 'posts, first page (member)', path: 'posts', member: true },
    { name: 'posts?page=50', path: 'posts?page=50', member: true },
    { name: 'posts?loadMore=<last of page 50>', path: `posts?loadMore=${cursorId}`, member: true },
    ...(['REQUEST', 'THANK', 'ANSWERED', 'ANSWER', 'PRAYED_BY_USER', 'BOOKMARKED'] as const)
      .map((type) => ({ name: `posts?type=${type}`, path: `posts?type=${type}`, member: true })),
    { name: 'posts?search=healing', path: 'posts?search=healing', member: true },
    { name: 'posts?search=surgery+hope&type=REQUEST', path: 'posts?search=surgery%20hope&type=REQUEST', member: true },
    { name: 'posts?new=1&since=<24 h ago>', path: `posts?new=1&since=${s}`, member: true },
    { name: 'posts/new-count?since=<24 h ago>', path: `posts/new-count?since=${s}`, member: true },
  ];
}

async function measure(app: FastifyInstance, engine: Engine, scenario: Scenario, token: string): Promise<Omit<Row, 'engine'>> {
  const auth = scenario.member ? token : undefined;
  for (let i = 0; i < WARMUP; i += 1) await call(app, scenario.path, auth);
  capture.queries = [];
  await call(app, scenario.path, auth);
  const queries = capture.queries;
  capture.queries = undefined;
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const started = performance.now();
    await call(app, scenario.path, auth);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const plan = await engine.handle.withSession((session) => planUse(session, queries));
  return { scenario, p50: percentile(samples, 50), p95: percentile(samples, 95), plan };
}

async function benchEngine(engine: Engine): Promise<Row[]> {
  const seeding = performance.now();
  await migrate(engine.handle);
  await seed(engine.handle.db);
  await engine.handle.withSession((session) => seedFeedBench(session, SEED));
  console.log(`  ${engine.label}: seeded ${SEED.posts.toLocaleString('en')} posts in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const config = loadConfig({}, { logger: false, rateLimit: { enabled: false, max: 0, timeWindowMs: 0 } });
  const app = await buildApp({ db: engine.handle.db, config });
  try {
    const token = (await call<Envelope<AuthResponse>>(app, 'auth/login')).data.authorization.token;
    const page50 = await call<Envelope<PostPage>>(app, 'posts?page=50', token);
    const cursorId = page50.data.data.at(-1)?.id;
    if (cursorId === undefined) throw new Error('page 50 is empty: the seed is too small');
    const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    const rows: Row[] = [];
    for (const scenario of scenarios(since, cursorId)) rows.push({ engine: engine.label, ...await measure(app, engine, scenario, token) });
    return rows;
  } finally {
    await app.close();
  }
}

/** Returns false when a feed query read posts sequentially. */
export async function runFeedBench(): Promise<boolean> {
  console.log(`feed: ${SEED.posts.toLocaleString('en')} posts, ${ITERATIONS} timed calls per query (after ${WARMUP} warm-up calls), via app.inject`);
  const rows: Row[] = [];
  for (const open of await openEngines()) {
    const engine = await open();
    try {
      rows.push(...await benchEngine(engine));
    } finally {
      await engine.dispose();
    }
  }
  console.log(formatTable(
    ['engine', 'query', 'p50 ms', 'p95 ms', 'indexes on posts', 'seq scan on posts'],
    rows.map((r) => [r.engine, r.scenario.name, r.p50.toFixed(1), r.p95.toFixed(1), r.plan.indexes.join(', ') || '-', r.plan.seqScans.length > 0 ? 'YES' : 'no']),
  ));
  const bad = rows.filter((r) => r.plan.seqScans.length > 0);
  for (const r of bad) console.error(`FAIL: ${r.engine} '${r.scenario.name}' reads posts sequentially in: ${r.plan.seqScans.join(' | ')}`);
  return bad.length === 0;
}
