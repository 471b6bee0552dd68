// Reminders wired to the platform and the commands (issue #13 point 2), for the post menu, the
// list item menu and Settings → Prayer reminders: whether notifications can reach this device,
// asking for them when a reminder is set, and the "Remind me to pray for this" dialog. Not a
// route (the '-' prefix keeps the router out).
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { ReminderTarget } from '../../common/reminders-contract';
import { deferredDialog } from '../components/deferred-dialog';
import { notificationPrompt } from '../platform/notification-prompt';
import { isPushAvailable } from '../platform/push';

/** Whether a sent reminder can show as a notification here: yes, after asking, or not at all. */
export type NotificationReach = 'granted' | 'ask' | 'blocked' | 'unavailable';

export function notificationReach(): NotificationReach {
  const state = notificationPrompt().permissionState();
  if (state === 'unsupported' || !isPushAvailable()) return 'unavailable';
  if (state === 'blocked') return 'blocked';
  return state === 'granted' ? 'granted' : 'ask';
}

/** Setting a reminder asks for notifications when the browser has not been asked yet. */
export async function askForNotifications(): Promise<NotificationReach> {
  if (notificationReach() !== 'ask') return notificationReach();
  try {
    await notificationPrompt().accept(Date.now());
  } catch (err) {
    console.warn('notification permission request failed', err);
  }
  return notificationReach();
}

/** The plain words for a device a reminder cannot reach (it still shows in Notifications); null when it can. */
export function reachNote(reach: NotificationReach, t: TFunction): string | null {
  if (reach === 'blocked') return t('reminders.blocked');
  if (reach === 'unavailable') return t('reminders.unavailable');
  return null;
}

/** The menu action that opens the dialog. */
export type RemindAction = 'remindMe';

/** What a post's or item's reminder is named until the server names it: the start of its text. */
export function reminderLabelOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/** What the open dialog is for (./-remind-me-flow.tsx reads the zone and 'today' when it opens). */
type Subject = { target: ReminderTarget; label: string; now: number };

/** The dialog and its scheduling load when first opened (issue #14's first-load budget): a feed only needs `open`. */
const RemindMeFlow = deferredDialog(() => import('./-remind-me-flow'), () => true);

/** "Remind me to pray for this": `open` with the post or item; `dialog` goes in the screen. */
export function useRemindMe(): { open: (target: ReminderTarget, label: string) => void; dialog: ReactNode } {
  const [subject, setSubject] = useState<Subject | null>(null);
  // Mounted only while it shows: a feed has a menu per card (issue #14 point 3).
  const dialog = subject === null ? null : <RemindMeFlow {...subject} onClose={() => setSubject(null)} />;
  return { open: (target, label) => setSubject({ target, label, now: Date.now() }), dialog };
}
