// Applies server/migrations/NNNN_*.sql in order, each once, tracked in schema_migrations.
// Forward-only: a shipped migration is never edited; a change is a new file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle, SqlSession } from './client';

const HERE = dirname(fileURLToPath(import.meta.url));
// server/migrations, from this file (server/db/) or from the compiled server, one file in
// dist-server/ (docs/decisions/0182-the-server-runs-compiled-with-a-small-embedded-database.md).
const MIGRATIONS_DIR = [join(HERE, '..', 'migrations'), join(HERE, '..', 'server', 'migrations')].find((dir) => existsSync(dir)) ?? join(HERE, '..', 'migrations');
// Several API processes may start at once against one PostgreSQL (docs/architecture/server.md
// 'Reference server' 'Scale').
const MIGRATION_LOCK_ID = 7_310_001;

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }));
}

async function applyPending(session: SqlSession, dir: string): Promise<string[]> {
  await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await session.rows<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const migration of listMigrations(dir)) {
    if (done.has(migration.name)) continue;
    // The script and its bookkeeping row commit together or not at all.
    await session.exec('BEGIN');
    try {
      await session.exec(migration.sql);
      await session.rows('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      await session.exec('COMMIT');
    } catch (error) {
      await session.exec('ROLLBACK');
      throw new Error(`Migration ${migration.name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    applied.push(migration.name);
  }
  return applied;
}

/** Returns the names of the migrations applied by this call. */
export async function migrate(handle: DbHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  return handle.withSession(async (session) => {
    await session.rows('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      return await applyPending(session, dir);
    } finally {
      await session.rows('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
