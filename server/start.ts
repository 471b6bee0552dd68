// `npm start`: build the PWA if needed, migrate, seed, and serve dist/ and /api/v1 from one
// origin (docs/architecture/server.md 'Reference server'). Env: PORT (8080), HOST (0.0.0.0),
// DATABASE_URL, DATA_DIR, BUILD=1, TOKEN_TTL_SECONDS, RATE_LIMIT=0, LOG=0, TLS_CERT/TLS_KEY (https;
// see docs/api.md, README.md), BACKUP_INTERVAL, BACKUP_KEEP (docs/deploy.md 'Backups').
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadBackupConfig, startBackupService } from './db/backup-service';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { pruneKeys } from './domain/idempotency';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// STATIC_DIR: the built app to serve (and to build when missing), relative to the project; the
// e2e tests run two builds side by side this way.
const DIST = resolve(ROOT, process.env.STATIC_DIR ?? 'dist');

/** Returns whether dist/ holds a built app afterwards. */
function ensureBuilt(): boolean {
  const built = existsSync(join(DIST, 'index.html'));
  if (built && process.env.BUILD !== '1') return true;
  console.log('Building the app (npx vite build)...');
  const result = spawnSync('npx', ['vite', 'build', '--outDir', DIST], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status === 0) return existsSync(join(DIST, 'index.html'));
  // The API stays useful without the UI (e.g. while the UI is being worked on); say so loudly.
  console.error(`vite build failed (exit ${String(result.status)}); ${built ? 'serving the previous build' : 'serving the API only'}.`);
  return built;
}

async function main(): Promise<void> {
  // The database first: a second server on a DATA_DIR in use stops here, before building
  // anything into the first one's STATIC_DIR (issue #11 item 1, server/db/data-dir-lock.ts).
  const backupConfig = loadBackupConfig(process.env); // a bad BACKUP_INTERVAL stops the start here
  const handle = await createDb();
  const hasUi = ensureBuilt();
  const applied = await migrate(handle);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
  if (await seed(handle.db)) console.log('Seeded demo data (demo@prayer.local / pray-with-us).');
  await pruneKeys(handle.db);

  const config = loadConfig(process.env, { staticDir: hasUi ? DIST : undefined });
  const app = await buildApp({ db: handle.db, config, dbKind: handle.kind });
  const port = Number(process.env.PORT ?? 8080);
  await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
  const scheme = config.tls === null ? 'http' : 'https';
  // `npm run backup` and BACKUP_INTERVAL (issue #27 item 1, server/db/backup-service.ts).
  const backups = await startBackupService(handle, backupConfig);
  console.log(`Prayer community on ${scheme}://localhost:${port}/ (API at ${scheme}://localhost:${port}/api/v1, ${handle.kind})`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing...`);
    // Requests in flight, the reminder tick and a backup being written finish first (issue #27
    // item 6); then PGlite is closed so its data directory is left consistent.
    void Promise.all([app.close(), backups.close()]).then(() => handle.close()).then(() => process.exit(0), (error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // A DATA_DIR in use is an operator's situation, not a bug: the message alone, no stack.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
