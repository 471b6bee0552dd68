// A local stand-in for Google's OAuth token endpoint and FCM's HTTP v1 send endpoint (issue #6:
// push is tested against a local fake). It checks the service-account JWT's RS256 signature with
// the public key, hands out access tokens, and records every send with its bearer token.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FcmConfig } from '../../server/push/fcm-config';

export type SentPush = { path: string; authorization: string | undefined; body: unknown };
export type FakeFcm = {
  config: FcmConfig;
  sent: SentPush[];
  tokenRequests: number;
  /** Tokens the send endpoint answers 404 UNREGISTERED for. */
  unregistered: Set<string>;
  close(): Promise<void>;
};

const ACCESS_TOKEN = 'fake-access-token';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => { text += chunk; });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

function jwtValid(assertion: string, publicKey: string): boolean {
  const [header, claims, signature] = assertion.split('.');
  if (header === undefined || claims === undefined || signature === undefined) return false;
  return createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'));
}

export async function startFakeFcm(): Promise<FakeFcm> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const fake = { sent: [] as SentPush[], tokenRequests: 0, unregistered: new Set<string>() };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const reply = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (request.url === '/token') {
        fake.tokenRequests += 1;
        const form = new URLSearchParams(text);
        const ok = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && jwtValid(form.get('assertion') ?? '', publicKey);
        return ok ? reply(200, { access_token: ACCESS_TOKEN, expires_in: 3600, token_type: 'Bearer' }) : reply(400, { error: 'invalid_grant' });
      }
      const body: unknown = JSON.parse(text);
      const push = { path: request.url ?? '', authorization: request.headers.authorization, body };
      fake.sent.push(push);
      const token = JSON.stringify(body).match(/"token":"([^"]+)"/)?.[1] ?? '';
      if (fake.unregistered.has(token)) return reply(404, { error: { code: 404, status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } });
      return reply(200, { name: `projects/fake/messages/${fake.sent.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake FCM has no port');
  const base = `http://127.0.0.1:${address.port}`;
  return Object.assign(fake, {
    config: { projectId: 'fake-project', clientEmail: 'push@fake-project.test', privateKey, endpoint: base, tokenUrl: `${base}/token` },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
