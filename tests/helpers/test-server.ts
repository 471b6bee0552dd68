// Starts the real /api/v1 server in-process on an in-memory PGlite (docs/architecture/tests.md
// 'Tests': the real server, no mocks). One database per call, so tests never share state: a PGlite
// database comes from the cached migrated template (pglite-template.ts), or is one a finished
// server left, emptied back to that template (test-db-pool.ts).
// With TEST_DATABASE_URL=postgres://... the same with PostgreSQL databases.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AccountsConfig } from '../../server/accounts-config';
import { buildApp } from '../../server/app';
import type { DbHandle } from '../../server/db/client';
import { loadConfig } from '../../server/config';
import type { LogSink } from '../../server/http/request-log';
import type { FcmConfig } from '../../server/push/fcm-config';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { openTestDb, type TestDb } from './test-db';

export type TestServerOptions = {
  /** Access-token lifetime; a short one lets tests exercise expiry and refresh. */
  tokenTtlSeconds?: number;
  /** Rate limits on login/register are off in tests unless asked for. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Seed the demo data (default true). */
  seed?: boolean;
  /** Called for every route as it is registered (the fuzz test enumerates the API with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Accounts settings (mail, bot check, OAuth...). dataDir defaults to a fresh temp dir, removed on close. */
  config?: Partial<AccountsConfig>;
  /** Push through FCM (a fake endpoint in tests); default none. */
  push?: FcmConfig;
  /** Emails of the moderators (MODERATOR_EMAILS, issue #11); default none. */
  moderatorEmails?: string[];
  /** The GET /posts read cache (READ_CACHE, issue #14); default on, as deployed. */
  readCache?: boolean;
  /** METRICS_TOKEN (issue #27 item 2); default none: /metrics is off. */
  metricsToken?: string;
  /** TRUST_PROXY; default 0. */
  trustProxy?: number;
  /** REMINDER_TICK_MS; default 30 s as deployed, 0: no scheduler. */
  reminderTickMs?: number;
  /** LIVE_MAX_STREAMS_PER_ADDRESS (issue #48); default the contract's. */
  liveMaxStreamsPerAddress?: number;
  /** Receives the server's log lines (issue #27 item 3), which are then on whatever TEST_SERVER_LOG says. */
  logSink?: LogSink;
  /** The server's database; default a fresh test database (tests/helpers/test-db.ts). */
  openDb?: () => Promise<TestDb>;
};

/**
 * Test servers hash passwords with scrypt's N = 1,024 (3 ms) instead of the deployed 16,384 (50 ms):
 * the suite makes about 1,000 hashes
 * (docs/decisions/0205-ci-time-on-a-slower-machine-2026-12-06.md). Hashing and verifying run the
 * same code; tests/server/passwords.test.ts checks the deployed default.
 */
export const TEST_PASSWORD_HASH_COST = 10;

/** `handle` is the server's own database, for tests that inspect it directly (e.g. fuzz snapshots). */
export type TestServer = { url: string; app: FastifyInstance; handle: DbHandle; close(): Promise<void> };

/** Listens on a free port of 127.0.0.1; the base address (bench/http.ts uses it too). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('test server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const { handle, dispose: closeDb } = await (opts.openDb ?? openTestDb)();
  const tempDir = opts.config?.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'prayer-test-data-')) : undefined;
  const dispose = async () => {
    await closeDb();
    if (tempDir !== undefined) rmSync(tempDir, { recursive: true, force: true });
  };
  let app: FastifyInstance | undefined;
  try {
    await migrate(handle); // a no-op on the PGlite template; kept so a stale template can never hide a migration
    if (opts.seed ?? true) await seed(handle.db);
    const config = loadConfig({}, {
      ...opts.config,
      dataDir: opts.config?.dataDir ?? tempDir,
      tokenTtlSeconds: opts.tokenTtlSeconds,
      rateLimit: opts.rateLimit ? { enabled: true, ...opts.rateLimit } : { enabled: false, max: 0, timeWindowMs: 0 },
      // TEST_SERVER_LOG=1 prints the server's log (a 500's cause); quiet otherwise.
      logger: process.env.TEST_SERVER_LOG === '1',
      push: opts.push ?? null,
      moderatorEmails: new Set((opts.moderatorEmails ?? []).map((email) => email.toLowerCase())),
      readCache: opts.readCache,
      metricsToken: opts.metricsToken,
      trustProxy: opts.trustProxy,
      reminderTickMs: opts.reminderTickMs,
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      liveMaxStreamsPerAddress: opts.liveMaxStreamsPerAddress,
    });
    const started = await buildApp({ db: handle.db, config, onRoute: opts.onRoute, dbKind: handle.kind, logSink: opts.logSink });
    app = started;
    const url = await listen(started);
    return {
      url,
      app: started,
      handle,
      async close() {
        // A test closes its server when its clients are done. Node's fetch (undici), the sync
        // tests' client, can leave a socket of its own open after a live stream's body is
        // cancelled (a connection opened ahead and never used): the close would wait for it up to
        // the keep-alive timeout, past a hook's 60 s (tests/sync/live.test.ts, 1 CI run in about 20).
        started.server.closeAllConnections();
        await started.close();
        await dispose();
      },
    };
  } catch (error) {
    await app?.close();
    await dispose();
    throw error;
  }
}
