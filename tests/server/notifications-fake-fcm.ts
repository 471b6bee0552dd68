// A local stand-in for Google's OAuth token endpoint and FCM's HTTP v1 send endpoint (issue #6:
// push is tested against a local fake). It checks the service-account JWT's RS256 signature with
// the public key, hands out access tokens, and records every send with its bearer token.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FcmConfig } from '../../server/push/fcm-config';
import { scopedObject } from '../helpers/scoped-fixture';
import { waitUntil } from '../helpers/wait-until';
import { ok, type Api } from './api';
import { person } from './groups-support';
import { listenLocal } from './server-process';

export type SentPush = { path: string; authorization: string | undefined; body: unknown };
export type FakeFcm = {
  config: FcmConfig;
  sent: SentPush[];
  tokenRequests: number;
  /** Tokens the send endpoint answers 404 UNREGISTERED for. */
  unregistered: Set<string>;
  /** The pushes sent to `device` (a registration token), in order. */
  sentTo(device: string): SentPush[];
  /** Pushes go out after the response: waits (up to 5 s) until `count` reached `device`; those sent to it by then. */
  waitForSent(device: string, count: number): Promise<SentPush[]>;
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
  const base = `http://127.0.0.1:${String(await listenLocal(server))}`;
  const sentTo = (device: string) => fake.sent.filter((push) => JSON.stringify(push.body).includes(`"token":"${device}"`));
  return Object.assign(fake, {
    config: { projectId: 'fake-project', clientEmail: 'push@fake-project.test', privateKey, endpoint: base, tokenUrl: `${base}/token` },
    sentTo,
    async waitForSent(device: string, count: number) {
      await waitUntil(() => sentTo(device).length >= count);
      return sentTo(device);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * The file's fake FCM, started before its tests and closed after them: call it before useApi, whose
 * server sends to it (`useApi(() => ({ push: fcm.config }))`). Its fields are read when used.
 */
export function useFakeFcm(): FakeFcm {
  return scopedObject('The fake FCM', startFakeFcm, (fcm) => fcm.close());
}

/** Registers `device` (an FCM registration token) for the account of `token`, as the app does. */
export async function addDevice(api: Api, token: string, device: string): Promise<void> {
  ok(await api.call('PUT', 'notifications/token', { token, body: { token: device, platform: 'web', token_type: 'fid' } }));
}

/** A new member (tests/server/groups-support.ts person) with a device of their own. */
export async function personWithDevice(api: Api, name: string): Promise<{ token: string; id: number; device: string }> {
  const p = await person(api, name);
  const device = `device-${name.replace(/\W/g, '')}-${process.pid}`;
  await addDevice(api, p.token, device);
  return { ...p, device };
}
