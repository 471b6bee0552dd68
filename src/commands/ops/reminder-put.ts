// 'reminder.put' (issue #13 point 2): PUT reminders/{id} creates or replaces a prayer reminder. The
// id is made on the device (a UUID), so a reminder set offline needs no temporary id of its own;
// the post, list or item it names may have one (in the entry's target, rewritten when the server
// gives the real id; the entry waits for it). Optimistic change: the row's `local` (src/model/reminder-rows.ts).
// A refusal (too many reminders, a post that is gone) rolls the row back to the server's copy, or
// removes it when the server never had it, and is listed among the refused changes.
import { withTargetIds } from '../../model/reminder-types';
import type { OpModule } from './op-types';
import { applyReminderEntry, rebaseReminders, storeServerReminder } from '../../model/reminder-rows';
import { ANY_ACCOUNT } from '../../model/outbox-index';

export const reminderPut: OpModule<'reminder.put'> = {
  name: 'reminder.put',
  rows: () => [],
  apply: applyReminderEntry,
  request: (entry) => ({
    method: 'PUT',
    path: `reminders/${entry.body.id}`,
    body: { ...entry.body.input, target: withTargetIds(entry.body.input.target, entry.target) },
  }),
  async onAck(entry, response) {
    await storeServerReminder(response, entry.accountId ?? ANY_ACCOUNT);
  },
  async onRefuse(entry) {
    await rebaseReminders([entry.body.id]);
  },
};
