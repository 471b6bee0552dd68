// Test databases kept for reuse within one test process (tests/helpers/test-db.ts), PGlite or
// PostgreSQL. The unit suite opened 120 in-memory PGlite databases, ~0.7 s of CPU each (PGlite's
// start and the template's load): a sixth of the suite's CPU; on PostgreSQL each server made a
// database and ran every migration
// (docs/decisions/0207-ci-time-what-each-check-costs-2026-12-06.md). A database a test is done with
// is emptied back to the template instead: every table truncated, identities restarted, the
// template's own rows put back, session settings and locks reset. One whose schema a test changed
// (a table or a trigger of its own) or that cannot be emptied is closed, never reused, so a reused
// database is the template's in every way a test can see.
import type { DbHandle, SqlSession } from '../../server/db/client';

/** A database of the pool: its handle, and how it goes for good (closed, and dropped on PostgreSQL). */
export type PooledDb = { handle: DbHandle; close(): Promise<void> };

/** Free databases kept per process; more are closed (a PGlite one holds ~100 MB). */
const POOL_MAX = 2;

/** The template's shape, and its rows that are not the migration log (the channels). */
type Template = { fingerprint: string; tables: string[]; rows: Map<string, unknown[]> };

const free: PooledDb[] = [];
let template: Template | null = null;

const FINGERPRINT_SQL = `
  select (select string_agg(relname || ':' || relkind::text, ',' order by relname) from pg_class c
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public') as relations,
         (select string_agg(tgname, ',' order by tgname) from pg_trigger where not tgisinternal) as triggers,
         (select string_agg(proname, ',' order by proname) from pg_proc p
            join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public') as functions`;

/** The migration log stays as the template has it; every other table is emptied. */
const KEPT_TABLE = 'schema_migrations';

async function fingerprint(session: SqlSession): Promise<string> {
  return JSON.stringify(await session.rows(FINGERPRINT_SQL));
}

/** Read from a database just made from the template, before any test has touched it. */
async function readTemplate(session: SqlSession): Promise<Template> {
  const tables = (await session.rows<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`))
    .map((row) => row.tablename)
    .filter((table) => table !== KEPT_TABLE);
  const rows = new Map<string, unknown[]>();
  for (const table of tables) {
    const [held] = await session.rows<{ rows: unknown[] }>(`select coalesce(json_agg(t), '[]'::json) as rows from "${table}" t`);
    if (held && held.rows.length > 0) rows.set(table, held.rows);
  }
  return { fingerprint: await fingerprint(session), tables, rows };
}

/** `fresh` is a database made from the template and not yet used: its shape and rows are the template's, read once. */
export async function noteTemplate(fresh: DbHandle): Promise<void> {
  template ??= await fresh.withSession(readTemplate);
}

/** A free database, emptied back to the template; null when none is free. */
export function takeFromPool(): PooledDb | null {
  return free.pop() ?? null;
}

/** Empties the database back to the template and keeps it, or closes it when it cannot be (see above). */
export async function releaseToPool(db: PooledDb): Promise<void> {
  const known = template;
  if (known === null || free.length >= POOL_MAX) return db.close();
  try {
    const isReset = await db.handle.withSession(async (session) => {
      if ((await fingerprint(session)) !== known.fingerprint) return false;
      await session.exec(`reset all; select pg_advisory_unlock_all(); unlisten *;
        truncate ${known.tables.map((table) => `"${table}"`).join(', ')} restart identity cascade;`);
      for (const [table, rows] of known.rows) {
        await session.rows(`insert into "${table}" select * from json_populate_recordset(null::"${table}", $1::json)`, [JSON.stringify(rows)]);
      }
      return true;
    });
    if (isReset) free.push(db);
    else await db.close();
  } catch {
    // A test closed it, or left it where it cannot be emptied: it goes.
    await db.close().catch(() => undefined);
  }
}
