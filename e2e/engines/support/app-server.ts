// The app under test for one engine's run: the real server in-process (the built app from dist/
// and /api/v1 on an in-memory PGlite from the migrated template, as the server tests use), over
// https with a certificate made for this run (server/config.ts TLS_CERT/TLS_KEY; WebKit keeps no
// Secure cookie on http). In-process, the journeys can fire due reminders themselves
// (runDueReminders) instead of waiting for the scheduler's tick.
// Each journey reaches the app through a cut proxy of its own (e2e/support/cut-proxy.ts); the test
// reads the server directly on its own port (`api`), so it sees what arrived, not what the app shows.
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { runDueReminders } from '../../../server/push/reminder-scheduler';
import { loadConfig, type AppConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import type { LogSink } from '../../../server/http/request-log';
import { migrate } from '../../../server/db/migrate';
import { seed } from '../../../server/db/seed';
import { openTestDb, type TestDb } from '../../../tests/helpers/test-db';
import { makeSelfSignedCert, type SelfSigned } from '../../../tests/helpers/self-signed';
import { startCutProxy, type CutProxy } from '../../support/cut-proxy';

export type ApiResult = { status: number; body: unknown };

export type ServerApi = {
  call(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<ApiResult>;
  /** GET /api/v1/<path> as `token`, the envelope's data; throws on a status other than 2xx. */
  get<T>(path: string, token: string): Promise<T>;
};

export type AppServer = {
  /** The server's own origin, https://127.0.0.1:<port>. */
  readonly origin: string;
  readonly db: Db;
  readonly api: ServerApi;
  /** A cut proxy in front of the server (`plainHttp`: of the same app over http): one journey's origin. */
  proxy(options?: { plainHttp?: boolean }): Promise<CutProxy>;
  /** The server's last requests (method, route, status, time), for a failure's report. */
  recentRequests(): string[];
  /** Fires the reminders due at `at`, as the scheduler's tick does; how many fired. */
  fireDueReminders(at: Date): Promise<number>;
  close(): Promise<void>;
};

function serverApi(origin: string, ca: string): ServerApi {
  const call = (method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<ApiResult> =>
    new Promise((done, fail) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers: Record<string, string> = {};
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const req = request(new URL(`/api/v1/${path}`, origin), { method, headers, ca }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text === '' ? null : (JSON.parse(text) as unknown) }));
      });
      req.on('error', fail);
      req.end(payload);
    });
  return {
    call,
    async get<T>(path: string, token: string): Promise<T> {
      const { status, body } = await call('GET', path, { token });
      if (status < 200 || status >= 300) throw new Error(`GET ${path}: ${String(status)} ${JSON.stringify(body)}`);
      return (body as { data: T }).data;
    },
  };
}

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('app server: no TCP address');
  return address.port;
}

/** How many of the server's request lines a failure's report shows. */
const KEPT_REQUESTS = 80;

/** Keeps the server's last API request lines (server/http/request-log.ts) as short text. */
function requestRing(): { sink: LogSink; lines: string[] } {
  const lines: string[] = [];
  const sink: LogSink = {
    write(line) {
      const entry = JSON.parse(line) as { time?: number; msg?: string; method?: string; route?: string; status?: number; durationMs?: number };
      // The API's requests: the app's files would crowd them out.
      if (entry.msg !== 'request' || entry.route?.startsWith('/api/') !== true) return;
      const at = new Date(entry.time ?? Date.now()).toISOString().slice(11, 23);
      lines.push(`${at} ${String(entry.method)} ${String(entry.route)} ${String(entry.status)} ${String(entry.durationMs)} ms`);
      if (lines.length > KEPT_REQUESTS) lines.shift();
    },
  };
  return { sink, lines };
}

export async function startAppServer(): Promise<AppServer> {
  const cert: SelfSigned = makeSelfSignedCert();
  const requests = requestRing();
  let db: TestDb | undefined;
  let app: FastifyInstance | undefined;
  let config: AppConfig | undefined;
  const proxies: CutProxy[] = [];
  try {
    db = await openTestDb();
    await migrate(db.handle); // a no-op on the template, as in tests/helpers/test-server.ts
    await seed(db.handle.db);
    config = loadConfig(
      // The log's request lines go to a ring the failure report prints (recentRequests).
      { TLS_CERT: cert.certFile, TLS_KEY: cert.keyFile, RATE_LIMIT: '0', REMINDER_TICK_MS: '0' },
      { staticDir: resolve(process.env.E2E_DIST ?? 'dist') },
    );
    app = await buildApp({ db: db.handle.db, config, dbKind: db.handle.kind, logSink: requests.sink });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app?.close();
    await db?.dispose();
    cert.remove();
    throw error;
  }
  const address = { port: portOf(app) };
  const origin = `https://127.0.0.1:${String(address.port)}`;
  const started = app;
  const database = db;
  const httpsConfig = config;
  const apps: FastifyInstance[] = [started];
  let plainPort: Promise<number> | undefined;
  // The same app and database over plain http, for the journey about a refused Secure cookie.
  const plainHttp = async (): Promise<number> => {
    const plain = await buildApp({ db: database.handle.db, config: { ...httpsConfig, tls: null }, dbKind: database.handle.kind, logSink: requests.sink });
    apps.push(plain);
    await plain.listen({ host: '127.0.0.1', port: 0 });
    return portOf(plain);
  };
  return {
    origin,
    db: database.handle.db,
    api: serverApi(origin, readFileSync(cert.certFile, 'utf8')),
    async proxy(options = {}) {
      const port = options.plainHttp === true ? await (plainPort ??= plainHttp()) : address.port;
      const proxy = await startCutProxy({ port });
      proxies.push(proxy);
      return proxy;
    },
    recentRequests: () => [...requests.lines],
    async fireDueReminders(at) {
      return (await runDueReminders(database.handle.db, null, at, origin, started.log)).length;
    },
    async close() {
      await Promise.all(proxies.map((proxy) => proxy.close()));
      for (const each of apps) await each.close();
      await database.dispose();
      cert.remove();
    },
  };
}
