// The database a bench runs on: PostgreSQL when scripts/with-postgres.sh gave one
// (BENCH_DATABASE_URL, a scratch database of its own, dropped afterwards), else PGlite in memory.
import { createDb, type DbHandle } from '../server/db/client';
import { createScratchDatabase } from '../tests/helpers/scratch-database';

export type BenchEngine = { label: string; handle: DbHandle; dispose(): Promise<void> };

/** `prefix` names the scratch database (each bench its own, so two never share one). */
export async function openBenchEngine(prefix: string): Promise<BenchEngine> {
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await createDb('memory://');
    return { label: 'PGlite (in memory)', handle, dispose: () => handle.close() };
  }
  const database = await createScratchDatabase(adminUrl, prefix);
  const handle = await createDb(database.url);
  return {
    label: `PostgreSQL (pool ${process.env.DB_POOL_MAX ?? 10})`, handle,
    async dispose() {
      await handle.close();
      await database.drop();
    },
  };
}
