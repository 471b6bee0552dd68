// Scale-out that is real (issue #14 point 5): two API processes (`server/start.ts`, as deployed)
// on one PostgreSQL. A session made on one works on the other, an Idempotency-Key replayed on
// the other applies nothing twice, a feed page kept by one is not served after a write on the
// other, and the abuse limit counts attempts on both.
// And deploy/nginx.conf, the example of docs/deploy.md, in front of both: requests reach the app,
// spoofed X-Forwarded-For does not dodge the limit (TRUST_PROXY=1), and one process stopping
// loses nothing. Issue #48: a live stream held on one process (directly, and through nginx) is
// poked within a second for a write made on the other (LISTEN/NOTIFY).
// Runs in the PostgreSQL pass of `npm test` (scripts/with-postgres.sh sets
// TEST_DATABASE_URL; .ci/run installs nginx); skipped on PGlite, which is one process by design
// (its DATA_DIR is locked to one server).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database';
import { liveStream } from './live-support';
import { freePort } from './server-process';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';
const RATE_LIMIT_MAX = 3;
// Without nginx on a developer's machine the proxy test says so and skips; CI must have it.
const HAS_NGINX = spawnSync('nginx', ['-v']).status === 0;
if (!HAS_NGINX && process.env.CI === 'true') throw new Error('nginx is missing: .ci/run installs it');

type Proc = { url: string; child: ChildProcess; output: string[] };

/** Sends `signal` and waits for the exit (at once when the process has already ended). */
function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function waitHealthy(proc: Proc, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`API process exited: ${proc.output.join('')}`);
    const ok = await fetch(`${proc.url}/api/v1/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`API process not healthy in time: ${proc.output.join('')}`);
}

describe.skipIf(ADMIN_URL === '')('two API processes on one PostgreSQL', () => {
  let database: ScratchDatabase | undefined;
  const dirs: string[] = [];
  const procs: Proc[] = [];

  async function startProcess(databaseUrl: string, staticDir: string): Promise<Proc> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'prayer-two-data-'));
    dirs.push(dataDir);
    // One node process (no npx/tsx wrappers in between), so stopping it stops the server itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: {
        ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, STATIC_DIR: staticDir,
        APP_SECRET: 'shared-secret-of-both-processes', RATE_LIMIT_MAX: String(RATE_LIMIT_MAX), RATE_LIMIT_WINDOW_MS: '60000',
        LOG: '0', REMINDER_TICK_MS: '0', TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: Proc = { url: `http://127.0.0.1:${String(port)}`, child, output: [] };
    child.stdout?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
    procs.push(proc);
    return proc;
  }

  beforeAll(async () => {
    database = await createScratchDatabase(ADMIN_URL, 'prayer_two');
    const url = database.url;
    // A built app is not needed here: a stand-in index.html keeps start.ts from building one.
    const staticDir = mkdtempSync(join(tmpdir(), 'prayer-two-static-'));
    dirs.push(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>stand-in</title>');
    // Both start together, as a deployment's processes do: migrations and seed are locked.
    const started = await Promise.all([startProcess(url, staticDir), startProcess(url, staticDir)]);
    await Promise.all(started.map((proc) => waitHealthy(proc)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((proc) => stop(proc.child, 'SIGTERM')));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  }, 60_000);

  const [a, b] = [() => procs[0]?.url ?? '', () => procs[1]?.url ?? ''];
  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('a session made on one process works on the other, and a replayed Idempotency-Key applies nothing twice', async () => {
    const email = `two-${randomBytes(3).toString('hex')}@prayer.local`;
    const registered = await post(a(), 'auth/register', { name: 'Two Processes', email, password: 'pray-with-us-2' });
    expect(registered.status).toBe(201);
    const { data } = (await registered.json()) as { data: { authorization: { token: string } } };
    const auth = { authorization: `Bearer ${data.authorization.token}` };

    const me = await fetch(`${b()}/api/v1/user/settings`, { headers: auth });
    expect(me.status).toBe(200);

    const key = { 'idempotency-key': `two-processes-${randomBytes(4).toString('hex')}` };
    const body = { text: 'Please pray for the night shift at the hospital.', type: 'REQUEST' };
    const first = await post(a(), 'post', body, { ...auth, ...key });
    const replay = await post(b(), 'post', body, { ...auth, ...key });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const [created, replayed] = (await Promise.all([first.json(), replay.json()])) as [{ data: { post: { id: number } } }, { data: { post: { id: number } } }];
    expect(replayed.data.post.id).toBe(created.data.post.id);
    const mine = await fetch(`${b()}/api/v1/post/session/my-prayers`, { headers: auth });
    const list = (await mine.json()) as { data: { data: { text: string }[] } };
    expect(list.data.data.filter((p) => p.text === body.text)).toHaveLength(1);
  });

  it('a feed page kept by one process is not served after a write or a logout on the other (the read cache, migration 0011)', async () => {
    const email = `kept-${randomBytes(3).toString('hex')}@prayer.local`;
    const registered = await post(a(), 'auth/register', { name: 'Kept Page', email, password: 'pray-with-us-2' });
    const { data } = (await registered.json()) as { data: { authorization: { token: string } } };
    const auth = { authorization: `Bearer ${data.authorization.token}` };
    const feed = (base: string) => fetch(`${base}/api/v1/posts`, { headers: auth });
    const newest = async (base: string) => ((await (await feed(base)).json()) as { data: { data: { text: string }[] } }).data.data[0]?.text;
    const before = await newest(b());
    expect(await newest(b())).toBe(before);
    const text = `Pray for the new job, please (${randomBytes(3).toString('hex')}).`;
    expect((await post(a(), 'post', { text, type: 'REQUEST' }, auth)).status).toBe(201);
    expect(await newest(b())).toBe(text);
    expect((await post(a(), 'auth/logout', {}, auth)).status).toBe(200);
    expect((await feed(b())).status).toBe(401);
  });

  let signUps = 0;
  /** A member registered on `base`: its token and an `authorization` header. */
  async function signUp(base: string, name: string): Promise<{ token: string; auth: Record<string, string> }> {
    const email = `${name.toLowerCase().replaceAll(' ', '-')}-${randomBytes(3).toString('hex')}@prayer.local`;
    // Each from an address of its own (TRUST_PROXY=1): registration has the abuse limit of RATE_LIMIT_MAX.
    const from = { 'x-forwarded-for': `192.0.2.${String(1 + (signUps += 1))}` };
    const registered = await post(base, 'auth/register', { name, email, password: 'pray-with-us-2' }, from);
    const { data } = (await registered.json()) as { data: { authorization: { token: string } } };
    return { token: data.authorization.token, auth: { authorization: `Bearer ${data.authorization.token}` } };
  }

  /** Ms from a pray on `writeBase` to its counts poke on a stream held on `streamBase`. */
  async function prayToPoke(streamBase: string, writeBase: string): Promise<number> {
    // Signed up on the writing process (a session works on both; the proxy would add its own address to the limit).
    const [author, watcher, prayer] = [await signUp(writeBase, 'Live Author'), await signUp(writeBase, 'Live Watcher'), await signUp(writeBase, 'Live Prayer')];
    const created = await post(writeBase, 'post', { text: 'Pray across two processes.', type: 'REQUEST' }, author.auth);
    const { data } = (await created.json()) as { data: { post: { id: number } } };
    const stream = await liveStream(streamBase, watcher.token);
    // Past the coalescing window of the post's own announcement: the time measured is a lone write's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      const started = Date.now();
      expect((await post(writeBase, `post/${String(data.post.id)}/pray`, {}, prayer.auth)).status).toBeLessThan(300);
      const poke = await stream.poke((p) => p.counts !== undefined, 1_000);
      expect(poke.counts).toEqual([[data.post.id, 1, 0]]);
      return Date.now() - started;
    } finally {
      stream.close();
    }
  }

  it('a live stream on one process is poked within a second for a write on the other (issue #48)', async () => {
    const elapsed = [await prayToPoke(a(), b()), await prayToPoke(b(), a())];
    console.log(`two processes: pray on one -> counts poke on the other in ${elapsed.join(', ')} ms`);
    for (const ms of elapsed) expect(ms).toBeLessThan(1_000);
  });

  it('the abuse limit counts the attempts made on both processes', async () => {
    const attempt = (base: string) => post(base, 'auth/login', { email: 'nobody-two@prayer.local', password: 'not-the-password' }, { 'x-forwarded-for': '203.0.113.7' });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX + 2; i += 1) statuses.push((await attempt(i % 2 === 0 ? a() : b())).status);
    expect(statuses.slice(0, RATE_LIMIT_MAX)).toEqual(Array.from({ length: RATE_LIMIT_MAX }, () => 401));
    expect(statuses.slice(RATE_LIMIT_MAX)).toEqual([429, 429]);
  });

  it.skipIf(!HAS_NGINX)('deploy/nginx.conf in front of both: the app answers, a spoofed client address is still limited, a stopped process loses nothing', async () => {
    const prefix = mkdtempSync(join(tmpdir(), 'prayer-nginx-'));
    dirs.push(prefix);
    mkdirSync(join(prefix, 'tmp'));
    const port = await freePort();
    const ports = procs.map((proc) => new URL(proc.url).port);
    const conf = readFileSync('deploy/nginx.conf', 'utf8')
      .replace('server 127.0.0.1:8081', `server 127.0.0.1:${ports[0] ?? ''}`)
      .replace('server 127.0.0.1:8082', `server 127.0.0.1:${ports[1] ?? ''}`)
      .replace('listen 8080;', `listen 127.0.0.1:${String(port)};`);
    expect(conf).not.toMatch(/:808[012]\b/);
    writeFileSync(join(prefix, 'nginx.conf'), conf);
    const nginx = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const proxy: Proc = { url: `http://127.0.0.1:${String(port)}`, child: nginx, output: [] };
    nginx.stderr?.on('data', (chunk: Buffer) => proxy.output.push(chunk.toString()));
    try {
      await waitHealthy(proxy, 15_000);
      // Each attempt claims another client address; nginx appends the real one, the only one trusted.
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMIT_MAX + 1; i += 1) {
        const response = await post(proxy.url, 'auth/login', { email: 'nobody-proxy@prayer.local', password: 'not-the-password' }, { 'x-forwarded-for': `198.51.100.${String(i + 1)}` });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array.from({ length: RATE_LIMIT_MAX }, () => 401), 429]);

      // Issue #48: the live stream through the proxy (not buffered: the hello arrives at once), poked
      // for a write on either process.
      for (const writer of [a(), b()]) expect(await prayToPoke(proxy.url, writer)).toBeLessThan(1_000);

      // One process stops (a deploy, a crash): every request through the proxy still gets the app.
      const [first] = procs;
      if (first === undefined) throw new Error('no first process');
      await stop(first.child, 'SIGTERM');
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${proxy.url}/api/v1/posts`).then((r) => r.status)));
      expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await stop(nginx, 'SIGQUIT');
    }
  }, 60_000);
});
