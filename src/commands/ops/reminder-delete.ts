// 'reminder.delete' (issue #13 point 2): DELETE reminders/{id}. Optimistic change: the row's
// `local` says deleted, so it leaves the list at once (src/model/reminder-rows.ts). A 404 means the server
// has no such reminder (deleted elsewhere): it goes here too. Any other refusal shows it again.
import type { OpModule } from './op-types';
import { forgetServerReminder, applyReminderEntry, rebaseReminders } from '../../model/reminder-rows';

export const reminderDelete: OpModule<'reminder.delete'> = {
  name: 'reminder.delete',
  rows: () => [],
  apply: applyReminderEntry,
  request: (entry) => ({ method: 'DELETE', path: `reminders/${entry.body.id}` }),
  requires: () => [],
  async onAck(entry) {
    await forgetServerReminder(entry.body.id);
  },
  async onRefuse(entry, error) {
    if (error.status === 404) await forgetServerReminder(entry.body.id);
    else await rebaseReminders([entry.body.id]);
  },
};
