// The abuse limit's counters in the database (issue #14 point 5): with several API processes on
// one PostgreSQL, a client's attempts on a route count against one budget wherever they land.
// A store for @fastify/rate-limit (its `store` option): `incr` is one atomic upsert that starts a
// new window when the last one has ended, timed by the database's clock so every process agrees.
// On PGlite (one process by design) the plugin's in-memory store is used instead (server/app.ts).
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { firstRow, isRecord } from '../db/first-row';

type Counted = { current: number; ttl: number };
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Rows whose window ended this long ago are deleted now and then (every PRUNE_EVERY increments). */
const PRUNE_AFTER_MS = 60 * 60_000;
const PRUNE_EVERY = 500;

/**
 * The route part of a key: one budget per route, as the in-memory store keeps one map per route.
 * The plugin passes its merged limit options with the route under `routeInfo` (its typings say
 * the route options themselves), so both places are read.
 */
export function routeKeyPrefix(options: object): string {
  const routeInfo: unknown = Reflect.get(options, 'routeInfo');
  const route: Record<string, unknown> = isRecord(routeInfo) ? routeInfo : { ...options };
  const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method ?? '');
  return `${method} ${String(route.url ?? '')}|`;
}

/** Counts one hit for `key` in a window of `windowMs`: the hits so far and the ms left in the window. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Counted> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    VALUES (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (reset_at - clock_timestamp())) * 1000))::float8 AS ttl`);
  const row = firstRow(result, 'the rate limit upsert');
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < clock_timestamp() - make_interval(secs => ${PRUNE_AFTER_MS / 1000})`);
}

/** A store class bound to `db`, as the plugin's `store` option wants (it constructs it itself). */
export function databaseRateLimitStore(db: Db, onError: (error: unknown) => void): FastifyRateLimitStoreCtor {
  let increments = 0;
  class DatabaseStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
      increments += 1;
      if (increments % PRUNE_EVERY === 0) pruneRateLimits(db).catch(onError);
      countHit(db, this.prefix + key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new DatabaseStore(routeOptions, routeKeyPrefix(routeOptions));
    }
  }
  return DatabaseStore;
}
