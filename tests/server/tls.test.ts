// TLS_CERT/TLS_KEY (server/config.ts): the server answers over https with the given certificate,
// and a half configuration stops the start with a message that says what to set.
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openTestDb, type TestDb } from '../helpers/test-db';
import { makeSelfSignedCert, type SelfSigned } from '../helpers/self-signed';
import type { FastifyInstance } from 'fastify';

function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('https with TLS_CERT and TLS_KEY', () => {
  let cert: SelfSigned;
  let db: TestDb;
  let app: FastifyInstance;
  let port = 0;

  beforeAll(async () => {
    cert = makeSelfSignedCert();
    db = await openTestDb();
    const config = loadConfig({ TLS_CERT: cert.certFile, TLS_KEY: cert.keyFile, LOG: '0', RATE_LIMIT: '0', REMINDER_TICK_MS: '0' });
    app = await buildApp({ db: db.handle.db, config, dbKind: db.handle.kind });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    port = address.port;
  });

  afterAll(async () => {
    await app.close();
    await db.dispose();
    cert.remove();
  });

  it('answers over https, trusted with the certificate it was given', async () => {
    const response = await httpsGet(`https://127.0.0.1:${String(port)}/api/v1/health`, readFileSync(cert.certFile, 'utf8'));
    expect(response.status).toBe(200);
  });

  it('refuses TLS_CERT without TLS_KEY, saying both go together', () => {
    expect(() => loadConfig({ TLS_CERT: cert.certFile })).toThrow(/TLS_CERT and TLS_KEY go together/);
  });
});
