// Opens the database: PGlite (Postgres in WASM) by default, PostgreSQL when DATABASE_URL is
// postgres:// (docs/architecture/server.md 'Reference server'). Both are driven through the same
// Drizzle pg-core schema.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { pgliteListen, postgresListen, type Listen, type Unlisten } from './listener';
import { forDrizzle, installDrizzleParsers, PGLITE_PARSERS } from './pglite-parsers';
import { initDataDirApart, needsInitDb, PGLITE_START_PARAMS } from './pglite-settings';
import { schema } from './schema';

type Schema = typeof schema;
/** A database or an open transaction: domain functions accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** One connection for scripts that need session state (migrations, advisory locks). */
export type SqlSession = {
  exec(script: string): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
};

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a tarball, loadable through CreateDbOptions.loadDataDir. */
  snapshot?: () => Promise<Blob>;
  /** LISTEN on a notification channel (the live channel, issue #48: server/db/listener.ts). */
  listen: Listen;
  close(): Promise<void>;
};

/** The listen of the handle that opened a Db: buildApp finds it from the Db it is given (server/live/). */
const listeners = new WeakMap<object, Listen>();

export function listenerOf(db: Db): Listen | undefined {
  return listeners.get(db);
}

/** Ends what is still listening when the handle closes (its owner normally stops first). */
function tracked(listen: Listen): { listen: Listen; closeAll(): Promise<void> } {
  const open = new Set<Unlisten>();
  return {
    listen: async (channel, onPayload, onReconnect) => {
      const unlisten = await listen(channel, onPayload, onReconnect);
      const once: Unlisten = async () => {
        if (!open.delete(once)) return;
        await unlisten();
      };
      open.add(once);
      return once;
    },
    closeAll: async () => {
      await Promise.all([...open].map((unlisten) => unlisten()));
    },
  };
}

function withListener(handle: DbHandle): DbHandle {
  listeners.set(handle.db, handle.listen);
  return handle;
}

type CreateDbOptions = {
  /** PGlite only: start from a snapshot instead of running initdb (much faster; used by tests). */
  loadDataDir?: Blob;
  /** Sees every SQL statement with its parameters (bench/feed.ts EXPLAINs the feed's own queries). */
  logger?: Logger;
  /**
   * PostgreSQL only: where what needs a session of its own connects (the live channel's LISTEN,
   * migrations under their advisory lock) when DATABASE_URL is a pooler in transaction mode
   * (PgBouncer: docs/deploy.md 'Connection pooling'). Default DATABASE_SESSION_URL, else the URL.
   */
  sessionUrl?: string;
};

function sessionOf(client: pg.ClientBase): SqlSession {
  return {
    exec: async (script) => { await client.query(script); },
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  };
}

/**
 * Through a pooler in transaction mode a named statement would be prepared on one server
 * connection and asked for on another ("prepared statement ... already exists"): the pool's
 * queries go unnamed there (parsed and planned each time; the hot ones are named elsewhere:
 * tokens.ts find_session, posts.ts pray_for_post).
 */
function withoutStatementNames(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) => {
    const isPlainConfig = typeof config === 'object' && config !== null && 'name' in config && !('submit' in config);
    return query(isPlainConfig ? { ...config, name: undefined } : config, ...rest);
  };
  // The same function under node-postgres' overloads: only a config's name is dropped.
  client.query = unnamed as typeof client.query;
}

/**
 * Every transaction of the pool runs on one connection and nothing else holds session state, so
 * the pool may go through PgBouncer in transaction mode (docs/deploy.md 'Connection pooling'): a
 * `sessionUrl` apart from `url` says so. What holds a session (LISTEN, withSession) then connects
 * to `sessionUrl`, and the pool's statements go unnamed.
 */
function openPostgres(url: string, logger: Logger | undefined, sessionUrl: string): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX ?? 10) });
  if (sessionUrl !== url) pool.on('connect', withoutStatementNames);
  // An idle connection the server ends (a restart, a failover, the test database being dropped)
  // emits 'error' on the pool; unheard, it would crash the process. The pool replaces the
  // connection on the next query, so saying so is enough.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  const listening = tracked(postgresListen(sessionUrl, (message) => console.warn(message)));
  return withListener({
    db: drizzlePg({ client: pool, schema, ...(logger === undefined ? {} : { logger }) }),
    kind: 'postgres',
    listen: listening.listen,
    async withSession(fn) {
      if (sessionUrl !== url) {
        const own = new pg.Client({ connectionString: sessionUrl });
        await own.connect();
        try {
          return await fn(sessionOf(own));
        } finally {
          await own.end();
        }
      }
      const client = await pool.connect();
      try {
        return await fn(sessionOf(client));
      } finally {
        client.release();
      }
    },
    close: async () => {
      await listening.closeAll();
      await pool.end();
    },
  });
}

/** `lockDir`: the DATA_DIR whose lock is taken before PGlite opens `dataDir` (issue #11 item 1). */
async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, logger?: Logger, lockDir?: string): Promise<DbHandle> {
  // Throws DataDirInUseError at once when another server holds the directory (data-dir-lock.ts).
  const lock = lockDir === undefined ? undefined : acquireDataDirLock(lockDir);
  let client: PGlite;
  try {
    if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
    // A new directory gets its initdb in a child process (pglite-settings.ts: its memory is returned).
    if (dataDir !== undefined && loadDataDir === undefined && needsInitDb(dataDir)) await initDataDirApart(dataDir);
    client = await PGlite.create({
      startParams: [...PGLITE_START_PARAMS],
      ...(dataDir === undefined ? {} : { dataDir }),
      ...(loadDataDir === undefined ? {} : { loadDataDir }),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  installDrizzleParsers(client);
  const session: SqlSession = {
    exec: async (script) => { await client.exec(script); },
    rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params, { parsers: PGLITE_PARSERS })).rows,
  };
  const listening = tracked(pgliteListen(client));
  return withListener({
    db: drizzlePglite({ client: forDrizzle(client), schema, ...(logger === undefined ? {} : { logger }) }),
    kind: 'pglite',
    withSession: (fn) => fn(session),
    snapshot: async () => client.dumpDataDir('none'),
    listen: listening.listen,
    // The lock goes only once PGlite has flushed and closed the directory.
    close: async () => {
      await listening.closeAll();
      await client.close();
      lock?.release();
    },
  });
}

/**
 * `postgres://` or `postgresql://` -> node-postgres; `memory://` -> in-memory PGlite;
 * unset -> PGlite persisted at `${DATA_DIR ?? './data'}/pglite`.
 */
export async function createDb(url: string | undefined = process.env.DATABASE_URL, options: CreateDbOptions = {}): Promise<DbHandle> {
  if (url === undefined || url === '') {
    // One process per embedded database; memory:// and PostgreSQL need no lock.
    const dataDir = process.env.DATA_DIR ?? './data';
    return openPglite(join(dataDir, 'pglite'), undefined, undefined, dataDir);
  }
  if (url === 'memory://') return openPglite(undefined, options.loadDataDir, options.logger);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.logger, options.sessionUrl || process.env.DATABASE_SESSION_URL || url);
  throw new Error(`Unsupported DATABASE_URL '${url}': use postgres://..., memory:// or leave it unset`);
}
