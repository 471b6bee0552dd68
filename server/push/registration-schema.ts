// PUT notifications/token for a standard Web Push subscription (issue #13 point 1; docs/api.md):
// {token: the subscription's endpoint, platform: 'webpush', keys: {p256dh, auth}}, the page's
// PushSubscription.toJSON(). The endpoint is where this server will POST, so it must be https
// (plain http only on the loopback, for a local test push service); the keys must be what a
// browser makes (RFC 8291: a P-256 public key and a 16-byte auth secret, base64url).
import { z } from 'zod';
import { WEBPUSH_PLATFORM } from '../../common/push-config';
import type { PushRegistration } from '../domain/push-tokens';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function isPushEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

/** base64url (padding tolerated) decoding to `bytes` bytes, optionally starting with `first`. */
function base64urlKey(name: string, bytes: number, first?: number) {
  return z.string({ message: `${name} is required` }).trim().min(1, `${name} is required`).max(200)
    .refine((value) => {
      if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return false;
      const decoded = Buffer.from(value.replace(/=+$/, ''), 'base64url');
      return decoded.length === bytes && (first === undefined || decoded[0] === first);
    }, { message: `${name} must be a base64url key of ${bytes} bytes`, params: { code: 'validation.format' } });
}

export const webPushTokenSchema = z.object({
  token: z.string({ message: 'token is required' }).trim().min(1, 'token is required').max(4096)
    .refine(isPushEndpoint, { message: 'token must be the subscription\'s https endpoint', params: { code: 'validation.format' } }),
  platform: z.literal(WEBPUSH_PLATFORM),
  keys: z.object({ p256dh: base64urlKey('keys.p256dh', 65, 0x04), auth: base64urlKey('keys.auth', 16) }, { message: 'keys are required' }),
});

/** The stored registration: the endpoint as token, and only the keys as extra. */
export function webPushRegistration(body: z.infer<typeof webPushTokenSchema>): PushRegistration {
  return { token: body.token, platform: WEBPUSH_PLATFORM, extra: { keys: { p256dh: body.keys.p256dh, auth: body.keys.auth } } };
}
