// The idle poll (issue #50 item 2; docs/architecture/change-stamps.md 'Change stamps'): N returning
// GET sync/pull calls (no `full`) of caught-up members with nothing new, in-process (Fastify's
// inject: the route's whole work, no socket), at several concurrencies. Prints the server CPU per
// poll (process.cpuUsage, user + system) and polls a second, answered from the change stamps and,
// for comparison, the same polls with a cursor written before the stamps (every poll reads its
// sections: the answer before issue #50). PostgreSQL inside scripts/with-postgres.sh
// (BENCH_DATABASE_URL / TEST_DATABASE_URL), else PGlite in memory.
// Run: bash scripts/with-postgres.sh npx tsx bench/idle-poll.ts   Env: IDLE_POLLS (2000), IDLE_MEMBERS (50).
import type { AuthResponse, Envelope } from '../common/contract';
import type { SyncPull } from '../common/sync-contract';
import { API_PREFIX, buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed';
import { openBenchEngine } from './engine';
import { decodeSyncCursor, encodeSyncCursor } from '../server/domain/sync-cursor';

const POLLS = Number(process.env.IDLE_POLLS ?? 2000);
const MEMBERS = Number(process.env.IDLE_MEMBERS ?? 50);
const CONCURRENCY = [1, 8, 32];

/** The cursor as a server before the stamps wrote it (no stamp: every pull reads). */
function withoutStamps(text: string): string {
  const cursor = decodeSyncCursor(text);
  if (cursor === undefined) throw new Error('not a cursor');
  const { stamp: _s, unread: _u, newCount: _n, ...older } = cursor;
  return encodeSyncCursor(older);
}

async function main(): Promise<void> {
  const engine = await openBenchEngine('prayer_idle');
  const config = loadConfig({}, {
    logger: false, rateLimit: { enabled: false, max: 0, timeWindowMs: 0 }, reminderTickMs: 0, housekeepingTickMs: 0, passwordHashCost: 10,
  });
  try {
    await migrate(engine.handle);
    await seed(engine.handle.db);
    const app = await buildApp({ db: engine.handle.db, config, dbKind: engine.handle.kind });
    const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<T> => {
      const r = await app.inject({ method, url: `${API_PREFIX}/${url}`, headers: token === undefined ? {} : { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
      if (r.statusCode >= 300) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      return (r.json() as Envelope<T>).data;
    };
    const since = new Date().toISOString();
    const devices: { token: string; cursor: string }[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const { authorization } = await call<AuthResponse>('POST', 'auth/register', undefined, { name: `Idle ${i}`, email: `idle-${i}-${Date.now()}@example.test`, password: 'long-enough-pw' });
      let cursor = (await call<SyncPull>('GET', `sync/pull?full=1&since=${since}`, authorization.token)).cursor;
      for (let k = 0; k < 2; k += 1) cursor = (await call<SyncPull>('GET', `sync/pull?cursor=${cursor}&since=${since}`, authorization.token)).cursor;
      devices.push({ token: authorization.token, cursor });
    }
    console.log(`idle sync/pull, ${engine.label}: ${POLLS} polls of ${MEMBERS} caught-up members per row (in-process inject)`);
    console.log('answer     conns  polls/s  CPU ms/poll');
    for (const mode of ['stamps', 'sections'] as const) {
      for (const conns of CONCURRENCY) {
        const cursors = devices.map((d) => (mode === 'stamps' ? d.cursor : withoutStamps(d.cursor)));
        let next = 0;
        const worker = async () => {
          while (next < POLLS) {
            const i = next++;
            const d = devices[i % devices.length];
            if (d === undefined) return;
            const r = await app.inject({ method: 'GET', url: `${API_PREFIX}/sync/pull?cursor=${cursors[i % devices.length]}&since=${since}`, headers: { authorization: `Bearer ${d.token}` } });
            if (r.statusCode !== 200) throw new Error(`pull ${r.statusCode}`);
          }
        };
        const cpu = process.cpuUsage();
        const start = performance.now();
        await Promise.all(Array.from({ length: conns }, worker));
        const ms = performance.now() - start;
        const used = process.cpuUsage(cpu);
        const cpuMs = (used.user + used.system) / 1000 / POLLS;
        console.log(`${mode.padEnd(10)} ${String(conns).padStart(5)} ${(POLLS / (ms / 1000)).toFixed(0).padStart(8)} ${cpuMs.toFixed(3).padStart(12)}`);
      }
    }
    await app.close();
  } finally {
    await engine.dispose();
  }
}

await main();
