// Sends prayer reminders when they are due (issue #13 point 2;
// docs/decisions/0106-reminders-on-the-server-the-row-is-the-timer-and-the-rules.md). The reminders
// table is the only state: every API process ticks (config.reminderTickMs) and, in one transaction,
// claims due rows (FOR UPDATE SKIP LOCKED, so two processes never take the same row), moves each
// row's next_at to its following firing and records a 'reminder' notification for its owner; only
// after the commit are the pushes sent (sender.ts). A process that dies after the commit loses that
// push but not the notification, which /notifications shows. A reminder far overdue (the server was
// down) fires once: next_at moves to the first firing after now, not after the missed one. What it
// names is read at that moment through the visibility rule for its owner
// (domain/reminder-labels.ts, issue #49): the push carries that, the notification row no copy.
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { listItems, lists } from '../db/schema/lists';
import { notifications } from '../db/schema/notifications';
import { posts } from '../db/schema/posts';
import { reminders } from '../db/schema/reminders';
import { users } from '../db/schema/users';
import { visibleTo } from '../domain/post-view';
import { listVisibleTo } from '../domain/list-view';
import { reminderLabels } from '../domain/reminder-labels';
import { scheduleOf, type ReminderRow } from '../domain/reminders';
import { nextOccurrence } from '../domain/reminder-schedule';
import type { RouteDeps } from '../routes/deps';
import { reminderPushTitle } from './push-texts';
import { createPushSender, sendToUser, type PushSender } from './sender';

/** Most reminders one transaction claims; a tick claims again while batches come back full. */
export const REMINDER_CLAIM_BATCH = 100;

type FiredReminder = { id: string; userId: number; label: string; url: string; targetKind: ReminderRow['targetKind'] };
type ClaimedReminder = Omit<FiredReminder, 'label'>;

/**
 * Whether what the reminder opens is still there for its owner (a post deleted or made private
 * since is not; nor a group's post, item or list once the owner left the group or it was deleted).
 */
async function targetLive(tx: Db, row: ReminderRow): Promise<boolean> {
  if (row.targetKind === 'post' && row.postId !== null) {
    const found = await tx.select({ id: posts.id }).from(posts).where(and(eq(posts.id, row.postId), visibleTo(row.userId))).limit(1);
    return found.length > 0;
  }
  if (row.targetKind === 'item' && row.listItemId !== null) {
    const found = await tx.select({ id: listItems.id }).from(listItems).innerJoin(lists, eq(lists.id, listItems.postListId))
      .where(and(eq(listItems.id, row.listItemId), isNull(listItems.deletedAt), listVisibleTo(row.userId))).limit(1);
    return found.length > 0;
  }
  if (row.sessionSource === 'list' && row.listId !== null) {
    const found = await tx.select({ id: lists.id }).from(lists).where(and(eq(lists.id, row.listId), listVisibleTo(row.userId))).limit(1);
    return found.length > 0;
  }
  return true;
}

/** One transaction: claims up to a batch of due rows, advances them and records their notifications. */
async function claimBatch(db: Db, now: Date): Promise<{ fired: ClaimedReminder[]; claimed: number }> {
  return db.transaction(async (tx) => {
    const due = await tx.select().from(reminders)
      .where(and(eq(reminders.enabled, true), isNotNull(reminders.nextAt), lte(reminders.nextAt, now)))
      .orderBy(asc(reminders.nextAt)).limit(REMINDER_CLAIM_BATCH).for('update', { skipLocked: true });
    const fired: ClaimedReminder[] = [];
    for (const row of due) {
      await tx.update(reminders).set({ nextAt: nextOccurrence(scheduleOf(row), now) }).where(eq(reminders.id, row.id));
      if (!(await targetLive(tx, row))) continue;
      await tx.insert(notifications).values({
        // The label is read when the notification is listed (domain/notifications.ts): no copy kept.
        userId: row.userId, kind: 'reminder', reminderId: row.id, label: '', url: row.url,
        day: sql`(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date`, createdAt: now, updatedAt: now,
      }).onConflictDoUpdate({
        target: [notifications.reminderId, notifications.day],
        targetWhere: sql`reminder_id IS NOT NULL`,
        set: { label: '', url: row.url, updatedAt: now, readAt: null },
      });
      fired.push({ id: row.id, userId: row.userId, url: row.url, targetKind: row.targetKind });
    }
    return { fired, claimed: due.length };
  });
}

async function pushReminder(db: Db, sender: PushSender, reminder: FiredReminder, publicUrl: string, log: FastifyBaseLogger): Promise<void> {
  const [owner] = await db.select({ language: users.language }).from(users)
    .where(and(eq(users.id, reminder.userId), isNull(users.deletedAt))).limit(1);
  if (owner === undefined) return;
  const title = reminderPushTitle(reminder.targetKind, owner.language);
  await sendToUser(db, sender, reminder.userId, { title, body: reminder.label, url: reminder.url, link: `${publicUrl}${reminder.url}` }, log);
}

/**
 * Fires every reminder due at `now`, each once across all processes; `sender` null (no push
 * configured) still records the notifications. Returns what this call fired.
 */
export async function runDueReminders(db: Db, sender: PushSender | null, now: Date, publicUrl: string, log: FastifyBaseLogger): Promise<FiredReminder[]> {
  const all: FiredReminder[] = [];
  for (;;) {
    const { fired: claimedRows, claimed } = await claimBatch(db, now);
    // The words as the rule lets the owner read them now, after the commit (issue #49).
    const labels = await reminderLabels(db, claimedRows.map((r) => r.id));
    const fired = claimedRows.map((r) => ({ ...r, label: labels.get(r.id) ?? '' }));
    all.push(...fired);
    if (sender !== null) {
      for (const reminder of fired) {
        await pushReminder(db, sender, reminder, publicUrl, log).catch((error: unknown) => log.warn({ err: error, reminder: reminder.id }, 'reminder push failed'));
      }
    }
    if (claimed < REMINDER_CLAIM_BATCH) return all;
  }
}

/**
 * Ticks every config.reminderTickMs (0: off, for tests that call runDueReminders themselves). A
 * tick still running when the next is due is not doubled; closing the app stops the interval and
 * waits for the tick in flight.
 */
export function registerReminderScheduler(app: FastifyInstance, { db, config, metrics }: RouteDeps): void {
  if (config.reminderTickMs <= 0) return;
  const sender = metrics.countSends(createPushSender(config));
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running !== null) return;
    running = runDueReminders(db, sender, new Date(), config.publicUrl, app.log)
      .then(() => undefined, (error: unknown) => app.log.error({ err: error }, 'reminder tick failed'))
      .finally(() => { running = null; });
  };
  const timer = setInterval(tick, config.reminderTickMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
