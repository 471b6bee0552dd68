// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// Issue #11 item 1 'One server per embedded database', acceptance: real `server/start.ts`
// processes on one DATA_DIR (embedded PGlite, whatever TEST_DATABASE_URL says). A second server
// exits non-zero at once, naming the first one's pid and the directory, and the first keeps its
// data; a lock left by a server killed with -9 does not block the next start. The lock module's
// own rules (pid reuse, other hosts, releasing) are in data-dir-lock-rules.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPost, AuthResponse, Envelope } from '../../common/contract';
import { LOCK_FILE } from '../../server/db/data-dir-lock';
import { migratedTemplate } from '../helpers/pglite-template';
import { DEMO } from './api';

const ROOT = resolve(import.meta.dirname, '../..');
const READY = 'Prayer community on';

type Server = { child: ChildProcess; port: number; output: () => string; ready: Promise<void>; exited: Promise<number | null> };

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address !== null && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

let base: string;
let dataDir: string;
let staticDir: string;
const started: Server[] = [];

/** `node --import tsx server/start.ts` (what `npm start` runs, without npm in between: the child's pid is the server's). */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STATIC_DIR: staticDir, PORT: String(port), HOST: '127.0.0.1', LOG: '0', RATE_LIMIT: '0' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const ready = new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY)) done();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => fail(new Error(`server exited (${String(code)}) before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  const server = { child, port, output: () => output, ready, exited };
  started.push(server);
  return server;
}

async function call<T>(server: Server, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as T };
}

async function login(server: Server): Promise<string> {
  const r = await call<Envelope<AuthResponse>>(server, 'POST', 'auth/login', DEMO);
  expect(r.status).toBe(200);
  return r.json.data.authorization.token;
}

async function readPost(server: Server, token: string, id: number): Promise<string> {
  const r = await call<Envelope<{ post: ApiPost }>>(server, 'GET', `post/${id}`, undefined, token);
  expect(r.status).toBe(200);
  return r.json.data.post.text;
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'prayer-lock-'));
  dataDir = join(base, 'data');
  // The migrated template unpacked where start.ts keeps PGlite (${DATA_DIR}/pglite): no initdb,
  // which takes most of a minute on a busy 2-core machine; start.ts still migrates and seeds.
  mkdirSync(dataDir);
  const unpacked = await PGlite.create({ dataDir: join(dataDir, 'pglite'), loadDataDir: await migratedTemplate() });
  await unpacked.close();
  // A stand-in build, so start.ts serves it instead of running vite build.
  staticDir = join(base, 'dist');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>stand-in</title>');
});

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await Promise.all(started.map((server) => server.exited));
  rmSync(base, { recursive: true, force: true });
});

describe('one server per embedded database (DATA_DIR lock)', () => {
  let first: Server;
  let token: string;
  let postId: number;

  it('refuses a second server on a DATA_DIR in use, naming the pid and the directory; the first keeps its data', async () => {
    first = await startServer();
    await first.ready;
    token = await login(first);
    const created = await call<Envelope<{ post: ApiPost }>>(first, 'POST', 'post', { text: 'Written before the second start', type: 'REQUEST' }, token);
    expect(created.status).toBe(201);
    postId = created.json.data.post.id;

    const second = await startServer();
    const t0 = Date.now();
    expect(await second.exited).not.toBe(0);
    // At once: before opening the database (~2 s of the ~3 s a start takes here; generous for a loaded machine).
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(second.output()).toContain(`DATA_DIR ${resolve(dataDir)} is in use by the server with pid ${String(first.child.pid)}`);
    expect(second.output()).toContain('PostgreSQL');
    expect(second.output()).not.toContain(READY);

    expect(await readPost(first, token, postId)).toBe('Written before the second start');
    const after = await call<Envelope<{ post: ApiPost }>>(first, 'POST', 'post', { text: 'Written after it', type: 'REQUEST' }, token);
    expect(after.status).toBe(201);
  }, 120_000);

  it('recovers the lock of a server killed with -9: the next start runs on the same data, and a clean stop releases it', async () => {
    const lockPath = join(dataDir, LOCK_FILE);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: first.child.pid });

    const next = await startServer();
    await next.ready;
    expect(next.output()).toContain(`taking over the lock of pid ${String(first.child.pid)}`);
    const again = await login(next);
    expect(await readPost(next, again, postId)).toBe('Written before the second start');
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: next.child.pid });

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(existsSync(lockPath), 'released on a clean stop').toBe(false);
  }, 120_000);

  // Issue #50 item 6: a supervisor restarts the server the moment it killed it, before the old
  // process is reaped (a zombie keeps its pid and start time), while members are writing.
  it('killed with -9 under write load and started again at once, ten times: every start succeeds and every acknowledged write is there', async () => {
    let server = await startServer();
    await server.ready;
    let auth = await login(server);
    const acknowledged: { id: number; text: string }[] = [];
    for (let round = 0; round < 10; round += 1) {
      const current = server;
      let writing = true;
      const writers = Array.from({ length: 4 }, async (_, writer) => {
        for (let n = 0; writing; n += 1) {
          const text = `Round ${String(round)}, writer ${String(writer)}, prayer ${String(n)}`;
          try {
            const r = await call<Envelope<{ post: ApiPost }>>(current, 'POST', 'post', { text, type: 'REQUEST' }, auth);
            if (r.status === 201) acknowledged.push({ id: r.json.data.post.id, text });
          } catch {
            return; // the connection died with the server: not acknowledged
          }
        }
      });
      // Killed mid-load: once this round's writes are being acknowledged.
      const before = acknowledged.length;
      await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(before + 2);
      current.child.kill('SIGKILL');
      server = await startServer(); // at once: the killed process is not awaited, nor reaped yet
      writing = false;
      await Promise.all(writers);
      await server.ready;
      auth = await login(server);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    for (const { id, text } of acknowledged) expect(await readPost(server, auth, id)).toBe(text);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
});
