// What the reminders screen shows (issue #13 point 2): the signed-in account's reminders, each as
// the server has it or, while a change waits in the outbox, as this device set it (marked
// waiting). A row's change is trusted only while an entry for it is pending: an entry dropped
// without its own rollback (a refused or cancelled offline post it named) leaves the server's copy.
import type { ReminderInput } from '../../common/reminders-contract';
import { db } from '../model/db';
import { getAuth, viewerId } from '../model/meta';
import { acctsOfViewer, ANY_ACCOUNT } from '../model/outbox-index';
import { nextReminderAt } from './reminder-time';
import type { ReminderRow } from '../model/reminder-types';

export type ShownReminder = ReminderInput & {
  id: string;
  /** The list's name or the start of the post's or item's text, as the server or this device named it. */
  label: string;
  /** The next time it fires (epoch ms), computed here so it stays right offline; null when none. */
  nextAt: number | null;
  /** Set or changed on this device and not yet acknowledged by the server. */
  isWaiting: boolean;
};

function shownOf(row: ReminderRow, isPending: boolean, now: number): ShownReminder | null {
  const local = isPending ? row.local : null;
  if (local?.kind === 'delete') return null;
  if (local?.kind === 'put') return { ...local.input, id: row.id, label: local.label, nextAt: nextReminderAt(local.input, now), isWaiting: true };
  const { server } = row;
  if (!server) return null;
  const { target, days, time, time_zone, ends_on, enabled, label } = server;
  const input: ReminderInput = { target, days, time, time_zone, ends_on, enabled };
  return { ...input, id: row.id, label, nextAt: nextReminderAt(input, now), isWaiting: false };
}

/**
 * Ordered by time of day, as an alarm clock lists its alarms. A live query must call it from an
 * async function (queries.ts useReminders): Dexie keeps tracking reads across awaits only then.
 */
export async function readReminders(now: number = Date.now()): Promise<ShownReminder[]> {
  const viewer = viewerId(await getAuth());
  if (viewer === null) return [];
  const accts = new Set(acctsOfViewer(viewer));
  const [rows, entries] = await Promise.all([
    // Rows always carry the account that set them (setReminder requires one).
    db.reminders.where('accountId').equals(viewer).toArray(),
    db.outbox.where('op').anyOf('reminder.put', 'reminder.delete').toArray(),
  ]);
  const pending = new Set<string>();
  for (const entry of entries) {
    if ((entry.op === 'reminder.put' || entry.op === 'reminder.delete') && accts.has(entry.acct ?? ANY_ACCOUNT)) pending.add(entry.body.id);
  }
  return rows
    .map((row) => shownOf(row, pending.has(row.id), now))
    .filter((shown) => shown !== null)
    .sort((a, b) => a.time.localeCompare(b.time) || a.label.localeCompare(b.label));
}
