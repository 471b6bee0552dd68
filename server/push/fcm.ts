// The FCM HTTP v1 client (issue #6): a service-account JWT (RS256, node:crypto) exchanged for an
// OAuth access token, cached until shortly before it expires, then one messages:send per device.
import { createSign } from 'node:crypto';
import type { FcmConfig } from './fcm-config';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_LIFETIME_SECONDS = 3600;
/** Renew this long before the token's expiry, so a send never races it. */
const EXPIRY_MARGIN_MS = 60_000;

/** `badge`: the recipient's unread notifications count, for the app icon (issue #28 item 6, common/app-badge.ts). */
export type PushMessage = { title: string; body: string; url: string; link: string; badge?: number };
/**
 * 'unregistered': the token is gone for good (404 / UNREGISTERED, a Web Push 404/410) and should
 * be deleted; 'skipped': the device belongs to the other provider (server/push/sender.ts).
 */
export type SendResult = 'sent' | 'unregistered' | 'failed' | 'skipped';

export type FcmClient = { send(token: string, message: PushMessage): Promise<SendResult> };

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function signServiceAccountJwt(config: FcmConfig, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({
    iss: config.clientEmail, scope: SCOPE, aud: config.tokenUrl, iat: nowSeconds, exp: nowSeconds + JWT_LIFETIME_SECONDS,
  }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(config.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}

type CachedToken = { value: string; expiresAt: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function fetchAccessToken(config: FcmConfig, now: number): Promise<CachedToken> {
  const assertion = signServiceAccountJwt(config, Math.floor(now / 1000));
  const response = await fetch(config.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok || !isRecord(json) || typeof json.access_token !== 'string') {
    throw new Error(`FCM token endpoint answered ${response.status}`);
  }
  const seconds = typeof json.expires_in === 'number' ? json.expires_in : JWT_LIFETIME_SECONDS;
  return { value: json.access_token, expiresAt: now + seconds * 1000 - EXPIRY_MARGIN_MS };
}

/** The FCM v1 message: a notification, the url as data, and the click link for web push. */
function fcmMessage(token: string, message: PushMessage): unknown {
  return {
    message: {
      token,
      notification: { title: message.title, body: message.body },
      data: { url: message.url, title: message.title, body: message.body, ...(message.badge === undefined ? {} : { badge: String(message.badge) }) },
      webpush: { fcm_options: { link: message.link } },
    },
  };
}

function isUnregistered(status: number, json: unknown): boolean {
  if (status === 404) return true;
  const details = isRecord(json) && isRecord(json.error) && Array.isArray(json.error.details) ? json.error.details : [];
  return details.some((detail) => isRecord(detail) && detail.errorCode === 'UNREGISTERED');
}

export function createFcmClient(config: FcmConfig, clock: () => number = Date.now): FcmClient {
  let cached: CachedToken | null = null;
  let pending: Promise<CachedToken> | null = null;
  async function accessToken(): Promise<string> {
    if (cached !== null && cached.expiresAt > clock()) return cached.value;
    // One token request at a time, however many sends wait for it.
    pending ??= fetchAccessToken(config, clock()).finally(() => { pending = null; });
    cached = await pending;
    return cached.value;
  }
  return {
    async send(token, message) {
      const url = `${config.endpoint}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify(fcmMessage(token, message)),
      });
      if (response.ok) return 'sent';
      const json: unknown = await response.json().catch(() => null);
      if (response.status === 401) cached = null;
      return isUnregistered(response.status, json) ? 'unregistered' : 'failed';
    },
  };
}
