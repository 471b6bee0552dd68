// Issue #14 item 1 (first step): built assets go out precompressed, chosen by Accept-Encoding,
// with `Vary: Accept-Encoding` (build/precompress-plugin.ts writes the copies, server/static.ts
// serves them through @fastify/static's preCompressed). Real files in a temporary directory, the
// real static registration on a bare Fastify, requests through inject.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory, TOP_LEVEL_COMPRESSIBLE, type Compressed } from '../../build/precompress-plugin';
import { registerStatic } from '../../server/static';

const SHELL = `<!doctype html><title>Prayer</title><main>${'<p>Pray together, wherever you are.</p>'.repeat(40)}</main>`;
const SHELL_PT = SHELL.replace('Pray together', 'Orem juntos');
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `prayer ${String(i)}`))};\n`;
let dir = '';
let app: FastifyInstance;
let written: Compressed[] = [];
let topLevel: Compressed[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-compression-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  writeFileSync(join(dir, 'index.pt.html'), SHELL_PT);
  writeFileSync(join(dir, 'sw.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  written = precompressDirectory(join(dir, 'assets'));
  topLevel = precompressDirectory(dir, TOP_LEVEL_COMPRESSIBLE);
  app = Fastify();
  await registerStatic(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('precompressed assets', () => {
  it('the build writes a smaller .br and .gz beside each compressible asset, none for a tiny one', () => {
    expect(written.map((entry) => entry.file)).toEqual(['app-abc123.js']);
    const [script] = written;
    expect(script?.br).toBeLessThan(script?.gz ?? 0);
    expect(script?.gz).toBeLessThan(SCRIPT.length / 3);
  });

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, and the file as it is otherwise', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    for (const response of [br, gz, plain]) expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('a file without copies goes as it is, whatever the browser accepts', async () => {
    const tiny = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });
});

describe('precompressed shells and service worker', () => {
  it('the build writes copies of the language shells and sw.js', () => {
    expect(topLevel.map((entry) => entry.file).sort()).toEqual(['index.html', 'index.pt.html', 'sw.js']);
  });

  it('sends the shell compressed on /, on an app address and on a language address, still revalidated', async () => {
    for (const [url, body] of [['/', SHELL], ['/community', SHELL], ['/pt/community', SHELL_PT]] as const) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(body);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers.vary), url).toMatch(/accept-encoding/i);
    }
    const plain = await get('/community');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SHELL);
  });

  it('sends sw.js compressed and revalidated', async () => {
    const response = await get('/sw.js', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
