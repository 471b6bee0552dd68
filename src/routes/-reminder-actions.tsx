// Reminders wired to the platform and the commands (issue #13 point 2), for the post menu, the
// list item menu and Settings → Prayer reminders: whether notifications can reach this device,
// asking for them when a reminder is set, and the "Remind me to pray for this" dialog. Not a
// route (the '-' prefix keeps the router out).
import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ReminderTarget } from '../../common/reminders-contract';
import { lazyCommand } from '../commands/lazy';
import * as reminderSchedule from '../commands/reminder-schedule';
import { useBanner } from '../components/banner-provider';
import { RemindMeDialog, type RemindMeValues } from '../components/remind-me-dialog';
import { scheduleLabel, weekdayNames } from '../components/reminder-texts';
import { notificationPrompt } from '../platform/notification-prompt';
import { isPushAvailable } from '../platform/push';
import { changeTexts, useChangeToast } from './-change-toast';

const setReminder = lazyCommand('setReminder');

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

/** What the open dialog is for; the zone and 'today' are read when it opens, not on every card's render. */
type Subject = { target: ReminderTarget; label: string; now: number; zone: string };

/** "Remind me to pray for this": `open` with the post or item; `dialog` goes in the screen. */
export function useRemindMe(): { open: (target: ReminderTarget, label: string) => void; dialog: ReactNode } {
  const { t, i18n } = useTranslation();
  const banner = useBanner();
  const announce = useChangeToast();
  const [subject, setSubject] = useState<Subject | null>(null);

  const submit = async ({ choice, time }: RemindMeValues) => {
    if (!subject) return;
    const { now: at, zone } = subject;
    const schedule = choice === 'weekly'
      ? reminderSchedule.weeklyOnTodaySchedule(time, zone, at)
      : reminderSchedule.dailyForDaysSchedule(choice, time, zone, at);
    // Asked in the same tap as the save: browsers want a person's gesture behind the question.
    const asking = askForNotifications();
    // Issue #26 point 5: the toast says when it will remind ("Reminder set. Mondays at 9:00 AM.").
    const when = { when: scheduleLabel(schedule, t, i18n.language) };
    await announce(
      () => setReminder({ input: { ...schedule, target: subject.target, enabled: true }, label: subject.label }),
      changeTexts(t, 'reminderSet', when),
    );
    setSubject(null);
    // A note about how it will reach the person replaces the toast: it keeps the confirmation.
    const note = reachNote(await asking, t);
    if (note) banner.show({ kind: 'success', text: `${t('reminders.remind.done', when)} ${note}`, isPersistent: true });
  };

  // Mounted only while it shows: a feed has a menu per card (issue #14 point 3).
  const dialog = subject === null ? null : (
    <RemindMeDialog
      open
      onOpenChange={(open) => !open && setSubject(null)}
      dailyChoices={reminderSchedule.DAILY_FOR_CHOICES}
      // The dialog's 'today' is the day it was opened (the closed dialog shows nothing).
      weekday={weekdayNames(i18n.language, 'long')[reminderSchedule.todayWeekday(subject.zone, subject.now)] ?? ''}
      initialTime={reminderSchedule.roundedTimeAfter(subject.now, subject.zone)}
      note={reachNote(notificationReach(), t)}
      onSubmit={submit}
    />
  );
  return { open: (target, label) => setSubject({ target, label, now: Date.now(), zone: reminderSchedule.deviceTimeZone() }), dialog };
}
