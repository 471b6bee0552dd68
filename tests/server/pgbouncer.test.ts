// The API through PgBouncer in transaction mode (issue #50 item 5; docs/deploy.md 'Connection
// pooling'): the pool's connections go through the pooler, which hands each transaction whichever
// server connection is free (two here, for ten pool clients), and what needs a session of its own
// (the live channel's LISTEN, the migrations' advisory lock) connects straight to PostgreSQL
// (DATABASE_SESSION_URL). Migrated and seeded through it, a request is prayed for by twelve members
// at once and counted exactly (the pray's named statement goes unnamed through the pooler: it
// failed with "prepared statement ... already exists" before), the author's stream is poked with
// the count, and a returning pull answers.
// Runs in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL); .ci/run installs pgbouncer.
// Without it on a developer's machine the test says so and skips.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PostResponse } from '../../common/contract';
import type { SyncPull } from '../../common/sync-contract';
import { createDb } from '../../server/db/client';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { startApi, type Api } from './api';
import { liveStream } from './live-support';
import { newRequest } from './post-actors';
import { freePort } from './server-process';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';
const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => spawnSync(path, ['--version']).status === 0);
if (PGBOUNCER === undefined && ADMIN_URL !== '' && process.env.CI === 'true') throw new Error('pgbouncer is missing: .ci/run installs it');
/** Server connections the pooler may open: fewer than the app's pool, so transactions share them. */
const SERVER_CONNECTIONS = 2;
const PRAYERS = 12;

type Bouncer = { url: string; child: ChildProcess; dir: string; log(): string };

/** PgBouncer in front of `database` (root starts it as the postgres user, as the cluster runs). */
async function startBouncer(database: ScratchDatabase): Promise<Bouncer> {
  const target = new URL(database.url);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'prayer-pgbouncer-'));
  chmodSync(dir, 0o777);
  const name = target.pathname.slice(1);
  writeFileSync(join(dir, 'pgbouncer.ini'), [
    '[databases]',
    `${name} = host=${target.hostname} port=${target.port} dbname=${name} user=${decodeURIComponent(target.username)}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${String(port)}`,
    'unix_socket_dir =',
    'auth_type = any',
    'pool_mode = transaction',
    `default_pool_size = ${String(SERVER_CONNECTIONS)}`,
    'max_client_conn = 100',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    `pidfile = ${join(dir, 'pgbouncer.pid')}`,
    '',
  ].join('\n'));
  const asRoot = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn(PGBOUNCER ?? 'pgbouncer', [...asRoot, join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  const url = `postgres://${target.username}@127.0.0.1:${String(port)}/${name}`;
  const log = () => {
    try {
      return readFileSync(join(dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return '(no log)';
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new pg.Client({ connectionString: url });
    const ok = await probe.connect().then(() => probe.query('SELECT 1').then(() => true), () => false);
    await probe.end().catch(() => undefined);
    if (ok) return { url, child, dir, log };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`pgbouncer did not start: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(ADMIN_URL === '' || PGBOUNCER === undefined)('the API through PgBouncer in transaction mode', () => {
  let database: ScratchDatabase;
  let bouncer: Bouncer;
  let api: Api;

  beforeAll(async () => {
    database = await createScratchDatabase(ADMIN_URL, 'prayer_bouncer');
    bouncer = await startBouncer(database);
    // Migrations (server/db/migrate.ts) and the seed run through the handle, as a start does.
    api = await startApi({
      reminderTickMs: 0,
      openDb: async () => {
        const handle = await createDb(bouncer.url, { sessionUrl: database.url });
        return { handle, dispose: () => handle.close() };
      },
    });
  });

  afterAll(async () => {
    await api.close();
    bouncer.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    rmSync(bouncer.dir, { recursive: true, force: true });
    await database.drop();
  });

  it('counts prays made at once exactly, pokes the live stream, and answers a returning pull', async () => {
    const author = (await api.register('Bouncer Author')).authorization.token;
    const post = await newRequest(api, author, 'Pray through the pooler.');
    const watching = await liveStream(api.server.url, author);
    const members = await Promise.all(Array.from({ length: PRAYERS }, (_, i) => api.register(`Bouncer ${String(i)}`)));
    const answers = await Promise.all(members.map((m) => api.call('POST', `post/${String(post.id)}/pray`, { token: m.authorization.token })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const read = await api.call<Envelope<PostResponse>>('GET', `post/${String(post.id)}`, { token: author });
    expect(read.json.data.post.prayedCount).toBe(PRAYERS);
    // LISTEN holds a session: it is on DATABASE_SESSION_URL, and the pokes come through it.
    await watching.poke((p) => p.counts?.some(([id, n]) => id === post.id && n === PRAYERS) === true, 5_000);
    watching.close();

    const first = await api.call<Envelope<SyncPull>>('GET', 'sync/pull', { token: author });
    expect(first.status).toBe(200);
    const again = await api.call<Envelope<SyncPull>>('GET', `sync/pull?cursor=${encodeURIComponent(first.json.data.cursor)}`, { token: author });
    expect(again.status).toBe(200);
    expect(again.json.data.cursor).not.toBe('');

    // The pooler really was in between: its log shows the app's logins, and PostgreSQL saw no
    // more of its connections than the pool size it was given.
    const backends = new pg.Client({ connectionString: database.url });
    await backends.connect();
    try {
      const { rows } = await backends.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name <> 'prayer-live-listener' AND pid <> pg_backend_pid()");
      expect(rows[0]?.n ?? 0).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    } finally {
      await backends.end();
    }
    expect(bouncer.log()).toMatch(/login attempt/);
  });
});
