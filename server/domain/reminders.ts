// Prayer reminders (issue #13 point 2; docs/api.md 'Reminders'): the caller's list, create or
// replace by the device-made id, and delete. What a reminder opens must be the caller's to open
// when it is set: a post they can see, an active item of a list they can see, or a session of
// their own (a list of theirs). The url is computed here once, and next_at is the only state the
// scheduler (server/push/reminder-scheduler.ts) needs. The label is read when the reminder is
// shown or sent (reminder-labels.ts, issue #49): no copy of a post's, item's or list's words is kept.
import { and, count, desc, eq, ne } from 'drizzle-orm';
import {
  REMINDER_MAX_DAYS, REMINDERS_MAX, type ApiReminder, type ReminderDeleteResponse, type ReminderInput, type ReminderTarget,
} from '../../common/reminders-contract';
import type { Db } from '../db/client';
import { reminders } from '../db/schema/reminders';
import { users } from '../db/schema/users';
import { fieldError, httpError, notFound } from '../http/errors';
import { requireActiveItem } from './list-items';
import { requireOwnList } from './lists';
import { loadVisiblePost } from './post-view';
import { reminderLabel, reminderOwnerLanguage, reminderSubject } from './reminder-labels';
import { addDays, localDateString, nextOccurrence } from './reminder-schedule';
import type { UserRow } from './tokens';

export type ReminderRow = typeof reminders.$inferSelect;

function daysToBits(days: readonly number[]): number {
  return days.reduce((bits, day) => bits | (1 << day), 0);
}

function bitsToDays(bits: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((day) => (bits & (1 << day)) !== 0);
}

function targetOf(row: ReminderRow): ReminderTarget {
  if (row.targetKind === 'post') return { kind: 'post', post_id: row.postId ?? 0 };
  if (row.targetKind === 'item') return { kind: 'item', list_id: row.listId ?? 0, item_id: row.listItemId ?? 0 };
  const source = row.sessionSource ?? 'quick';
  return { kind: 'session', source: source === 'list' ? { kind: 'list', list_id: row.listId ?? 0 } : { kind: source } };
}

function toApiReminder(row: ReminderRow, label: string): ApiReminder {
  return {
    id: row.id,
    target: targetOf(row),
    days: bitsToDays(row.days),
    time: row.timeOfDay,
    time_zone: row.timeZone,
    ends_on: row.endsOn,
    enabled: row.enabled,
    label,
    url: row.url,
    next_at: row.nextAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The schedule of a row, as the schedule math reads it. */
export function scheduleOf(row: Pick<ReminderRow, 'days' | 'timeOfDay' | 'timeZone' | 'endsOn'>) {
  return { days: bitsToDays(row.days), time: row.timeOfDay, timeZone: row.timeZone, endsOn: row.endsOn };
}

/** The caller's reminders with their labels read now (reminder-labels.ts). */
function selectWithLabels(db: Db) {
  return db.select({ row: reminders, subject: reminderSubject(), language: reminderOwnerLanguage() }).from(reminders);
}

type LabelledRow = { row: ReminderRow; subject: string | null; language: string | null };
const toApi = ({ row, subject, language }: LabelledRow) => toApiReminder(row, reminderLabel({ ...row, subject, language }));

/** Newest first (common/reminders-contract.ts RemindersResponse). */
export async function listReminders(db: Db, userId: number): Promise<ApiReminder[]> {
  const rows = await selectWithLabels(db).where(eq(reminders.userId, userId)).orderBy(desc(reminders.createdAt), desc(reminders.id));
  return rows.map(toApi);
}

type TargetColumns = Pick<ReminderRow, 'targetKind' | 'sessionSource' | 'postId' | 'listId' | 'listItemId'>;
type ResolvedTarget = { columns: TargetColumns; url: string };

const NO_IDS = { postId: null, listId: null, listItemId: null };

/** Checks that the caller may open what the reminder names (404/403/422 as its own routes answer). */
async function resolveTarget(db: Db, user: UserRow, target: ReminderTarget): Promise<ResolvedTarget> {
  if (target.kind === 'post') {
    const post = await loadVisiblePost(db, target.post_id, user.id);
    if (post === undefined) throw notFound('Post');
    return { columns: { targetKind: 'post', sessionSource: null, ...NO_IDS, postId: post.id }, url: `/community/post/${post.id}` };
  }
  if (target.kind === 'item') {
    const item = await requireActiveItem(db, target.list_id, target.item_id, user.id);
    return {
      columns: { targetKind: 'item', sessionSource: null, ...NO_IDS, listId: target.list_id, listItemId: item.id },
      url: `/lists/${target.list_id}/item/${item.id}`,
    };
  }
  const { source } = target;
  if (source.kind === 'list') {
    const list = await requireOwnList(db, source.list_id, user.id);
    return { columns: { targetKind: 'session', sessionSource: 'list', ...NO_IDS, listId: list.id }, url: `/session?list=${list.id}` };
  }
  return {
    columns: { targetKind: 'session', sessionSource: source.kind, ...NO_IDS },
    url: `/session?source=${source.kind}`,
  };
}

/** ends_on is a date of the reminder's zone: not before its today, at most REMINDER_MAX_DAYS after it. */
function checkEndsOn(input: ReminderInput, now: Date): void {
  if (input.ends_on === null) return;
  const today = localDateString(now, input.time_zone);
  if (input.ends_on < today) throw fieldError('ends_on', 'ends_on is before today', 'validation.past');
  if (input.ends_on > addDays(today, REMINDER_MAX_DAYS)) {
    throw fieldError('ends_on', `ends_on is more than ${REMINDER_MAX_DAYS} days ahead`, 'validation.too_far', { max: REMINDER_MAX_DAYS });
  }
}

/** At most REMINDERS_MAX per account; the owner's row is locked so two creations cannot both pass. */
async function checkRoom(db: Db, userId: number, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [others] = await db.select({ n: count() }).from(reminders).where(and(eq(reminders.userId, userId), ne(reminders.id, id)));
  if ((others?.n ?? 0) >= REMINDERS_MAX) {
    throw httpError(422, 'reminder.limit_reached', `At most ${REMINDERS_MAX} reminders per account`, { max: REMINDERS_MAX });
  }
}

/**
 * Creates or replaces the caller's reminder `id` (created_at is kept on a replace). An id that is
 * another account's answers 404, as for anything that is not the caller's.
 */
export async function putReminder(db: Db, user: UserRow, id: string, input: ReminderInput, now = new Date()): Promise<ApiReminder> {
  checkEndsOn(input, now);
  await checkRoom(db, user.id, id);
  const target = await resolveTarget(db, user, input.target);
  const schedule = { days: input.days, time: input.time, timeZone: input.time_zone, endsOn: input.ends_on };
  const values = {
    ...target.columns,
    days: daysToBits(input.days),
    timeOfDay: input.time,
    timeZone: input.time_zone,
    endsOn: input.ends_on,
    enabled: input.enabled,
    // Kept empty: the label is read when shown or sent (reminder-labels.ts); no copy of anyone's words.
    label: '',
    url: target.url,
    nextAt: input.enabled ? nextOccurrence(schedule, now) : null,
    updatedAt: now,
  };
  const [row] = await db.insert(reminders).values({ id, userId: user.id, createdAt: now, ...values })
    .onConflictDoUpdate({ target: reminders.id, set: values, setWhere: eq(reminders.userId, user.id) })
    .returning({ id: reminders.id });
  if (row === undefined) throw httpError(404, 'reminder.not_found', 'Reminder not found');
  const [labelled] = await selectWithLabels(db).where(eq(reminders.id, row.id));
  if (labelled === undefined) throw httpError(404, 'reminder.not_found', 'Reminder not found');
  return toApi(labelled);
}

/** Idempotent: a reminder already gone (or never the caller's) answers the same. */
export async function deleteReminder(db: Db, userId: number, id: string): Promise<ReminderDeleteResponse> {
  await db.delete(reminders).where(and(eq(reminders.id, id), eq(reminders.userId, userId)));
  return { id };
}
