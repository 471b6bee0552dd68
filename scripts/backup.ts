// `npm run backup [-- FOLDER]` (issue #27 item 1; docs/deploy.md 'Backups'): a backup of the
// embedded database of DATA_DIR (default ./data) into FOLDER (default DATA_DIR/backups), named by
// its time; prints the file. While a server runs on DATA_DIR, that server writes it (it alone may
// open the database: server/db/backup-control.ts) and goes on serving; otherwise this process
// opens DATA_DIR itself, holding its lock meanwhile. On PostgreSQL: pg_dump (docs/deploy.md).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { askRunningServer } from '../server/db/backup-control';
import { dataDirOf } from '../server/db/backup-service';
import { backupSourceOf, writeBackup, type BackupResult } from '../server/db/backup';
import { createDb } from '../server/db/client';
import { DataDirInUseError } from '../server/db/data-dir-lock';

async function backupOffline(dataDir: string, folder: string): Promise<BackupResult> {
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) throw new Error(`There is no database in DATA_DIR ${dataDir} (no pglite/ in it): set DATA_DIR to the server's.`);
  let handle;
  try {
    handle = await createDb(''); // the embedded database of DATA_DIR, with its lock
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new Error(`${error.message} That server did not answer the backup request: a server started before backups existed must be restarted once.`, { cause: error });
  }
  try {
    const source = backupSourceOf(handle);
    if (source === null) throw new Error('not the embedded database');
    return await writeBackup(source, { dataDir, folder });
  } finally {
    await handle.close();
  }
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} kB`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) throw new Error('Usage: npm run backup [-- FOLDER]   (default FOLDER: DATA_DIR/backups)');
  if ((process.env.DATABASE_URL ?? '') !== '') throw new Error('DATABASE_URL is set: this backs up the embedded database only. Back up PostgreSQL with pg_dump (docs/deploy.md, Backups).');
  const dataDir = dataDirOf(process.env);
  const folder = resolve(args[0] ?? join(dataDir, 'backups'));
  const result = (await askRunningServer(dataDir, folder)) ?? (await backupOffline(dataDir, folder));
  console.log(`Backup written: ${result.file} (${size(result.bytes)})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
