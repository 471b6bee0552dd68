// The file's own test database (./test-db.ts), opened before its tests and given back after them,
// migrated (a no-op on the PGlite template, as test-server.ts does it) and, with `seed`, holding the
// demo data. Read `.handle` inside a test or a hook.
import type { Logger } from 'drizzle-orm/logger';
import { migrate } from '../../server/db/migrate';
import { seed as seedDemo } from '../../server/db/seed';
import { scopedObject } from './scoped-fixture';
import { openTestDb, type TestDb } from './test-db';

export function useTestDb({ seed = false, logger }: { seed?: boolean; logger?: Logger } = {}): TestDb {
  return scopedObject('The test database', async () => {
    const testDb = await openTestDb(logger);
    await migrate(testDb.handle);
    if (seed) await seedDemo(testDb.handle.db);
    return testDb;
  }, (testDb) => testDb.dispose());
}
