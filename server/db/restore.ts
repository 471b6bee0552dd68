// `npm run restore -- FILE` (issue #27 item 1;
// docs/decisions/0176-backups-of-the-embedded-database.md): puts a backup written by backup.ts into
// DATA_DIR, for the server to start on. It holds the DATA_DIR lock throughout (data-dir-lock.ts),
// so it never runs while a server has the directory and no server starts on a half-restored one.
// The database is unpacked and opened aside (pglite.restoring), counted, closed, and only then
// renamed into place; a DATA_DIR that already holds a database or secrets is refused unless
// `force`, and then moved aside, not deleted.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { readTar } from './backup-archive';
import { BACKUP_FORMAT, DATABASE_ENTRY, MANIFEST_ENTRY, SECRET_FILES, type BackupManifest } from './backup';
import { CONTROL_FILE } from './backup-control';
import { acquireDataDirLock, LOCK_FILE } from './data-dir-lock';
import { PGLITE_START_PARAMS } from './pglite-settings';

export class RestoreRefusedError extends Error {}

export type TableCount = { table: string; rows: number };

export type RestoreResult = { dataDir: string; createdAt: string; tables: TableCount[]; movedAside: string | null };

const DATABASE_DIR = 'pglite';
const STAGING_DIR = 'pglite.restoring';

/** What may be in a DATA_DIR counted as empty: no database, no secrets (docs/deploy.md 'Restore'). */
function ignorable(name: string): boolean {
  return name === 'backups' || name === 'mail' || name === STAGING_DIR || name === CONTROL_FILE
    || name.startsWith(LOCK_FILE) || name.startsWith('replaced-');
}

function occupying(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  return readdirSync(dataDir).filter((name) => {
    if (ignorable(name)) return false;
    const path = join(dataDir, name);
    return !(statSync(path).isDirectory() && readdirSync(path).length === 0);
  });
}

type Backup = { manifest: BackupManifest; database: Buffer; secrets: Map<string, Buffer> };

/** Reads and checks the whole file before anything is touched: a damaged or truncated one is refused. */
export function readBackup(file: string): Backup {
  let files: Map<string, Buffer>;
  try {
    files = readTar(gunzipSync(readFileSync(file)));
  } catch (error) {
    throw new RestoreRefusedError(`${file} is not a complete backup: ${error instanceof Error ? error.message : String(error)}`);
  }
  const manifestText = files.get(MANIFEST_ENTRY);
  const database = files.get(DATABASE_ENTRY);
  if (manifestText === undefined || database === undefined) throw new RestoreRefusedError(`${file} is not a backup of this app (no ${MANIFEST_ENTRY} or ${DATABASE_ENTRY} in it)`);
  const manifest = JSON.parse(manifestText.toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefusedError(`${file} has backup format ${String(manifest.format)}; this version reads format ${String(BACKUP_FORMAT)}`);
  const secrets = new Map<string, Buffer>();
  for (const name of SECRET_FILES) {
    const data = files.get(name);
    if (data !== undefined) secrets.set(name, data);
  }
  return { manifest, database, secrets };
}

/** Every table of the database outside the system schemas, with its row count. */
export async function countRows(pg: PGlite): Promise<TableCount[]> {
  const tables = await pg.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`);
  const counts: TableCount[] = [];
  for (const { schema, name } of tables.rows) {
    const result = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${name}"`);
    counts.push({ table: schema === 'public' ? name : `${schema}.${name}`, rows: result.rows[0]?.n ?? 0 });
  }
  return counts;
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Restores `file` into `dataDir`. Throws DataDirInUseError while a server holds it, and
 * RestoreRefusedError for a non-empty one without `force` or a file that is not a whole backup.
 */
export async function restoreBackup(options: { file: string; dataDir: string; force?: boolean; now?: Date }): Promise<RestoreResult> {
  const dataDir = resolve(options.dataDir);
  const backup = readBackup(resolve(options.file));
  const lock = acquireDataDirLock(dataDir);
  try {
    const present = occupying(dataDir);
    const aside = join(dataDir, `replaced-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`);
    if (present.length > 0 && options.force !== true) {
      throw new RestoreRefusedError(`DATA_DIR ${dataDir} is not empty (${present.join(', ')}): restore into an empty DATA_DIR, or add --force to move what is there aside (into ${aside}) and restore.`);
    }
    const staging = join(dataDir, STAGING_DIR);
    rmSync(staging, { recursive: true, force: true }); // what an interrupted restore left
    const pg = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([new Uint8Array(backup.database)]), startParams: [...PGLITE_START_PARAMS] });
    let tables: TableCount[];
    try {
      tables = await countRows(pg);
    } finally {
      await pg.close();
    }
    if (present.length > 0) {
      mkdirSync(aside);
      for (const name of present) renameSync(join(dataDir, name), join(aside, name));
    }
    for (const [name, data] of backup.secrets) writeFileSync(join(dataDir, name), data, { mode: 0o600 });
    renameSync(staging, join(dataDir, DATABASE_DIR));
    await fsyncDir(dataDir);
    return { dataDir, createdAt: backup.manifest.createdAt, tables, movedAside: present.length > 0 ? aside : null };
  } finally {
    lock.release();
  }
}
