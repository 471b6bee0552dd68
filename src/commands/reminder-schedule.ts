// The schedules the reminder dialogs build (issue #13 point 2;
// docs/decisions/0107-reminders-in-the-app.md). Pure: the dialogs and their tests call these with
// the clock and zone they choose.
import { REMINDER_MAX_DAYS, type ReminderSchedule } from '../../common/reminders-contract';
import { addDays, localDateIn, wallClockAt, weekdayOf } from '../db/reminder-time';

export const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** The choices of "every day for N days" on a post or list item. */
export const DAILY_FOR_CHOICES = [3, 7, 30] as const;
/** The time a new settings reminder starts at. */
export const DEFAULT_REMINDER_TIME = '08:00';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The device's IANA time zone (what the server fires the reminder in). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function isReminderTime(value: string): boolean {
  return TIME.test(value);
}

/** Days of the week as the contract wants them: distinct, 0-6, ascending. */
export function normalizeDays(days: readonly number[]): number[] {
  return [...new Set(days)].filter((day) => Number.isInteger(day) && day >= 0 && day <= 6).sort((a, b) => a - b);
}

/** Settings: the chosen weekdays at a time, with no end. */
export function weeklySchedule(days: readonly number[], time: string, timeZone: string): ReminderSchedule {
  return { days: normalizeDays(days), time, time_zone: timeZone, ends_on: null };
}

/**
 * "Every day for N days" from today, in the zone: the last day is today + N - 1, so N days fire
 * counting today (when the time has already passed today, one fewer: the end is a date, as the
 * contract says, and the dialog says "until <date>").
 */
export function dailyForDaysSchedule(count: number, time: string, timeZone: string, now: number): ReminderSchedule {
  const days = Math.min(Math.max(1, Math.round(count)), REMINDER_MAX_DAYS);
  return { days: [...ALL_DAYS], time, time_zone: timeZone, ends_on: addDays(localDateIn(now, timeZone), days - 1) };
}

/** "Every week on <today's weekday>", in the zone, with no end. */
export function weeklyOnTodaySchedule(time: string, timeZone: string, now: number): ReminderSchedule {
  return { days: [weekdayOf(localDateIn(now, timeZone))], time, time_zone: timeZone, ends_on: null };
}

/** Today's weekday in the zone (0 = Sunday). */
export function todayWeekday(timeZone: string, now: number): number {
  return weekdayOf(localDateIn(now, timeZone));
}

/**
 * The time a "remind me" dialog offers: the next quarter hour from now in the zone, so "now" is
 * one tap (a reminder at a time just past would first fire tomorrow).
 */
export function roundedTimeAfter(now: number, timeZone: string): string {
  const wall = wallClockAt(now, timeZone);
  const minutes = (wall.hour * 60 + wall.minute + 15) - ((wall.hour * 60 + wall.minute) % 15);
  const wrapped = minutes % (24 * 60);
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}
