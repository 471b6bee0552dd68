// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// Issue #27 item 5 'Fits a small server'
// (docs/decisions/0182-the-server-runs-compiled-with-a-small-embedded-database.md): the server
// compiled by package.json's build:server (what `npm start` runs, with no TypeScript loader) starts
// on an empty DATA_DIR, finds its migrations and serves the seeded feed; the embedded database runs
// with the small memory settings of server/db/pglite-settings.ts, its initdb done in a child
// process. The memory figures themselves: bench/server-memory.ts.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Envelope, PostPage } from '../../common/contract';
import { createDb } from '../../server/db/client';
import { needsInitDb } from '../../server/db/pglite-settings';
import { freePort, READY, ROOT } from './server-process';

const scratch = mkdtempSync(join(tmpdir(), 'prayer-small-'));
// Beside dist-server/ (git-ignored as dist-*/), so the compiled file finds the project as it does.
const outDir = mkdtempSync(join(ROOT, 'dist-server-test-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

function buildCommand(outfile: string): string {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const build = scripts['build:server'] ?? '';
  expect(scripts.prestart).toContain('build:server');
  expect(scripts.start).toMatch(/(^|\s)node( --[\w-]+(=\w+)?)* dist-server\/start\.js$/);
  expect(build).toContain('--outfile=dist-server/start.js');
  return build.replace('--outfile=dist-server/start.js', `--outfile=${outfile}`);
}

describe('the compiled server', () => {
  it('starts on an empty DATA_DIR without a TypeScript loader, migrates, seeds and serves', { timeout: 120_000 }, async () => {
    const outfile = join(outDir, 'start.js');
    execSync(buildCommand(outfile), { cwd: ROOT, stdio: 'pipe', env: { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` } });
    const source = readFileSync(outfile, 'utf8');
    expect(source).not.toMatch(/from "\.\.?\//); // one file: nothing of server/ or common/ left to load as TypeScript
    const dataDir = join(scratch, 'compiled');
    // A stand-in for the built app (a STATIC_DIR without index.html would be built with vite).
    const staticDir = join(scratch, 'ui');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG: '0', STATIC_DIR: staticDir };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, [outfile], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    try {
      await new Promise<void>((done, fail) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes(READY)) done();
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => fail(new Error(`exited (${String(code)}) before '${READY}':\n${output}`)));
      });
      expect(output).toMatch(/Applied migrations: 0001_init/);
      const page = await (await fetch(`http://127.0.0.1:${String(port)}/api/v1/posts`)).json() as Envelope<PostPage>;
      expect(page.data.data.length).toBeGreaterThan(0);
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => { if (child.exitCode === null) child.once('exit', done); else done(null); });
    }
  });
});

describe('the embedded database on a small server', () => {
  it('is created apart on an empty DATA_DIR and runs with 16 MB of shared buffers', { timeout: 120_000 }, async () => {
    const dataDir = join(scratch, 'settings');
    const before = process.env.DATA_DIR;
    process.env.DATA_DIR = dataDir;
    try {
      expect(needsInitDb(join(dataDir, 'pglite'))).toBe(true);
      const handle = await createDb('');
      try {
        expect(needsInitDb(join(dataDir, 'pglite'))).toBe(false);
        const settings = await handle.withSession((s) => s.rows<{ name: string; setting: string; unit: string }>(
          "SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'maintenance_work_mem') ORDER BY name"));
        expect(settings).toEqual([
          { name: 'maintenance_work_mem', setting: String(16 * 1024), unit: 'kB' },
          { name: 'shared_buffers', setting: String((16 * 1024) / 8), unit: '8kB' },
        ]);
      } finally {
        await handle.close();
      }
    } finally {
      if (before === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = before;
    }
  });
});
