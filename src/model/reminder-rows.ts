// The reminders side of the local model's reconciliation (issue #13 point 2; issue #24: the rebase of
// pending intent lives in src/model, for reminders too).
// A reminder's row holds the server's copy and this device's waiting change apart
// (docs/architecture/local-store.md 'Local database'); the change is recomputed, never edited by
// hand: server copy + the still-pending 'reminder.put' / 'reminder.delete' entries of the signed-in
// account re-applied in seq order (the rebase). Runs inside the caller's rw transaction over
// writeTables(). Reminder ids are UUIDs, not the numeric row ids of src/model/rebase.ts, so
// reminders have this rebase of their own.
import type { ApiReminder } from '../../common/reminders-contract';
import { db } from './db';
import { getAuth, viewerId } from './meta';
import { acctsOfViewer, ANY_ACCOUNT } from './outbox-index';
import type { NewOutboxEntryOf, OutboxEntry, OutboxEntryOf } from './outbox-types';
import type { ReminderLocal } from './reminder-types';

const REMINDER_OPS = ['reminder.put', 'reminder.delete'] as const;

type ReminderEntry = OutboxEntryOf<'reminder.put'> | OutboxEntryOf<'reminder.delete'>;
type Fields = 'op' | 'body' | 'accountId';
/** An entry being committed (no seq yet) or a stored one. */
type ReminderEntryLike = Pick<NewOutboxEntryOf<'reminder.put'>, Fields> | Pick<NewOutboxEntryOf<'reminder.delete'>, Fields>;

function isReminderEntry(entry: OutboxEntry): entry is ReminderEntry {
  return entry.op === 'reminder.put' || entry.op === 'reminder.delete';
}

/** The signed-in account's waiting reminder entries (and untagged ones), oldest first. */
export async function pendingReminderEntries(): Promise<ReminderEntry[]> {
  const accts = new Set(acctsOfViewer(viewerId(await getAuth())));
  const entries = await db.outbox.where('op').anyOf(REMINDER_OPS).toArray();
  return entries.filter(isReminderEntry).filter((entry) => accts.has(entry.acct ?? entry.accountId ?? ANY_ACCOUNT)).sort((a, b) => a.seq - b.seq);
}

function localOf(entry: ReminderEntryLike): ReminderLocal {
  if (entry.op === 'reminder.delete') return { kind: 'delete' };
  return { kind: 'put', input: entry.body.input, label: entry.body.label };
}

/** The optimistic change of one entry; tolerates a missing row (a delete of nothing shows nothing). */
export async function applyReminderEntry(entry: ReminderEntryLike): Promise<void> {
  const local = localOf(entry);
  const row = await db.reminders.get(entry.body.id);
  if (row) await db.reminders.put({ ...row, local });
  else if (local.kind === 'put') {
    await db.reminders.put({ id: entry.body.id, accountId: entry.accountId ?? ANY_ACCOUNT, server: null, local });
  }
}

/**
 * These reminders (or all of them) = the server's copy + their pending entries re-applied. A row
 * with no server copy and no pending change goes: after a refused create, that is the rollback.
 */
export async function rebaseReminders(ids: string[] | 'all'): Promise<void> {
  const rows = ids === 'all' ? await db.reminders.toArray() : (await db.reminders.bulkGet(ids)).filter((row) => row !== undefined);
  for (const row of rows) {
    if (row.server === null) await db.reminders.delete(row.id);
    else await db.reminders.put({ ...row, local: null });
  }
  const pending = await pendingReminderEntries();
  for (const entry of pending) {
    if (ids === 'all' || ids.includes(entry.body.id)) await applyReminderEntry(entry);
  }
}

/** The server's answer to a PUT (or a pull) becomes the row's server copy; what still waits goes on top. */
export async function storeServerReminder(reminder: ApiReminder, accountId: number): Promise<void> {
  await db.reminders.put({ id: reminder.id, accountId, server: reminder, local: null });
  await rebaseReminders([reminder.id]);
}

/** The server no longer has it (an acknowledged DELETE, or a 404). */
export async function forgetServerReminder(id: string): Promise<void> {
  const row = await db.reminders.get(id);
  if (row) await db.reminders.put({ ...row, server: null });
  await rebaseReminders([id]);
}

/** A pull: the account's rows become the server's list, with the waiting changes on top. */
export async function replaceServerReminders(reminders: ApiReminder[], accountId: number): Promise<void> {
  // Rows of other accounts go too: their waiting changes are rebuilt from the outbox at their next pull.
  await db.reminders.clear();
  await db.reminders.bulkPut(reminders.map((server) => ({ id: server.id, accountId, server, local: null })));
  await rebaseReminders('all');
}
