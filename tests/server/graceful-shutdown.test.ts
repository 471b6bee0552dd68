// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// Issue #27 item 6: SIGTERM finishes what the server is doing before it closes the database.
// A real `server/start.ts` process gets SIGTERM while a request's body is still arriving: the
// request is answered 201, new ones are not served, the process exits 0 and its DATA_DIR opens
// with the row written; a live stream open meanwhile gets bye 'shutdown'. In-process: closing the app waits for a reminder tick whose push is in
// flight (server/push/reminder-scheduler.ts), so its notification and push are not cut off.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, Envelope } from '../../common/contract';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { LOCK_FILE } from '../../server/db/data-dir-lock';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { openTestDb } from '../helpers/test-db';
import { waitUntil } from '../helpers/wait-until';
import { DEMO } from './api';
import { liveStream } from './live-support';
import { killAll, listenLocal, loginProcess, standInBuild, startServerProcess, templateDataDir, type ServerProcess } from './server-process';
import { browserSubscription } from './web-push-service';

let base: string;
const started: ServerProcess[] = [];

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'prayer-shutdown-'));
});

afterAll(async () => {
  await killAll(started);
  rmSync(base, { recursive: true, force: true });
});

/** No deadline of its own: the test's timeout bounds the wait. */
const UNBOUNDED = { timeoutMs: Infinity };

describe('graceful shutdown on SIGTERM (issue #27 item 6)', () => {
  it('answers a request in flight, serves no new one, exits 0 and leaves the database consistent', async () => {
    const dataDir = join(base, 'data');
    await templateDataDir(dataDir);
    const server = await startServerProcess(dataDir, standInBuild(join(base, 'dist')));
    started.push(server);
    await server.ready;
    const api = `http://127.0.0.1:${String(server.port)}/api/v1`;
    const token = await loginProcess(server, DEMO);
    // Issue #48: a live stream open meanwhile is told 'shutdown' (it never ends by itself, so the close would wait for it).
    const live = await liveStream(`http://127.0.0.1:${String(server.port)}`, token);

    // `Expect: 100-continue`: the server's "100 Continue" says it has taken the request in hand;
    // the body follows only after SIGTERM has reached it.
    const text = `Sent while the server was told to stop ${randomUUID()}`;
    const body = JSON.stringify({ text, type: 'REQUEST' });
    let late: number | 'refused' | undefined;
    const answered = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(`${api}/post`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      }, (res) => {
        let received = '';
        res.on('data', (chunk: Buffer) => { received += chunk.toString(); });
        res.on('end', () => done({ status: res.statusCode ?? 0, body: received }));
      });
      req.on('error', fail);
      req.on('continue', () => {
        server.child.kill('SIGTERM');
        void waitUntil(() => server.output().includes('SIGTERM: closing...'), UNBOUNDED).then(async () => {
          late = await fetch(`${api}/health`).then((r) => r.status, () => 'refused');
          req.end(body);
        });
      });
    });
    const result = await answered;
    expect(result.status, result.body).toBe(201);
    expect(await live.next((f) => f.event === 'bye')).toEqual({ event: 'bye', data: { reason: 'shutdown' } });
    await live.closed();
    expect(late === 'refused' || late === 503, `a request after SIGTERM: ${String(late)}`).toBe(true);
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

    const reopened = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
    try {
      expect((await reopened.query('SELECT id FROM posts WHERE text = $1', [text])).rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 180_000);

  it('closing the app waits for the reminder tick in flight: its push is sent and its notification kept', async () => {
    // A push service that holds each request until released.
    const held: ServerResponse[] = [];
    const push = createServer((req, res) => {
      req.resume();
      req.on('end', () => held.push(res));
    });
    const port = await listenLocal(push);
    const { handle, dispose } = await openTestDb();
    const dataDir = join(base, 'reminders');
    try {
      await migrate(handle);
      await seed(handle.db);
      const config = loadConfig({}, { dataDir, logger: false, rateLimit: { enabled: false, max: 0, timeWindowMs: 0 }, reminderTickMs: 20, publicUrl: 'https://pray.example' });
      const app = await buildApp({ db: handle.db, config, dbKind: handle.kind });
      const auth = (await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: DEMO })).json<Envelope<AuthResponse>>().data;
      const headers = { authorization: `Bearer ${auth.authorization.token}` };
      const endpoint = `http://127.0.0.1:${String(port)}/push/${randomUUID()}`;
      expect((await app.inject({ method: 'PUT', url: '/api/v1/notifications/token', headers, payload: { token: endpoint, platform: 'webpush', keys: browserSubscription().keys } })).statusCode).toBe(200);
      const id = randomUUID();
      const reminder = { target: { kind: 'session', source: { kind: 'quick' } }, days: [0, 1, 2, 3, 4, 5, 6], time: '12:00', time_zone: 'UTC', ends_on: null, enabled: true };
      expect((await app.inject({ method: 'PUT', url: `/api/v1/reminders/${id}`, headers, payload: reminder })).statusCode).toBeLessThan(300);
      await handle.withSession((s) => s.rows("UPDATE reminders SET next_at = now() - interval '1 minute' WHERE id = $1", [id]));

      await waitUntil(() => held.length === 1, UNBOUNDED); // the tick has committed and is sending the push
      const order: string[] = [];
      const closing = app.close().then(() => order.push('closed'));
      await new Promise<void>((r) => { if (app.server.listening) app.server.once('close', () => r()); else r(); });
      for (let i = 0; i < 5; i += 1) await new Promise((r) => setImmediate(r));
      order.push('push answered');
      held[0]?.writeHead(201).end();
      await closing;
      expect(order).toEqual(['push answered', 'closed']);
      const notes = await handle.withSession((s) => s.rows<{ kind: string }>('SELECT kind FROM notifications WHERE reminder_id = $1', [id]));
      expect(notes).toEqual([{ kind: 'reminder' }]);
      // A push answered 201 keeps the subscription (a cut-off send would count as failed, not removed either;
      // the order above is the check), and the tick moved the reminder on.
      const [row] = await handle.withSession((s) => s.rows<{ due: boolean }>('SELECT next_at > now() AS due FROM reminders WHERE id = $1', [id]));
      expect(row?.due).toBe(true);
    } finally {
      await dispose();
      await new Promise<void>((r) => push.close(() => r()));
    }
  }, 120_000);
});
