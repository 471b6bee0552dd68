// "Remind me to pray for this" once opened (issue #13 point 2; ./-reminder-actions.tsx useRemindMe):
// the dialog, the schedule it makes and the toast that says when it will remind. Its own chunk,
// loaded when a person first opens it (issue #14's first-load budget; src/components/deferred-dialog.tsx).
// Not a route (the '-' prefix keeps the router out).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReminderTarget } from '../../common/reminders-contract';
import { lazyCommand } from '../commands/lazy';
import * as reminderSchedule from '../commands/reminder-schedule';
import { useBanner } from '../components/banner-provider';
import { RemindMeDialog, type RemindMeValues } from '../components/remind-me-dialog';
import { scheduleLabel, weekdayNames } from '../components/reminder-texts';
import { askForNotifications, notificationReach, reachNote } from './-reminder-actions';
import { changeTexts, useChangeToast } from './-change-toast';

const setReminder = lazyCommand('setReminder');

type RemindMeFlowProps = { target: ReminderTarget; label: string; now: number; onClose: () => void };

export default function RemindMeFlow({ target, label, now, onClose }: RemindMeFlowProps) {
  const { t, i18n } = useTranslation();
  const banner = useBanner();
  const announce = useChangeToast();
  // The zone and 'today' are read when it opens, not on every card's render.
  const [zone] = useState(reminderSchedule.deviceTimeZone);

  const submit = async ({ choice, time }: RemindMeValues) => {
    const schedule = choice === 'weekly'
      ? reminderSchedule.weeklyOnTodaySchedule(time, zone, now)
      : reminderSchedule.dailyForDaysSchedule(choice, time, zone, now);
    // Asked in the same tap as the save: browsers want a person's gesture behind the question.
    const asking = askForNotifications();
    // Issue #26 point 5: the toast says when it will remind ("Reminder set. Mondays at 9:00 AM.").
    const when = { when: scheduleLabel(schedule, t, i18n.language) };
    await announce(
      () => setReminder({ input: { ...schedule, target, enabled: true }, label }),
      changeTexts(t, 'reminderSet', when),
    );
    onClose();
    // A note about how it will reach the person replaces the toast: it keeps the confirmation.
    const note = reachNote(await asking, t);
    if (note) banner.show({ kind: 'success', text: `${t('reminders.remind.done', when)} ${note}`, isPersistent: true });
  };

  return (
    <RemindMeDialog
      open
      onOpenChange={(open) => !open && onClose()}
      dailyChoices={reminderSchedule.DAILY_FOR_CHOICES}
      // The dialog's 'today' is the day it was opened (the closed dialog shows nothing).
      weekday={weekdayNames(i18n.language, 'long')[reminderSchedule.todayWeekday(zone, now)] ?? ''}
      initialTime={reminderSchedule.roundedTimeAfter(now, zone)}
      note={reachNote(notificationReach(), t)}
      onSubmit={submit}
    />
  );
}
