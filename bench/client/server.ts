// The app server of the client benchmarks: the real server/start.ts of the tree under test (--root),
// run as a child process (its own process group, so it and its npx/tsx parents stop together),
// serving the build under test (--dist) from a fresh database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Builds the app into `dist` (from `root`) unless it holds one already. */
export function ensureDist(root: string, dist: string): void {
  if (existsSync(join(dist, 'index.html'))) return;
  console.log(`No build in ${dist}: npx vite build --outDir ${dist} (in ${root})`);
  const result = spawnSync('npx', ['vite', 'build', '--outDir', dist], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(join(dist, 'index.html'))) throw new Error(`vite build failed (exit ${String(result.status)})`);
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Hands out free ports from [base, base + 100). */
export class Ports {
  private next: number;

  constructor(private readonly base: number) {
    this.next = base;
  }

  async take(): Promise<number> {
    while (this.next < this.base + 100) {
      const port = this.next;
      this.next += 1;
      if (await isPortFree(port)) return port;
    }
    throw new Error(`No free port left in ${String(this.base)}-${String(this.base + 99)}`);
  }
}

export type ServerOptions = {
  root: string;
  dist: string;
  port: number;
  /** A PGlite data directory kept on disk (seeded beforehand) instead of DATABASE_URL=memory://. */
  persistedDataDir?: string;
};

export class AppServer {
  private output = '';
  private exited: number | null = null;
  private readonly ownDataDir: string | null;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    readonly dataDir: string,
    ownsDataDir: boolean,
  ) {
    this.ownDataDir = ownsDataDir ? dataDir : null;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code) => {
      this.exited = code ?? -1;
    });
  }

  get origin(): string {
    return `http://127.0.0.1:${String(this.port)}`;
  }

  /** Starts `npx tsx <root>/server/start.ts` and waits until /api/v1/posts answers. */
  static async start(options: ServerOptions, timeoutMs = 120_000): Promise<AppServer> {
    const dataDir = options.persistedDataDir ?? mkdtempSync(join(tmpdir(), 'bench-client-data-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      STATIC_DIR: options.dist,
      DATA_DIR: dataDir,
      // Unset = PGlite persisted at DATA_DIR/pglite (server/db/client.ts createDb).
      DATABASE_URL: options.persistedDataDir === undefined ? 'memory://' : '',
      RATE_LIMIT: '0',
      LOG: '0',
      BUILD: '0',
    };
    const child = spawn('npx', ['tsx', join(options.root, 'server/start.ts')], { cwd: options.root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const server = new AppServer(child, options.port, dataDir, options.persistedDataDir === undefined);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (server.exited !== null) throw new Error(`server/start.ts exited (${String(server.exited)}):\n${server.output}`);
      try {
        const response = await fetch(`${server.origin}/api/v1/posts`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return server;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await server.stop();
    throw new Error(`server/start.ts did not answer within ${String(timeoutMs)} ms:\n${server.output}`);
  }

  /** SIGTERM to the process group (the server closes PGlite), SIGKILL after 10 s. */
  async stop(): Promise<void> {
    const pid = this.child.pid;
    if (pid !== undefined && this.exited === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 10_000))]);
      if (timedOut) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    if (this.ownDataDir) rmSync(this.ownDataDir, { recursive: true, force: true });
  }
}

/**
 * P5: a PGlite data directory holding the migrated demo seed plus `count` posts in the demo
 * member's channel, older than every seeded post, by 1,000 authors that repeat every 1,000 hours
 * (so docs/product.md §4 collapsing folds none). The real server/start.ts migrates and seeds it first; the
 * posts are then inserted straight into the database with the server stopped.
 */
export async function seededDataDir(root: string, dist: string, port: number, count: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-client-p5-'));
  const first = await AppServer.start({ root, dist, port, persistedDataDir: dataDir });
  await first.stop();
  const pg = await PGlite.create({ dataDir: join(dataDir, 'pglite') });
  try {
    await pg.exec(`
      INSERT INTO users (name, username, email, channel_id, language, created_at)
      SELECT 'Bench Author ' || g, 'bench_author_' || g, 'bench-author-' || g || '@bench.local',
             (SELECT channel_id FROM users WHERE email = 'demo@prayer.local'), 'en-US', now() - interval '900 days'
      FROM generate_series(1, 1000) AS g;
      INSERT INTO posts (user_id, channel_id, type, text, created_at, updated_at)
      SELECT u.id, u.channel_id, CASE WHEN g % 4 = 0 THEN 'THANK' ELSE 'REQUEST' END,
             'Server feed post #' || g || '. ' || repeat('Please pray for our family and our work this season. ', g % 5),
             o.oldest - make_interval(hours => g), o.oldest - make_interval(hours => g)
      FROM generate_series(1, ${String(Math.round(count))}) AS g
      CROSS JOIN (SELECT min(created_at) AS oldest FROM posts) AS o
      JOIN users AS u ON u.username = 'bench_author_' || (1 + g % 1000);
      ANALYZE;
    `);
  } finally {
    await pg.close();
  }
  return dataDir;
}
