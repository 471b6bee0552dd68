// The database of one test server: in-memory PGlite from the migrated template by default, or,
// when TEST_DATABASE_URL=postgres://... is set, a fresh database on that PostgreSQL server
// (migrated by the server's start, dropped when it goes), so the same suite runs on both engines
// (docs/architecture/server.md 'Reference server'). A database a test is done with is emptied back
// to the template and kept for the next one of this process (./test-db-pool.ts).
import type { Logger } from 'drizzle-orm/logger';
import { createDb, type DbHandle } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { migratedTemplate } from './pglite-template';
import { noteTemplate, releaseToPool, takeFromPool, type PooledDb } from './test-db-pool';
import { createScratchDatabase } from './scratch-database';

export type TestDb = { handle: DbHandle; dispose(): Promise<void> };

/** A new database made from the template: migrated, no rows but the migrations' own. */
async function newDb(logger: Logger | undefined): Promise<PooledDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl === undefined || adminUrl === '') {
    const handle = await createDb('memory://', { loadDataDir: await migratedTemplate(), logger });
    return { handle, close: () => handle.close() };
  }
  const database = await createScratchDatabase(adminUrl, 'prayer_test');
  const handle = await createDb(database.url, { logger });
  await migrate(handle);
  return {
    handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** `logger` sees every statement (a test that EXPLAINs what the server sent): such a database is its own, never pooled. */
export async function openTestDb(logger?: Logger): Promise<TestDb> {
  if (logger !== undefined) {
    const db = await newDb(logger);
    return { handle: db.handle, dispose: () => db.close() };
  }
  let db = takeFromPool();
  if (db === null) {
    db = await newDb(undefined);
    await noteTemplate(db.handle);
  }
  const taken = db;
  let isDisposed = false;
  return {
    handle: taken.handle,
    async dispose() {
      if (isDisposed) return;
      isDisposed = true;
      await releaseToPool(taken);
    },
  };
}
