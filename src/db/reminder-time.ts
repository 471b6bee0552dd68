// Wall-clock arithmetic of prayer reminders (issue #13 point 2) in an IANA time zone, with Intl
// alone (no time-zone library): a reminder fires on its `days` at its 'HH:MM' in the zone it was
// set in, up to its `ends_on` (common/reminders-contract.ts). Pure; the reads show the next time
// with it and the dialogs build schedules with it (src/commands/reminder-schedule.ts).
import type { ReminderSchedule } from '../../common/reminders-contract';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall clock in `timeZone` at the instant `ms`. Throws RangeError for an unknown zone. */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const at = (name: string) => parts[name] ?? 0;
  return { year: at('year'), month: at('month'), day: at('day'), hour: at('hour') % 24, minute: at('minute'), second: at('second') };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'YYYY-MM-DD' of the instant in the zone. */
export function localDateIn(ms: number, timeZone: string): string {
  const wall = wallClockAt(ms, timeZone);
  return `${String(wall.year)}-${pad(wall.month)}-${pad(wall.day)}`;
}

function dateParts(date: string): [number, number, number] {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return [year, month, day];
}

/** A 'YYYY-MM-DD' date `days` later (calendar arithmetic: no zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export function weekdayOf(date: string): number {
  const [year, month, day] = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function offsetAt(ms: number, timeZone: string): number {
  const wall = wallClockAt(ms, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant the wall clock in `timeZone` reads `date` `time` (a time skipped by DST moves on by the gap). */
export function instantOf(date: string, time: string, timeZone: string): number {
  const [year, month, day] = dateParts(date);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

/**
 * The next instant after `now` the schedule fires at, or null (disabled, past its end, no day, an
 * unknown zone). Looks a week ahead: every weekday comes within it.
 */
export function nextReminderAt(schedule: ReminderSchedule & { enabled: boolean }, now: number): number | null {
  if (!schedule.enabled || schedule.days.length === 0) return null;
  try {
    const today = localDateIn(now, schedule.time_zone);
    for (let ahead = 0; ahead <= 7; ahead += 1) {
      const date = addDays(today, ahead);
      if (schedule.ends_on !== null && date > schedule.ends_on) return null;
      if (!schedule.days.includes(weekdayOf(date))) continue;
      const at = instantOf(date, schedule.time, schedule.time_zone);
      if (at > now) return at;
    }
    return null;
  } catch {
    return null;
  }
}
