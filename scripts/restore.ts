// `npm run restore -- FILE [--force]` (issue #27 item 1; docs/deploy.md 'Restore'): puts the
// backup FILE into DATA_DIR (default ./data), which must hold no database (--force moves what is
// there aside), never while a server runs on it; then `npm start` serves it. server/db/restore.ts.
import { resolve } from 'node:path';
import { dataDirOf } from '../server/db/backup-service';
import { DataDirInUseError } from '../server/db/data-dir-lock';
import { restoreBackup, RestoreRefusedError } from '../server/db/restore';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const file = files[0];
  if (file === undefined || files.length > 1 || file.startsWith('-')) throw new RestoreRefusedError('Usage: npm run restore -- FILE [--force]   (into DATA_DIR, default ./data)');
  if ((process.env.DATABASE_URL ?? '') !== '') throw new RestoreRefusedError('DATABASE_URL is set: this restores the embedded database only. Restore PostgreSQL with pg_restore (docs/deploy.md, Restore).');
  const result = await restoreBackup({ file: resolve(file), dataDir: dataDirOf(process.env), force });
  console.log(`Restored ${resolve(file)} (taken ${result.createdAt}) into DATA_DIR ${result.dataDir}.`);
  if (result.movedAside !== null) console.log(`What was there before is in ${result.movedAside}.`);
  for (const { table, rows } of result.tables) console.log(`  ${table}: ${String(rows)} rows`);
  console.log('Start the server on it with the same DATA_DIR (npm start).');
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError) console.error(`Not restoring while a server runs on DATA_DIR: ${error.message}`);
  else console.error(error instanceof RestoreRefusedError ? error.message : error);
  process.exit(1);
});
