// Real `server/start.ts` and `scripts/*.ts` processes for the tests that need a process of their own
// (backups, graceful shutdown: issue #27). Run as `node --import tsx FILE` (what the npm scripts
// run, without npm in between: the child's pid is the server's). The embedded database always:
// DATABASE_URL is removed from their environment.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const READY = 'Prayer community on';

export type ServerProcess = { child: ChildProcess; port: number; output: () => string; ready: Promise<void>; exited: Promise<number | null> };

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address !== null && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
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
