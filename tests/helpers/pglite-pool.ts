// In-memory PGlite databases kept for reuse within one test process (tests/helpers/test-db.ts).
// The unit suite opened 120 of them, ~0.7 s of CPU each (PGlite's start and the template's
// load): a sixth of the suite's CPU (docs/decisions.md 'CI time: what each check costs'). A database
// a test is done with is emptied back to the template instead: every table truncated, identities
// restarted, the template's own rows put back, session settings and locks reset. One whose
// schema a test changed (a table or a trigger of its own) or that cannot be emptied is closed,
// never reused, so a reused database is the template's in every way a test can see.
import { createDb, type DbHandle, type SqlSession } from '../../server/db/client';
import { migratedTemplate } from './pglite-template';

/** Free databases kept per process; more are closed (each holds ~100 MB). */
const POOL_MAX = 2;

/** The template's shape, and its rows that are not the migration log (channels). */
type Template = { fingerprint: string; tables: string[]; rows: Map<string, unknown[]> };

const free: DbHandle[] = [];
let template: Promise<Template> | null = null;

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

/** Read from a database just opened from the template, before any test has touched it. */
async function readTemplate(session: SqlSession): Promise<Template> {
  const tables = (await session.rows<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`))
    .map((row) => row.tablename)
    .filter((table) => table !== KEPT_TABLE);
  const rows = new Map<string, unknown[]>();
  for (const table of tables) {
    const held = await session.rows(`select * from "${table}"`);
    if (held.length > 0) rows.set(table, (await session.rows<{ rows: unknown[] }>(`select coalesce(json_agg(t), '[]'::json) as rows from "${table}" t`))[0]?.rows ?? []);
  }
  return { fingerprint: await fingerprint(session), tables, rows };
}

/** A free database, emptied back to the template; null when none is free. */
export function takeFromPool(): DbHandle | null {
  return free.pop() ?? null;
}

/** Empties `handle` back to the template and keeps it, or closes it when it cannot be (see above). */
export async function releaseToPool(handle: DbHandle): Promise<void> {
  if (handle.kind !== 'pglite' || free.length >= POOL_MAX) return handle.close();
  try {
    const isReset = await handle.withSession(async (session) => {
      template ??= readTemplateAfresh();
      const known = await template;
      if ((await fingerprint(session)) !== known.fingerprint) return false;
      await session.exec(`reset all; select pg_advisory_unlock_all(); unlisten *;
        truncate ${known.tables.map((table) => `"${table}"`).join(', ')} restart identity cascade;`);
      for (const [table, rows] of known.rows) {
        await session.rows(`insert into "${table}" select * from json_populate_recordset(null::"${table}", $1::json)`, [JSON.stringify(rows)]);
      }
      return true;
    });
    if (isReset) free.push(handle);
    else await handle.close();
  } catch {
    // A test closed it, or left it where it cannot be emptied: it goes.
    await handle.close().catch(() => undefined);
  }
}

/** The template's shape and rows, read from a database opened from it for that alone. */
async function readTemplateAfresh(): Promise<Template> {
  const fresh = await createDb('memory://', { loadDataDir: await migratedTemplate() });
  try {
    return await fresh.withSession(readTemplate);
  } finally {
    await fresh.close();
  }
}
