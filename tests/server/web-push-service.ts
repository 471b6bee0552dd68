// A local stand-in for a browser's push service (issue #13 point 1: Web Push is tested against a
// local endpoint), and the browser's side of a subscription: a P-256 key pair and an auth secret
// made as a browser makes them. Written from the RFCs with node:crypto only, independently of the
// `web-push` library the server uses: it checks the VAPID JWT (RFC 8292: ES256 over the header
// and claims, verified with the `k` public key) and decrypts the aes128gcm body (RFC 8291/8188).
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { scopedObject } from '../helpers/scoped-fixture';
import { listenLocal } from './server-process';

export type ReceivedPush = { path: string; headers: IncomingMessage['headers']; body: Buffer };

export type PushService = {
  origin: string;
  received: ReceivedPush[];
  /** Paths answered with this status instead of 201 (e.g. 410 Gone). */
  statusFor: Map<string, number>;
  close(): Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusFor.get(path) ?? 201).end();
    });
  });
  const port = await listenLocal(server);
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    received,
    statusFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The file's push service, started before its tests and closed after them; read when used. */
export function usePushService(): PushService {
  return scopedObject('The push service', startPushService, (service) => service.close());
}

/** A browser's subscription keys: what PushSubscription.toJSON().keys holds, and the secrets. */
export type BrowserSubscription = { ecdh: ECDH; authSecret: Buffer; keys: { p256dh: string; auth: string } };

export function browserSubscription(): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
}

/** RFC 8291 §3.4 + RFC 8188: one aes128gcm record, decrypted with the subscription's secrets. */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const uaPublic = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/**
 * Parses `vapid t=<jwt>, k=<public key>` and verifies the JWT's ES256 signature with k. Returns
 * the claims and k, or throws saying what is wrong.
 */
export function verifyVapid(authorization: string | undefined): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (match?.[1] === undefined || match[2] === undefined) throw new Error(`not a VAPID authorization: ${String(authorization)}`);
  const [jwt, publicKey] = [match[1], match[2]];
  const [header, claims, signature] = jwt.split('.');
  if (header === undefined || claims === undefined || signature === undefined) throw new Error('not a JWT');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
  if (parsedHeader.alg !== 'ES256') throw new Error(`unexpected JWT header ${JSON.stringify(parsedHeader)}`);
  return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as VapidClaims, publicKey };
}
