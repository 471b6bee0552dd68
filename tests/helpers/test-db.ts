// The database of one test server: in-memory PGlite from the migrated template by default, or,
// when TEST_DATABASE_URL=postgres://... is set, a fresh database on that PostgreSQL server
// (created per server and dropped on close), so the same suite runs on both engines (docs/architecture.md 'Reference server').
import type { Logger } from 'drizzle-orm/logger';
import { createDb, type DbHandle } from '../../server/db/client';
import { migratedTemplate } from './pglite-template';
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

/** `logger` sees every statement (a test that EXPLAINs what the server sent). */
export async function openTestDb(logger?: Logger): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl !== '') return openPostgresTestDb(adminUrl, logger);
  const handle = await createDb('memory://', { loadDataDir: await migratedTemplate(), logger });
  return { handle, dispose: () => handle.close() };
}
