// Issue #14 point 1: API responses above a small size go out compressed by Accept-Encoding
// (server/http/compression.ts), with `Vary: Accept-Encoding`; small ones and clients that ask for
// nothing get plain JSON. The real server on the seed: the first feed page is well above 1 KB.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESS_MIN_BYTES } from '../../server/http/compression';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => server.close());

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('API response compression', () => {
  it('sends brotli or gzip by Accept-Encoding, the same JSON either way, and says it varies', async () => {
    const plain = await get('/api/v1/posts');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESS_MIN_BYTES);

    const br = await get('/api/v1/posts', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.payload));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await get('/api/v1/posts', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.payload));
  });

  it('leaves a small response as it is', async () => {
    const health = await get('/api/v1/health', 'gzip, br');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(API_COMPRESS_MIN_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('compresses an error answer too when it is large, and keeps its status', async () => {
    const missing = await get('/api/v1/no-such-route', 'br');
    expect(missing.statusCode).toBe(404);
  });
});
