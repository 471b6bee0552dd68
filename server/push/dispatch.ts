// Sends the push of every notification the triggers marked push_pending (issue #6), after the
// transaction that recorded it has committed: the routes' onResponse hook wakes the dispatcher,
// which claims pending rows (FOR UPDATE SKIP LOCKED, so several API processes never send one
// twice) and sends them to each registered device of the recipient (sender.ts). Failures are logged and
// never reach the user's request; a device the push service reports gone is deleted.
import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_EXCERPT_CHARS, type NotificationKind } from '../../common/notifications-contract';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { prayerGroups } from '../db/schema/groups';
import { posts } from '../db/schema/posts';
import { users } from '../db/schema/users';
import type { PushMessage } from './fcm';
import { sendToUser, type PushSender } from './sender';
import { pushTitle } from './push-texts';
import { groupAudience } from '../domain/group-visibility';
import { unreadCount } from '../domain/notifications';

/** A change older than this when claimed is not pushed any more (e.g. FCM was just configured). */
const PUSH_MAX_AGE_MS = 10 * 60_000;
const CLAIM_BATCH = 100;

type PushDispatcher = { wake(): void; idle(): Promise<void> };
/** `postId` is null only for a sent reminder's row (0009), which is never marked push_pending: the scheduler pushes it. */
type Claimed = { id: number; userId: number; postId: number | null; kind: NotificationKind; actorCount: number; lastActorId: number | null };

async function claim(db: Db, now: number): Promise<Claimed[]> {
  // Pending rows too old to push are dropped, so the partial index stays small.
  await db.update(notifications).set({ pushPending: false })
    .where(and(eq(notifications.pushPending, true), lt(notifications.updatedAt, new Date(now - PUSH_MAX_AGE_MS))));
  const pending = db.select({ id: notifications.id }).from(notifications)
    .where(and(eq(notifications.pushPending, true), gte(notifications.updatedAt, new Date(now - PUSH_MAX_AGE_MS))))
    .orderBy(notifications.id).limit(CLAIM_BATCH).for('update', { skipLocked: true });
  return db.update(notifications).set({ pushPending: false }).where(inArray(notifications.id, pending)).returning({
    id: notifications.id, userId: notifications.userId, postId: notifications.postId, kind: notifications.kind,
    actorCount: notifications.actorCount, lastActorId: notifications.lastActorId,
  });
}

async function messageOf(db: Db, row: Claimed, publicUrl: string): Promise<{ message: PushMessage; language: string } | null> {
  if (row.postId === null) return null;
  // A group's post is pushed only to its live members (docs/product.md §11): 'answered' tells everyone who prayed, former members too.
  const [post] = await db.select({ text: posts.text, type: posts.type, groupName: prayerGroups.name }).from(posts)
    .leftJoin(prayerGroups, eq(prayerGroups.id, posts.groupId))
    .where(and(eq(posts.id, row.postId), isNull(posts.deletedAt), groupAudience(row.userId))).limit(1);
  const [recipient] = await db.select({ language: users.language }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (post === undefined || recipient === undefined) return null;
  const [actor] = row.lastActorId === null || row.kind === 'answered' ? []
    : await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.lastActorId)).limit(1);
  const url = `/community/post/${row.postId}`;
  const group = post.groupName === null ? undefined : { name: post.groupName, thanks: post.type === 'THANK' };
  const title = pushTitle({ kind: row.kind, actor: actor ?? null, actorCount: row.actorCount, group }, recipient.language);
  const body = post.text.slice(0, NOTIFICATION_EXCERPT_CHARS);
  // The recipient's unread count after this change, for the app icon (issue #28 item 6).
  const badge = await unreadCount(db, row.userId);
  return { message: { title, body, url, link: `${publicUrl}${url}`, badge }, language: recipient.language };
}

async function sendOne(db: Db, sender: PushSender, row: Claimed, publicUrl: string, log: FastifyBaseLogger): Promise<void> {
  const built = await messageOf(db, row, publicUrl);
  if (built !== null) await sendToUser(db, sender, row.userId, built.message, log);
}

export function createPushDispatcher(db: Db, sender: PushSender, publicUrl: string, log: FastifyBaseLogger): PushDispatcher {
  let running: Promise<void> | null = null;
  let again = false;
  async function loop(): Promise<void> {
    do {
      again = false;
      const claimed = await claim(db, Date.now());
      for (const row of claimed) await sendOne(db, sender, row, publicUrl, log);
      if (claimed.length === CLAIM_BATCH) again = true;
    } while (again);
  }
  return {
    wake() {
      if (running !== null) {
        again = true;
        return;
      }
      running = loop().catch((error: unknown) => log.error({ err: error }, 'push dispatch failed')).finally(() => { running = null; });
    },
    idle: () => running ?? Promise.resolve(),
  };
}
