// How a prayer reminder reads (issue #13 point 2): what it opens, its days and time, its next
// time, in the interface language. Weekday and time formats come from Intl, so they follow the
// language without a key per weekday.
import type { TFunction } from 'i18next';
import type { ReminderSessionSource, ReminderTarget } from '../../common/reminders-contract';

// 7 January 2024 was a Sunday: day d of the week is 7 + d January.
const weekdayDate = (day: number) => new Date(Date.UTC(2024, 0, 7 + day, 12));

/** Short weekday names, Sunday first (0 … 6 as the contract numbers them). */
export function weekdayNames(language: string, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
  return [0, 1, 2, 3, 4, 5, 6].map((day) => format.format(weekdayDate(day)));
}

/** 'HH:MM' as the language writes a time of day (8:00 AM, 08:00). */
function formatTimeOfDay(time: string, language: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  // The language's own short time: 7:30 AM (en-US), 07:30 (pt-BR), 7:30 (es-ES).
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }).format(Date.UTC(1970, 0, 1, hour, minute));
}

/** A calendar date 'YYYY-MM-DD' as the language writes it (day and month). */
function formatDate(date: string, language: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day, 12));
}

/** An instant, in this device's zone, short: "Wed, Mar 4, 7:30 AM", "qua., 4 de mar., 07:30". */
export function formatWhen(ms: number, language: string): string {
  const day = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms);
  return `${day}, ${new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(ms)}`;
}

export function sourceLabel(source: ReminderSessionSource, t: TFunction, listName: string): string {
  switch (source.kind) {
    case 'quick':
      return t('reminders.sources.quick');
    case 'my-prayers':
      return t('reminders.sources.myPrayers');
    case 'bookmarks':
      return t('reminders.sources.bookmarks');
    case 'biblical':
      return t('reminders.sources.biblical');
    case 'list':
      return t('reminders.sources.list', { name: listName });
  }
}

/** What the reminder opens, as its row names it; `label` is the server's or this device's name. */
export function targetLabel(target: ReminderTarget, label: string, t: TFunction): string {
  return target.kind === 'session' ? sourceLabel(target.source, t, label) : label;
}

/** "Mon, Wed at 8:00 AM", "Every day at 08:00", "Every day until 12 March at 08:00". */
export function scheduleLabel(schedule: { days: number[]; time: string; ends_on: string | null }, t: TFunction, language: string): string {
  const names = weekdayNames(language);
  const isEveryDay = schedule.days.length === 7;
  const days = isEveryDay
    ? schedule.ends_on === null
      ? t('reminders.everyDay')
      : t('reminders.dailyUntil', { date: formatDate(schedule.ends_on, language) })
    : schedule.days.map((day) => names[day] ?? '').join(', ');
  return t('reminders.at', { days, time: formatTimeOfDay(schedule.time, language) });
}
