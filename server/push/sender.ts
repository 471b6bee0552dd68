// Who sends a push (issue #13 point 1): one PushSender per API process, FCM when its variables are
// set (server/push/fcm.ts), standard Web Push with the server's own VAPID keys otherwise. Both the
// notification dispatcher (dispatch.ts) and the reminder scheduler send through sendToUser, which
// reaches every device the user registered and deletes the ones the push service says are gone.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { pushTokens } from '../db/schema';
import { createFcmClient, type FcmClient, type PushMessage, type SendResult } from './fcm';

/** A registered device (push_tokens): an FCM token, or a Web Push subscription's endpoint and keys. */
export type PushTarget = { token: string; platform: string | null; extra: unknown };

export type PushSender = { send(target: PushTarget, message: PushMessage): Promise<SendResult> };

export function fcmSender(fcm: FcmClient): PushSender {
  return { send: (target, message) => fcm.send(target.token, message) };
}

/**
 * The process's sender: FCM when configured; otherwise null for now (issue #13 point 1 adds Web
 * Push with the server's VAPID keys here, so every install can notify).
 */
export function createPushSender(config: AppConfig): PushSender | null {
  return config.push === null ? null : fcmSender(createFcmClient(config.push));
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
    else log.warn({ userId }, 'push refused by the push service');
  }
  return sent;
}
