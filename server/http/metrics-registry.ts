// The metrics of one app (issue #27 item 2, docs/deploy.md 'Metrics'): a prom-client registry of its
// own (tests build many apps in one process; the library's global registry would mix them), the
// process's default metrics (memory, CPU, event-loop delay, GC), and the app's: requests, sync/push,
// replays, refusals, push sends, the reminder scheduler's backlog and lag, and the database's use.
// The database figures are read when Prometheus scrapes, not kept up to date on every request.
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type * as Prom from 'prom-client';
import type { Db } from '../db/client';
import { pgliteInFlight } from '../db/pglite-parsers';
import { reminders } from '../db/schema/reminders';

type PromClient = typeof Prom;

export type MetricSet = {
  registry: Prom.Registry;
  requests: Prom.Counter<'method' | 'route' | 'status'>;
  duration: Prom.Histogram<'method' | 'route'>;
  syncBatches: Prom.Counter;
  syncItems: Prom.Counter;
  syncPulls: Prom.Counter<'answer'>;
  replays: Prom.Counter<'via'>;
  refusals: Prom.Counter<'code' | 'via'>;
  pushSends: Prom.Counter<'result'>;
  liveStreams: Prom.Gauge;
  livePokes: Prom.Counter<'kind'>;
  liveRefused: Prom.Counter<'reason'>;
};

type DueReminders = { backlog: number; lagSeconds: number };
type PoolUse = { total: number; idle: number; waiting: number; inFlight: number };

/** Reminders due and not yet fired, and how long the oldest of them has waited (0: none). */
async function dueReminders(db: Db): Promise<DueReminders> {
  const now = new Date().toISOString();
  const [row] = await db.select({
    backlog: sql<number>`count(*)::int`,
    lag: sql<number>`coalesce(extract(epoch from (${now}::timestamptz - min(${reminders.nextAt}))), 0)::float8`,
  }).from(reminders).where(and(eq(reminders.enabled, true), isNotNull(reminders.nextAt), lte(reminders.nextAt, sql`${now}::timestamptz`)));
  return { backlog: Number(row?.backlog ?? 0), lagSeconds: Math.max(0, Number(row?.lag ?? 0)) };
}

function numberField(value: object, name: string): number | undefined {
  const field: unknown = Reflect.get(value, name);
  return typeof field === 'number' ? field : undefined;
}

/**
 * The database's use, on either engine: node-postgres's pool (its connections, the idle ones and
 * the callers waiting for one), or PGlite's one connection, with drizzle's queries and transactions
 * running or queued for it (server/db/pglite-parsers.ts). Undefined for a client it cannot read.
 */
export function poolUse(db: Db): PoolUse | undefined {
  const client: unknown = Reflect.get(db, '$client');
  const inFlight = pgliteInFlight(client);
  if (inFlight !== undefined) return { total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1), inFlight };
  if (typeof client !== 'object' || client === null) return undefined;
  const total = numberField(client, 'totalCount');
  const idle = numberField(client, 'idleCount');
  const waiting = numberField(client, 'waitingCount');
  if (total === undefined || idle === undefined || waiting === undefined) return undefined;
  return { total, idle, waiting, inFlight: total - idle };
}

/** One scrape reads the due reminders once for both of its gauges. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => { pending = null; });
    return pending;
  };
}

function databaseGauges(prom: PromClient, registry: Prom.Registry, db: Db, log: FastifyBaseLogger): void {
  const registers = [registry];
  const due = sharedRead(() => dueReminders(db));
  // A failed read leaves the last values: the scrape itself must not fail with the database.
  const reading = async (set: (value: DueReminders) => void) => {
    try {
      set(await due());
    } catch (error) {
      log.warn({ err: error }, 'metrics: reading the due reminders failed');
    }
  };
  new prom.Gauge({
    name: 'prayer_reminder_backlog', help: 'Reminders due and not yet fired (all API processes)', registers,
    async collect() { await reading(({ backlog }) => this.set(backlog)); },
  });
  new prom.Gauge({
    name: 'prayer_reminder_lag_seconds', help: 'How long the oldest due reminder has waited to fire (0: none waiting)', registers,
    async collect() { await reading(({ lagSeconds }) => this.set(lagSeconds)); },
  });
  const pool = (name: string, help: string, pick: (use: PoolUse) => number) => new prom.Gauge({
    name, help, registers,
    collect() {
      const use = poolUse(db);
      if (use !== undefined) this.set(pick(use));
    },
  });
  pool('prayer_db_pool_connections', 'Database connections open (PGlite: its one connection)', (use) => use.total);
  pool('prayer_db_pool_idle_connections', 'Database connections open and idle', (use) => use.idle);
  pool('prayer_db_pool_waiting', 'Callers waiting for a database connection', (use) => use.waiting);
  pool('prayer_db_in_flight', 'Database queries and transactions running or waiting', (use) => use.inFlight);
}

export function createMetricSet(prom: PromClient, db: Db, log: FastifyBaseLogger): MetricSet {
  const registry = new prom.Registry();
  const registers = [registry];
  prom.collectDefaultMetrics({ register: registry });
  databaseGauges(prom, registry, db, log);
  return {
    registry,
    requests: new prom.Counter({
      name: 'prayer_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers,
    }),
    duration: new prom.Histogram({
      name: 'prayer_http_request_duration_seconds', help: 'Time to answer an HTTP request, by method and route pattern', labelNames: ['method', 'route'], registers,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    syncBatches: new prom.Counter({ name: 'prayer_sync_push_batches_total', help: 'sync/push batches applied', registers }),
    syncItems: new prom.Counter({ name: 'prayer_sync_push_items_total', help: 'Mutations in the sync/push batches applied', registers }),
    syncPulls: new prom.Counter({
      name: 'prayer_sync_pulls_total', help: 'sync/pull answers: from the change stamps alone, from them and the post changes, or by reading the sections', labelNames: ['answer'], registers,
    }),
    replays: new prom.Counter({
      name: 'prayer_idempotent_replays_total', help: 'Mutations answered from their stored answer (a retry), by way (request or sync_push)', labelNames: ['via'], registers,
    }),
    refusals: new prom.Counter({
      name: 'prayer_refusals_total', help: 'Error answers by their error code and way (request or sync_push item)', labelNames: ['code', 'via'], registers,
    }),
    pushSends: new prom.Counter({
      name: 'prayer_push_sends_total', help: 'Pushes sent to a device, by result (sent, unregistered, failed, skipped, error)', labelNames: ['result'], registers,
    }),
    // The live channel (issue #48, docs/api.md 'Live').
    liveStreams: new prom.Gauge({ name: 'prayer_live_streams', help: 'Live streams (GET sync/live) open on this process', registers }),
    livePokes: new prom.Counter({
      name: 'prayer_live_pokes_total', help: 'Live pokes sent, by what they carry (counts, new_posts, pull; a poke may carry several)', labelNames: ['kind'], registers,
    }),
    liveRefused: new prom.Counter({
      name: 'prayer_live_refused_total', help: 'Live streams refused by a cap, by reason (account, address)', labelNames: ['reason'], registers,
    }),
  };
}
