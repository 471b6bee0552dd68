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
import { precompressDirectory, type Compressed } from '../../build/precompress-plugin';
import { registerStatic } from '../../server/static';

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `prayer ${String(i)}`))};\n`;
let dir = '';
let app: FastifyInstance;
let written: Compressed[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-compression-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Prayer</title>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  written = precompressDirectory(join(dir, 'assets'));
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
