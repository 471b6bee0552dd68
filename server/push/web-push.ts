// Standard Web Push (RFC 8030/8291/8292; issue #13 point 1): the push service of the browser's
// subscription receives the payload {title, body, url} encrypted for that subscription
// (aes128gcm) and a VAPID JWT signed with the server's key (vapid.ts). The `web-push` library
// builds the request (encryption, VAPID header, TTL, Urgency); it is sent with fetch, which also
// reaches the plain-http endpoint of a local test push service.
import webpush from 'web-push';
import { WEBPUSH_PLATFORM, type WebPushKeys } from '../../common/push-config';
import type { PushMessage, SendResult } from './fcm';
import type { PushSender, PushTarget } from './sender';
import type { VapidKeys } from './vapid';

/** A notification a day late is still worth showing; after that the push service drops it. */
const WEBPUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The subscription's keys from push_tokens.extra ({ keys: { p256dh, auth } }), or null. */
function subscriptionKeys(extra: unknown): WebPushKeys | null {
  const keys = isRecord(extra) ? extra.keys : undefined;
  if (!isRecord(keys) || typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string') return null;
  return { p256dh: keys.p256dh, auth: keys.auth };
}

/** What the service worker shows (sw/push.ts, common/sw-protocol.ts pushDisplayOf). */
function webPushPayload(message: PushMessage): string {
  return JSON.stringify({ title: message.title, body: message.body, url: message.url, ...(message.badge === undefined ? {} : { badge: message.badge }) });
}

type WebPushOptions = { keys: VapidKeys; subject: string; fetch?: typeof fetch };

export function webPushSender({ keys, subject, fetch: send = fetch }: WebPushOptions): PushSender {
  return {
    async send(target: PushTarget, message: PushMessage): Promise<SendResult> {
      // FCM tokens are FCM's (fcm.ts): never sent here.
      if (target.platform !== WEBPUSH_PLATFORM) return 'skipped';
      const subscriptionKeysOf = subscriptionKeys(target.extra);
      if (subscriptionKeysOf === null) return 'failed';
      const request = webpush.generateRequestDetails({ endpoint: target.token, keys: subscriptionKeysOf }, webPushPayload(message), {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: WEBPUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const response = await send(request.endpoint, {
        method: request.method, headers, body: new Uint8Array(request.body), signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return 'sent';
      // RFC 8030 §7.3 / push services: the subscription expired or was unsubscribed.
      return response.status === 404 || response.status === 410 ? 'unregistered' : 'failed';
    },
  };
}
