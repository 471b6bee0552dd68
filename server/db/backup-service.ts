// The running server's side of backups (issue #27 item 1;
// docs/decisions/0176-backups-of-the-embedded-database.md): answers `npm run backup`
// (backup-control.ts) and, with BACKUP_INTERVAL (e.g. 24h), takes one itself into DATA_DIR/backups
// at that interval, keeping the newest BACKUP_KEEP (default 7) there. Embedded database only: on
// PostgreSQL it says to use pg_dump.
import { join, resolve } from 'node:path';
import { startBackupControl, type BackupControl } from './backup-control';
import { backupSourceOf, pruneBackups, writeBackup, type BackupResult } from './backup';
import type { DbHandle } from './client';

export type BackupConfig = { intervalMs: number | null; keep: number };

export type BackupService = { close(): Promise<void> };

type Log = { log(message: string): void; error(message: string): void };

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** BACKUP_INTERVAL: `<n>s|m|h|d` (unset, empty or 0: off); BACKUP_KEEP: a positive integer. */
export function loadBackupConfig(env: NodeJS.ProcessEnv): BackupConfig {
  const interval = env.BACKUP_INTERVAL?.trim() ?? '';
  const match = /^(\d+)\s*([smhd])$/i.exec(interval);
  if (interval !== '' && interval !== '0' && match === null) throw new Error(`BACKUP_INTERVAL must be a number and a unit (s, m, h or d), e.g. 24h; got '${interval}'`);
  const amount = Number(match?.[1] ?? 0) * (UNIT_MS[(match?.[2] ?? 's').toLowerCase()] ?? 0);
  // setInterval holds at most 2^31-1 ms (~24.8 days).
  if (amount > 2 ** 31 - 1) throw new Error(`BACKUP_INTERVAL is at most 24d; got '${interval}'`);
  const keepText = env.BACKUP_KEEP?.trim() ?? '';
  const keep = keepText === '' ? 7 : Number(keepText);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of backups, at least 1; got '${keepText}'`);
  return { intervalMs: amount > 0 ? amount : null, keep };
}

/** The DATA_DIR the server's database is in (as server/db/client.ts createDb reads it). */
export function dataDirOf(env: NodeJS.ProcessEnv): string {
  return resolve(env.DATA_DIR ?? './data');
}

/** Starts answering backup requests and the scheduled backups; close() waits for a backup being written. */
export async function startBackupService(handle: DbHandle, config: BackupConfig, env: NodeJS.ProcessEnv = process.env, log: Log = console): Promise<BackupService> {
  const source = backupSourceOf(handle);
  const persisted = (env.DATABASE_URL ?? '') === '';
  if (source === null || !persisted) {
    if (config.intervalMs !== null) log.error('BACKUP_INTERVAL backs up the embedded database only: with DATABASE_URL, back up with pg_dump (docs/deploy.md, Backups).');
    return { close: async () => undefined };
  }
  const dataDir = dataDirOf(env);
  const defaultFolder = join(dataDir, 'backups');
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    const done = () => { inFlight.delete(work); };
    work.then(done, done);
    return work;
  };
  const backup = (folder: string | undefined): Promise<BackupResult> => track(writeBackup(source, { dataDir, folder: folder ?? defaultFolder }));
  const control: BackupControl = await startBackupControl(dataDir, backup);

  let timer: NodeJS.Timeout | undefined;
  if (config.intervalMs !== null) {
    timer = setInterval(() => {
      // Tracked with its pruning, so close() never leaves more than BACKUP_KEEP behind.
      void track(backup(undefined).then((result) => {
        const removed = pruneBackups(defaultFolder, config.keep);
        log.log(`Backup written: ${result.file} (${String(result.bytes)} bytes)${removed.length > 0 ? `; removed ${String(removed.length)} older (BACKUP_KEEP=${String(config.keep)})` : ''}`);
      })).catch((error: unknown) => log.error(`Scheduled backup failed: ${error instanceof Error ? error.message : String(error)}`));
    }, config.intervalMs);
    timer.unref();
  }
  return {
    async close() {
      clearInterval(timer);
      await control.close();
      await Promise.allSettled([...inFlight]);
    },
  };
}
