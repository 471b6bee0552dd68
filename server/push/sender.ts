// Who sends a push (issue #13 point 1): one PushSender per API process, FCM when its variables are
// set (server/push/fcm.ts), standard Web Push with the server's own VAPID keys otherwise
// (web-push.ts, vapid.ts), so every install can notify. Both the notification dispatcher
// (dispatch.ts) and the reminder scheduler send through sendToUser, which reaches every device the
// user registered and deletes the ones the push service says are gone.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBPUSH_PLATFORM } from '../../common/push-config';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { pushTokens } from '../db/schema/accounts';
import { createFcmClient, type FcmClient, type PushMessage, type SendResult } from './fcm';
import { vapidKeys } from './vapid';
import { webPushSender } from './web-push';

/** A registered device (push_tokens): an FCM token, or a Web Push subscription's endpoint and keys. */
export type PushTarget = { token: string; platform: string | null; extra: unknown };

export type PushSender = { send(target: PushTarget, message: PushMessage): Promise<SendResult> };

/** FCM sends to FCM tokens only: a Web Push subscription (platform 'webpush') is not FCM's. */
function fcmSender(fcm: FcmClient): PushSender {
  return { send: async (target, message) => (target.platform === WEBPUSH_PLATFORM ? 'skipped' : fcm.send(target.token, message)) };
}

/** Which provider this server pushes through (GET notifications/push-config tells the page). */
export function pushProvider(config: Pick<AppConfig, 'push'>): 'fcm' | 'webpush' {
  return config.push === null ? 'webpush' : 'fcm';
}

/**
 * The process's sender: FCM when configured (today's path, unchanged), else Web Push signed with
 * the server's VAPID keys, generated on first use when the environment has none. Since Web Push,
 * every install has a sender (it was null without FCM before).
 */
export function createPushSender(config: AppConfig): PushSender {
  if (config.push !== null) return fcmSender(createFcmClient(config.push));
  return webPushSender({ keys: vapidKeys(config), subject: config.webPush.subject });
}

/** Sends `message` to every device of `userId`; returns how many accepted it. */
export async function sendToUser(db: Db, sender: PushSender, userId: number, message: PushMessage, log: FastifyBaseLogger): Promise<number> {
  const targets = await db.select({ token: pushTokens.token, platform: pushTokens.platform, extra: pushTokens.extra })
    .from(pushTokens).where(eq(pushTokens.userId, userId));
  let sent = 0;
  for (const target of targets) {
    const result = await sender.send(target, message).catch((error: unknown) => {
      log.warn({ err: error, userId }, 'push send failed');
      return 'failed' as const;
    });
    if (result === 'sent') sent += 1;
    else if (result === 'unregistered') await db.delete(pushTokens).where(eq(pushTokens.token, target.token));
    else if (result === 'failed') log.warn({ userId }, 'push refused by the push service');
  }
  return sent;
}
