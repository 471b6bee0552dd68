// The database of one test server: in-memory PGlite from the migrated template by default, or,
// when TEST_DATABASE_URL=postgres://... is set, a fresh database on that PostgreSQL server
// (created per server and dropped on close), so the same suite runs on both engines (docs/architecture.md 'Reference server').
// A PGlite database a test is done with is emptied back to the template and kept for the next
// one of this process (./pglite-pool.ts): opening one costs ~0.7 s of CPU, emptying one ~0.1 s.
import type { Logger } from 'drizzle-orm/logger';
import { createDb, type DbHandle } from '../../server/db/client';
import { migratedTemplate } from './pglite-template';
import { releaseToPool, takeFromPool } from './pglite-pool';
import { createScratchDatabase } from './scratch-database';

export type TestDb = { handle: DbHandle; dispose(): Promise<void> };

async function openPostgresTestDb(adminUrl: string, logger: Logger | undefined): Promise<TestDb> {
  const database = await createScratchDatabase(adminUrl, 'prayer_test');
  const handle = await createDb(database.url, { logger });
  return {
    handle,
    async dispose() {
      await handle.close();
      await database.drop();
    },
  };
}

/** `logger` sees every statement (a test that EXPLAINs what the server sent): such a database is its own, never pooled. */
export async function openTestDb(logger?: Logger): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl !== '') return openPostgresTestDb(adminUrl, logger);
  if (logger !== undefined) {
    const handle = await createDb('memory://', { loadDataDir: await migratedTemplate(), logger });
    return { handle, dispose: () => handle.close() };
  }
  const handle = takeFromPool() ?? (await createDb('memory://', { loadDataDir: await migratedTemplate() }));
  let disposed = false;
  return {
    handle,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await releaseToPool(handle);
    },
  };
}
