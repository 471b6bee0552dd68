// The embedded database on a small server (issue #27 item 5;
// docs/decisions/0182-the-server-runs-compiled-with-a-small-embedded-database.md; figures:
// docs/deploy.md 'Small servers').
//   - Postgres's memory settings: shared_buffers 16 MB instead of 128 MB. PGlite reads its files
//     through the operating system, whose page cache keeps them as well, so a big buffer pool mostly
//     holds the same pages twice; a church's database is tens of MB.
//   - The first start on an empty DATA_DIR runs initdb, which in PGlite takes a second Postgres and
//     initdb's own WebAssembly instance in the same process (~700 MB for a few seconds); V8 keeps
//     most of it afterwards, so the server would idle at ~800 MB. It runs in a child process instead,
//     whose memory is all returned when it ends; the server then opens the prepared directory.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** PGlite's start parameters with this server's memory settings. */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c', 'shared_buffers=16MB',
  // VACUUM and CREATE INDEX (the migrations): 16 MB is plenty for tables of this size.
  '-c', 'maintenance_work_mem=16MB',
];

/** The child's program (CommonJS, no TypeScript: it runs the same from server/ and dist-server/). */
const INIT_PROGRAM = `
const [pglite, dataDir, params] = process.argv.slice(1);
require(pglite).PGlite.create({ dataDir, startParams: JSON.parse(params) })
  .then((db) => db.close())
  .catch((error) => { console.error(error); process.exit(1); });
`;

/** Whether `dataDir` holds no database yet (PGlite's own test: PG_VERSION). */
export function needsInitDb(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/** Runs initdb into the empty `dataDir` in a child process; rejects with its exit status. */
export function initDataDirApart(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', INIT_PROGRAM, pglite, dataDir, JSON.stringify(PGLITE_START_PARAMS)], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Creating the embedded database in ${dataDir} failed (${signal ?? `exit ${String(code)}`})`));
    });
  });
}
