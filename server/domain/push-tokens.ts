// Push registration (docs/product.md §3 push registration payload, §4 notification permission, §7 PUT
// notifications/token). A device token belongs to whoever registered it last: a phone that
// changes account moves its token with it, so nobody gets someone else's notifications.
import { fieldError } from '../http/errors';
import type { Db } from '../db/client';
import { pushTokens } from '../db/schema/accounts';

/** The extra fields are stored as sent, up to this size (serialized JSON). */
const PUSH_EXTRA_MAX_CHARS = 4000;

export type PushRegistration = { token: string; platform: string | undefined; extra: Record<string, unknown> };

export async function registerPushToken(db: Db, userId: number, input: PushRegistration): Promise<void> {
  const extra = Object.keys(input.extra).length === 0 ? null : input.extra;
  if (extra !== null && JSON.stringify(extra).length > PUSH_EXTRA_MAX_CHARS) {
    throw fieldError('extra', `Keep the extra fields under ${PUSH_EXTRA_MAX_CHARS} characters`, 'validation.too_long', { max: PUSH_EXTRA_MAX_CHARS });
  }
  const now = new Date();
  const values = { userId, platform: input.platform ?? null, extra, updatedAt: now };
  await db.insert(pushTokens).values({ token: input.token, ...values, createdAt: now })
    .onConflictDoUpdate({ target: pushTokens.token, set: values });
}
