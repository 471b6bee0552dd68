// Prayer reminders (issue #13 point 2): set, switch on or off, delete, and undo a delete. Local
// first like every write (docs/architecture.md 'The shape'): one transaction writes the row's change and the outbox
// entry ('reminder.put' / 'reminder.delete', src/commands/ops/reminder-*.ts), so a reminder set
// offline is listed at once (as waiting) and reaches the server when the network returns.
import { REMINDERS_MAX, type ReminderInput } from '../../common/reminders-contract';
import { db } from '../model/db';
import { getAuth, viewerId } from '../model/meta';
import { readReminders, type ShownReminder } from '../db/reminders-reads';
import { targetIdsOf } from '../model/reminder-types';
import { CommandError, fieldError } from './command-error';
import { commit, commitOrSettle, newEntry } from './commit';
import { pendingReminderEntries, rebaseReminders } from '../model/reminder-rows';
import { isReminderTime, normalizeDays } from './reminder-schedule';

export type ReminderDraft = { id?: string; input: ReminderInput; label: string };

function checked(input: ReminderInput): ReminderInput {
  const days = normalizeDays(input.days);
  if (days.length === 0) throw fieldError('days', 'Choose at least one day.', 'validation.required');
  if (!isReminderTime(input.time)) throw fieldError('time', 'Choose a time.', 'validation.format');
  return { ...input, days };
}

/** Creates a reminder (a new UUID) or replaces the one with `draft.id`; resolves with its id. */
export async function setReminder(draft: ReminderDraft): Promise<string> {
  const id = draft.id ?? crypto.randomUUID();
  const input = checked(draft.input);
  await commit(async () => {
    if (viewerId(await getAuth()) === null) throw new CommandError(401, 'Sign in to set reminders.', undefined, { code: 'auth.unauthenticated' });
    const shown = await readReminders();
    if (!shown.some((reminder) => reminder.id === id) && shown.length >= REMINDERS_MAX) {
      throw new CommandError(422, `At most ${REMINDERS_MAX} reminders.`, undefined, { code: 'reminder.limit_reached', params: { max: REMINDERS_MAX } });
    }
    return newEntry('reminder.put', targetIdsOf(input.target), { id, input, label: draft.label });
  });
  return id;
}

function inputOf(reminder: ShownReminder): ReminderInput {
  const { target, days, time, time_zone, ends_on, enabled } = reminder;
  return { target, days, time, time_zone, ends_on, enabled };
}

/** The on/off switch: the same reminder, sent again with `enabled`. */
export async function setReminderEnabled(reminder: ShownReminder, enabled: boolean): Promise<void> {
  await setReminder({ id: reminder.id, input: { ...inputOf(reminder), enabled }, label: reminder.label });
}

/**
 * Deletes a reminder. One that never left this device (no server copy, its PUTs not yet sending)
 * is settled here: its entries are cancelled and nothing is sent.
 */
export async function deleteReminder(id: string): Promise<void> {
  await commitOrSettle(async () => {
    const row = await db.reminders.get(id);
    if (row && row.server === null) {
      const mine = (await pendingReminderEntries()).filter((entry) => entry.body.id === id);
      if (mine.every((entry) => entry.state === 'pending')) {
        await db.outbox.bulkDelete(mine.map((entry) => entry.seq));
        await rebaseReminders([id]);
        return null;
      }
    }
    return newEntry('reminder.delete', {}, { id });
  });
}

/** Undo of a delete: the same reminder (same id) set again as it was shown. */
export async function restoreReminder(reminder: ShownReminder): Promise<void> {
  await setReminder({ id: reminder.id, input: inputOf(reminder), label: reminder.label });
}
