// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// Issue #27 item 1 acceptance, in-process: the real server on an embedded database persisted in a
// DATA_DIR (as `npm start` runs it), backed up through its control port (what `npm run backup`
// asks) while members write, restored into an empty DATA_DIR (server/db/restore.ts), and the
// restored database compared with the source table by table. The command-line scripts, a kill
// during a backup and the restore's refusals are in backup-cli.test.ts.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { askRunningServer } from '../../server/db/backup-control';
import { loadBackupConfig, startBackupService, type BackupService } from '../../server/db/backup-service';
import { isBackupName, pruneBackups } from '../../server/db/backup';
import { createDb, type DbHandle } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { restoreBackup } from '../../server/db/restore';
import { seed } from '../../server/db/seed';
import { VAPID_FILE } from '../../server/push/vapid';
import { listen } from '../helpers/test-server';
import { DEMO } from './api';
import { allTableRows, type TableRows } from './backup-support';
import { templateDataDir } from './server-process';

let base: string;
let dataDir: string;
let handle: DbHandle;
let app: FastifyInstance;
let service: BackupService;
let url: string;
let token: string;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: { data?: Record<string, unknown> } }> {
  const response = await fetch(`${url}/api/v1/${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data?: Record<string, unknown> } };
}

/** Restores `file` into a new empty DATA_DIR and reads every table of it. */
async function restoredRows(file: string): Promise<{ rows: TableRows; dir: string; pg: PGlite }> {
  const dir = join(base, `restored-${String(Date.now())}`);
  await restoreBackup({ file, dataDir: dir });
  const pg = await PGlite.create({ dataDir: join(dir, 'pglite') });
  return { rows: await allTableRows((text) => pg.query<{ row: string }>(text).then((r) => r.rows)), dir, pg };
}

const sourceRows = () => allTableRows((text) => handle.withSession((s) => s.rows<{ row: string }>(text)));

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'prayer-backup-'));
  dataDir = join(base, 'data');
  await templateDataDir(dataDir);
  // createDb reads DATA_DIR as it starts (before its first await): set for that call only, as
  // this worker's other test files share process.env.
  const previous = process.env.DATA_DIR;
  process.env.DATA_DIR = dataDir;
  const opening = createDb('');
  if (previous === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previous;
  handle = await opening;
  await migrate(handle);
  await seed(handle.db);
  const config = loadConfig({}, { dataDir, logger: false, rateLimit: { enabled: false, max: 0, timeWindowMs: 0 }, reminderTickMs: 0 });
  app = await buildApp({ db: handle.db, config, dbKind: handle.kind });
  url = await listen(app);
  service = await startBackupService(handle, { intervalMs: null, keep: 7 }, { DATA_DIR: dataDir });
  // The generated secrets a backup carries along.
  writeFileSync(join(dataDir, 'app-secret'), 'a-generated-secret', { mode: 0o600 });
  writeFileSync(join(dataDir, VAPID_FILE), '{"publicKey":"p","privateKey":"k"}\n', { mode: 0o600 });
  const login = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  token = ((await login.json()) as { data: { authorization: { token: string } } }).data.authorization.token;
}, 120_000);

afterAll(async () => {
  await service.close();
  await app.close();
  await handle.close();
  rmSync(base, { recursive: true, force: true });
});

describe('backups of the embedded database (issue #27 item 1)', () => {
  it('under write load: every request answered, the backup holds every write answered before it began and no half of one', async () => {
    const seeded = await call('GET', 'posts');
    const postIds = ((seeded.json.data?.data ?? []) as { id: number }[]).map((p) => p.id).slice(0, 3);
    expect(postIds.length).toBe(3);
    const acked: number[] = [];
    const failures: string[] = [];
    let stop = false;
    let seq = 0;
    const writer = async () => {
      for (let i = 0; i < 400 && !stop; i += 1) {
        const n = (seq += 1);
        const created = await call('POST', 'post', { text: `Load post ${String(n)}`, type: 'REQUEST' });
        if (created.status === 201) acked.push(n);
        else failures.push(`post ${String(n)}: ${String(created.status)}`);
        const prayed = await call('POST', `post/${String(postIds[n % 3])}/pray`);
        if (prayed.status !== 200) failures.push(`pray: ${String(prayed.status)}`);
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acked.length < 15 && failures.length === 0) await new Promise((r) => setTimeout(r, 10));
    const before = new Set(acked);
    const backup = await askRunningServer(dataDir, join(base, 'backups'));
    const during = acked.length - before.size;
    const target = acked.length + 15;
    while (acked.length < target && failures.length === 0 && !stop) await new Promise((r) => setTimeout(r, 10));
    stop = true;
    await Promise.all(writers);
    expect(failures).toEqual([]);
    expect(backup).not.toBeNull();
    expect(during, 'the server answered writes while it wrote the backup').toBeGreaterThan(0);

    const restored = await restoredRows(backup?.file ?? '');
    try {
      const texts = (await restored.pg.query<{ text: string }>("SELECT text FROM posts WHERE text LIKE 'Load post %'")).rows.map((r) => r.text);
      for (const n of before) expect(texts).toContain(`Load post ${String(n)}`);
      expect(texts.length).toBeLessThan(seq + 1);
      // Each write whole: a post with its change row (a trigger in its transaction), a counter with its prayers.
      const orphans = await restored.pg.query("SELECT p.id FROM posts p LEFT JOIN post_changes c ON c.post_id = p.id WHERE c.post_id IS NULL");
      expect(orphans.rows).toEqual([]);
      const miscounted = await restored.pg.query('SELECT p.id FROM posts p WHERE p.prayed_count <> (SELECT count(*) FROM prayers r WHERE r.post_id = p.id)');
      expect(miscounted.rows).toEqual([]);
      // Table by table: every restored row is a row the source had; what the source has beyond it
      // is the load's writes after the snapshot (new posts, prayers, their change rows and counters,
      // the writers' rows of the change stamps' log: migrations/0024_change_stamps.sql).
      const source = await sourceRows();
      expect(Object.keys(restored.rows)).toEqual(Object.keys(source));
      const grew = new Set(['posts', 'prayers', 'post_changes', 'member_changes']);
      for (const [table, rows] of Object.entries(restored.rows)) {
        if (table === 'posts' || table === 'post_changes') continue; // counters and change ids move on; checked above and below
        const sourceSet = new Set(source[table]);
        expect(rows.filter((row) => !sourceSet.has(row)), `${table}: rows the source never had`).toEqual([]);
        if (!grew.has(table)) expect(rows, table).toEqual(source[table]);
      }
      const ids = (await restored.pg.query<{ id: number; text: string }>('SELECT id, text FROM posts ORDER BY id')).rows;
      const sourceIds = await handle.withSession((s) => s.rows<{ id: number; text: string }>('SELECT id, text FROM posts ORDER BY id'));
      expect(sourceIds.slice(0, ids.length)).toEqual(ids);
    } finally {
      await restored.pg.close();
    }
  }, 180_000);

  it('at rest: the restore equals the source in every table, and carries the generated secrets', async () => {
    const backup = await askRunningServer(dataDir, undefined);
    expect(backup?.file.startsWith(join(dataDir, 'backups'))).toBe(true);
    const restored = await restoredRows(backup?.file ?? '');
    try {
      const source = await sourceRows();
      expect(Object.keys(source).length).toBeGreaterThan(20);
      expect(source.posts?.length).toBeGreaterThan(30);
      expect(restored.rows).toEqual(source);
      expect(readFileSync(join(restored.dir, 'app-secret'), 'utf8')).toBe('a-generated-secret');
      expect(readFileSync(join(restored.dir, VAPID_FILE), 'utf8')).toBe(readFileSync(join(dataDir, VAPID_FILE), 'utf8'));
    } finally {
      await restored.pg.close();
    }
  }, 120_000);

  it('the control port answers only with the token of DATA_DIR/control.json', async () => {
    const { port } = JSON.parse(readFileSync(join(dataDir, 'control.json'), 'utf8')) as { port: number };
    const wrong = await fetch(`http://127.0.0.1:${String(port)}/backup`, { method: 'POST', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    const none = await fetch(`http://127.0.0.1:${String(port)}/backup`, { method: 'POST' });
    expect(none.status).toBe(401);
  });

  it('BACKUP_INTERVAL and BACKUP_KEEP: parsed, refused when malformed; keeping the newest N', () => {
    expect(loadBackupConfig({})).toEqual({ intervalMs: null, keep: 7 });
    expect(loadBackupConfig({ BACKUP_INTERVAL: '24h', BACKUP_KEEP: '3' })).toEqual({ intervalMs: 86_400_000, keep: 3 });
    expect(loadBackupConfig({ BACKUP_INTERVAL: '30m' }).intervalMs).toBe(1_800_000);
    expect(() => loadBackupConfig({ BACKUP_INTERVAL: '24' })).toThrow(/BACKUP_INTERVAL/);
    expect(() => loadBackupConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    const folder = join(base, 'prune');
    mkdirSync(folder);
    const names = ['2026-01-01', '2026-01-03', '2026-01-02', '2026-01-04'].map((day) => `prayer-backup-${day}T00-00-00-000Z.tar.gz`);
    for (const name of [...names, 'notes.txt']) writeFileSync(join(folder, name), 'x');
    expect(pruneBackups(folder, 2).sort()).toEqual([join(folder, names[0] ?? ''), join(folder, names[2] ?? '')].sort());
    expect(readdirSync(folder).sort()).toEqual(['notes.txt', names[1], names[3]].sort());
  });

  it('BACKUP_INTERVAL: the server takes backups itself into DATA_DIR/backups and keeps BACKUP_KEEP of them', async () => {
    const folder = join(dataDir, 'backups');
    rmSync(folder, { recursive: true, force: true });
    const written: string[] = [];
    mkdirSync(join(base, 'scheduled'));
    const scheduled = await startBackupService(handle, { intervalMs: 1_000, keep: 2 }, { DATA_DIR: join(base, 'scheduled') }, {
      log: (message) => written.push(message), error: (message) => written.push(`error: ${message}`),
    });
    try {
      while (written.length < 3) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await scheduled.close();
    }
    expect(written.filter((m) => m.startsWith('error'))).toEqual([]);
    const kept = readdirSync(join(base, 'scheduled', 'backups'));
    expect(kept.filter(isBackupName)).toHaveLength(2);
    expect(kept.filter((name) => !isBackupName(name))).toEqual([]);
    expect(existsSync(folder)).toBe(false);
  }, 240_000);
});
