// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// Issue #27 item 1 acceptance, as an operator runs it: `npm run backup` (scripts/backup.ts) beside
// a running `server/start.ts` process, a server killed with -9 halfway through writing a backup, and
// `npm run restore` (scripts/restore.ts) refusing a non-empty or locked DATA_DIR, then a server
// started on the restored one with its rows. The table-by-table comparison is in backup.test.ts.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, watch } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPost, Envelope } from '../../common/contract';
import { isBackupName } from '../../server/db/backup';
import { scopedFixture } from '../helpers/scoped-fixture';
import { DEMO } from './api';
import { callProcess, loginProcess, processPlace, runScript, type ServerProcess } from './server-process';

const place = scopedFixture('The scratch DATA_DIR', () => processPlace('prayer-backup-cli-'), (made) => made.tearDown());
let base: string;
let dataDir: string;
beforeAll(() => {
  ({ base, dataDir } = place());
});

async function start(dir: string): Promise<ServerProcess> {
  const server = await place().start(dir);
  await server.ready;
  return server;
}

async function post(server: ServerProcess, token: string, text: string): Promise<number> {
  const r = await callProcess<Envelope<{ post: ApiPost }>>(server, 'POST', 'post', { text, type: 'REQUEST' }, token);
  expect(r.status).toBe(201);
  return r.json.data.post.id;
}

async function backup(dir: string, args: string[] = []): Promise<string> {
  const run = await runScript('backup', args, dir).done;
  expect(run.code, run.stderr).toBe(0);
  const file = /^Backup written: (\S+) \(/m.exec(run.stdout)?.[1];
  expect(file).toBeDefined();
  return file ?? '';
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('npm run backup and npm run restore (issue #27 item 1)', () => {
  let first: string;
  let latest: string;
  let before: number;
  let after: number;

  it('backs up a running server into DATA_DIR/backups or a folder; a backup killed halfway leaves the earlier ones and no complete-looking file', async () => {
    const server = await start(dataDir);
    const token = await loginProcess(server, DEMO);
    before = await post(server, token, 'Written before the first backup');
    first = await backup(dataDir);
    expect(first.startsWith(join(dataDir, 'backups', 'prayer-backup-'))).toBe(true);
    const elsewhere = await backup(dataDir, [join(base, 'elsewhere')]);
    expect(readdirSync(join(base, 'elsewhere'))).toEqual([basename(elsewhere)]);
    const firstHash = sha256(first);

    // The server dies (kill -9) while it writes the next backup into the same folder.
    const folder = join(dataDir, 'backups');
    const watcher = watch(folder, (_event, name) => {
      if (name?.endsWith('.partial') === true) server.child.kill('SIGKILL');
    });
    const killed = await runScript('backup', [], dataDir).done;
    watcher.close();
    expect(await server.exited).toBeNull(); // killed, not exited
    expect(killed.code).not.toBe(0);
    const names = readdirSync(folder);
    expect(names.filter(isBackupName)).toEqual([basename(first)]);
    expect(sha256(first)).toBe(firstHash);
    const partials = names.filter((name) => !isBackupName(name));
    expect(partials).toHaveLength(1);
    expect(partials[0]).toMatch(/^\.prayer-backup-.*\.partial$/);
    const partialRestore = await runScript('restore', [join(folder, partials[0] ?? '')], join(base, 'never')).done;
    expect(partialRestore.code).toBe(1);
    expect(partialRestore.stderr).toContain('is not a complete backup');
    expect(existsSync(join(base, 'never', 'pglite'))).toBe(false);

    // The next start takes over; its first backup clears what the killed one left.
    const next = await start(dataDir);
    after = await post(next, await loginProcess(next, DEMO), 'Written after the first backup');
    latest = await backup(dataDir);
    expect(readdirSync(folder).sort()).toEqual([basename(first), basename(latest)].sort());
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 240_000);

  it('restores into an empty DATA_DIR only, never one a server holds; the server starts on it with its rows', async () => {
    const refused = await runScript('restore', [latest], dataDir).done;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`DATA_DIR ${dataDir} is not empty (`);
    expect(refused.stderr).toContain('--force');

    const fresh = join(base, 'fresh');
    const restored = await runScript('restore', [latest], fresh).done;
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`into DATA_DIR ${fresh}`);
    expect(restored.stdout).toMatch(/ posts: \d+ rows/);
    const server = await start(fresh);
    const token = await loginProcess(server, DEMO);
    for (const [id, text] of [[before, 'Written before the first backup'], [after, 'Written after the first backup']] as const) {
      const read = await callProcess<Envelope<{ post: ApiPost }>>(server, 'GET', `post/${String(id)}`, undefined, token);
      expect(read.json.data.post.text).toBe(text);
    }
    const locked = await runScript('restore', [first, '--force'], fresh).done;
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(`Not restoring while a server runs on DATA_DIR: DATA_DIR ${fresh} is in use by the server with pid ${String(server.child.pid)}`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // --force: what was there is moved aside, and the older backup is what the server then serves.
    const forced = await runScript('restore', [first, '--force'], fresh).done;
    expect(forced.code, forced.stderr).toBe(0);
    const aside = /What was there before is in (\S+)\.$/m.exec(forced.stdout)?.[1] ?? '';
    expect(existsSync(join(aside, 'pglite', 'PG_VERSION'))).toBe(true);
    const older = await start(fresh);
    const olderToken = await loginProcess(older, DEMO);
    expect((await callProcess(older, 'GET', `post/${String(before)}`, undefined, olderToken)).status).toBe(200);
    expect((await callProcess(older, 'GET', `post/${String(after)}`, undefined, olderToken)).status).toBe(404);
    older.child.kill('SIGTERM');
    expect(await older.exited).toBe(0);
  }, 240_000);
});
