// Writes a backup of the embedded database (issue #27 item 1;
// docs/decisions/0176-backups-of-the-embedded-database.md): one `prayer-backup-<UTC time>.tar.gz`
// holding backup.json, PGlite's data directory as a tarball (pglite.tar) and the secrets the server
// generated into DATA_DIR (app-secret, vapid.json), which a restored database needs to keep links
// and push working. The file is written under a hidden temporary name, fsynced, then linked into
// place: a backup killed halfway leaves only a `.partial` file (removed by the next backup), never
// a file that looks complete, and the earlier backups are not touched.
import { createWriteStream, existsSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, open, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { VAPID_FILE } from '../push/vapid';
import { tarStream, type TarInput } from './backup-archive';
import type { DbHandle } from './client';

export const BACKUP_PREFIX = 'prayer-backup-';
export const BACKUP_SUFFIX = '.tar.gz';
export const MANIFEST_ENTRY = 'backup.json';
export const DATABASE_ENTRY = 'pglite.tar';
/** DATA_DIR files that belong with the database (server/domain/signed-links.ts, server/push/vapid.ts). */
export const SECRET_FILES = ['app-secret', VAPID_FILE] as const;
export const BACKUP_FORMAT = 1;

export type BackupManifest = { format: number; createdAt: string; files: string[] };

/** What a backup reads from the open database. */
export type BackupSource = {
  /** The data directory as one tarball, taken while no statement runs (PGlite's dumpDataDir). */
  snapshot(): Promise<Blob>;
  /** Flushes the database's buffers to its files first, so a restore needs no WAL replay. */
  checkpoint(): Promise<void>;
};

export type BackupResult = { file: string; bytes: number };

/** The embedded database of `handle`; null on PostgreSQL (pg_dump, docs/deploy.md 'Backups'). */
export function backupSourceOf(handle: DbHandle): BackupSource | null {
  const { snapshot } = handle;
  if (handle.kind !== 'pglite' || snapshot === undefined) return null;
  return { snapshot, checkpoint: () => handle.withSession((session) => session.exec('CHECKPOINT')) };
}

/** prayer-backup-2026-11-29T10-00-00-123Z.tar.gz: sorts by time, no ':' (not allowed everywhere). */
export function backupName(at: Date): string {
  return `${BACKUP_PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${BACKUP_SUFFIX}`;
}

export function isBackupName(name: string): boolean {
  return name.startsWith(BACKUP_PREFIX) && name.endsWith(BACKUP_SUFFIX);
}

const PARTIAL = /^\.prayer-backup-.*\.(\d+)\.partial$/;

/** Whether a process of this pid runs (EPERM: it does, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Removes what killed backups left. Backups of this process run one at a time (writeBackup), so
 * none of its own partial files is being written now; another live process's may be.
 */
function removeStalePartials(folder: string): void {
  for (const name of readdirSync(folder)) {
    const pid = Number(PARTIAL.exec(name)?.[1] ?? Number.NaN);
    if (Number.isInteger(pid) && (pid === process.pid || !processAlive(pid))) unlinkSync(join(folder, name));
  }
}

function secretEntries(dataDir: string): TarInput[] {
  return SECRET_FILES.filter((name) => existsSync(join(dataDir, name)))
    .map((name) => ({ name, data: readFileSync(join(dataDir, name)) }));
}

async function fsyncDir(folder: string): Promise<void> {
  const dir = await open(folder, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

async function writeOnce(source: BackupSource, dataDir: string, folder: string, now: Date): Promise<BackupResult> {
  await mkdir(folder, { recursive: true });
  removeStalePartials(folder);
  const name = backupName(now);
  const file = join(folder, name);
  const partial = join(folder, `.${name}.${process.pid}.partial`);
  await source.checkpoint();
  const database = await source.snapshot();
  const secrets = secretEntries(dataDir);
  const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: now.toISOString(), files: [DATABASE_ENTRY, ...secrets.map((s) => s.name)] };
  const entries: TarInput[] = [{ name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), mode: 0o644 }, { name: DATABASE_ENTRY, data: database }, ...secrets];
  try {
    // 0600: the backup holds password hashes, sessions and the secrets. `flush`: fsync before close.
    await pipeline(Readable.from(tarStream(entries, now)), createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }));
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
  try {
    await link(partial, file); // fails rather than overwrite an existing backup
  } finally {
    await unlink(partial);
  }
  await fsyncDir(folder);
  return { file, bytes: (await stat(file)).size };
}

let queue: Promise<unknown> = Promise.resolve();

/** Writes one backup into `folder` (created if missing); backups of one process run one at a time. */
export function writeBackup(source: BackupSource, options: { dataDir: string; folder: string; now?: () => Date }): Promise<BackupResult> {
  const run = queue.then(() => writeOnce(source, resolve(options.dataDir), resolve(options.folder), (options.now ?? (() => new Date()))()));
  queue = run.catch(() => undefined);
  return run;
}

/** Keeps the newest `keep` backups of `folder` (by their names' time); returns the removed files. */
export function pruneBackups(folder: string, keep: number): string[] {
  if (!existsSync(folder)) return [];
  const backups = readdirSync(folder).filter(isBackupName).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((name) => join(folder, name));
  for (const file of removed) unlinkSync(file);
  return removed;
}
