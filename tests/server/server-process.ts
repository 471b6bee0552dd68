// Real `server/start.ts` and `scripts/*.ts` processes for the tests that need a process of their own
// (backups, graceful shutdown: issue #27). Run as `node --import tsx FILE` (what the npm scripts
// run, without npm in between: the child's pid is the server's). The embedded database always:
// DATABASE_URL is removed from their environment. The benches take freePort from here: what
// loads the database is imported only when used.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import type { AuthResponse, Envelope } from '../../common/contract';

export const ROOT = resolve(import.meta.dirname, '../..');
export const READY = 'Prayer community on';

export type ServerProcess = { child: ChildProcess; port: number; output: () => string; ready: Promise<void>; exited: Promise<number | null> };

/** `server` (a fake service of a test, an HTTP one too) listening on a free port of 127.0.0.1: the port. */
export async function listenLocal(server: Server): Promise<number> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A port free a moment ago, for a process of its own to listen on. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listenLocal(probe);
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/**
 * A new DATA_DIR holding the migrated template where start.ts keeps PGlite (${DATA_DIR}/pglite):
 * no initdb, which takes most of a minute on a busy 2-core machine; start.ts still migrates and seeds.
 */
export async function templateDataDir(dataDir: string): Promise<void> {
  const [{ PGlite }, { migratedTemplate }] = await Promise.all([import('@electric-sql/pglite'), import('../helpers/pglite-template')]);
  mkdirSync(dataDir);
  const unpacked = await PGlite.create({ dataDir: join(dataDir, 'pglite'), loadDataDir: await migratedTemplate() });
  await unpacked.close();
}

/** A stand-in build in the new directory `dir`, so start.ts serves it instead of running vite build. */
export function standInBuild(dir: string): string {
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>stand-in</title>');
  return dir;
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG: '0', RATE_LIMIT: '0', ...extra };
  delete env.DATABASE_URL;
  return env;
}

/** Starts the server on `dataDir`, serving the stand-in build in `staticDir`. */
export async function startServerProcess(dataDir: string, staticDir: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const env = childEnv({ DATA_DIR: dataDir, STATIC_DIR: staticDir, PORT: String(port), HOST: '127.0.0.1', ...extra });
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
  return { child, port, output: () => output, ready, exited };
}

/** One call to a started process's API: the status and the parsed JSON. */
export async function callProcess<T>(server: ServerProcess, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`http://127.0.0.1:${String(server.port)}/api/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as T };
}

/** Logs `account` in on a started process (tests/server/api.ts DEMO): its token. */
export async function loginProcess(server: ServerProcess, account: { email: string; password: string }): Promise<string> {
  const r = await callProcess<Envelope<AuthResponse>>(server, 'POST', 'auth/login', account);
  if (r.status !== 200) throw new Error(`login answered ${String(r.status)}: ${JSON.stringify(r.json)}`);
  return r.json.data.authorization.token;
}

export type ScriptRun = { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> };

/** Runs scripts/NAME.ts with `args` and DATA_DIR=`dataDir`. */
export function runScript(name: string, args: string[], dataDir: string): ScriptRun {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { cwd: ROOT, env: childEnv({ DATA_DIR: dataDir }), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((finish) => {
    child.once('close', (code) => finish({ code, stdout, stderr }));
  });
  return { child, done };
}

/** Every started process still running is killed (afterAll). */
export async function killAll(processes: { child: ChildProcess; exited?: Promise<unknown> }[]): Promise<void> {
  for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(processes.map((p) => p.exited));
}

/**
 * A scratch directory for a file's server processes: `dataDir` from the template, a stand-in build,
 * and `start`, which keeps what it starts for `tearDown` (every one still running killed, the
 * directory removed). A test file makes it in beforeAll (tests/helpers/scoped-fixture.ts).
 */
export type ProcessPlace = {
  base: string;
  dataDir: string;
  /** The server on `dataDir` (this place's by default), not awaited: its `ready` or `exited` tells. */
  start(dataDir?: string): Promise<ServerProcess>;
  tearDown(): Promise<void>;
};

export async function processPlace(prefix: string): Promise<ProcessPlace> {
  const base = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(base, 'data');
  await templateDataDir(dataDir);
  const staticDir = standInBuild(join(base, 'dist'));
  const started: ServerProcess[] = [];
  return {
    base,
    dataDir,
    async start(dir = dataDir) {
      const server = await startServerProcess(dir, staticDir);
      started.push(server);
      return server;
    },
    async tearDown() {
      await killAll(started);
      rmSync(base, { recursive: true, force: true });
    },
  };
}
