// When a reminder fires (issue #13 point 2;
// docs/decisions/0106-reminders-on-the-server-the-row-is-the-timer-and-the-rules.md): the next
// instant after a given one at which the device's wall clock in the reminder's IANA time zone reads
// `time` on one of `days`, up to `ends_on` (a local date, inclusive). Pure: the zone rules come
// from Intl, no dependency and no clock. the first brief was silent on reminders; the rules are
// ours (docs/product.md §4 Reminders):
// - a wall time that does not exist that day (spring forward: 02:30 in Madrid on the last Sunday of
//   March) fires at the next valid minute (03:00, the moment the clocks jump);
// - a wall time that happens twice (fall back: 02:30 in Madrid on the last Sunday of October)
//   fires once, at the first of the two.

export type Schedule = {
  /** 0 = Sunday … 6 = Saturday, at least one. */
  days: readonly number[];
  /** 'HH:MM', 24 h. */
  time: string;
  timeZone: string;
  /** 'YYYY-MM-DD' in the reminder's zone, inclusive; null: no end. */
  endsOn: string | null;
};

type LocalDate = { year: number; month: number; day: number };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const ZONE_NAME = /^(?:UTC|[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)+)$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An IANA zone name Intl knows ('Europe/Madrid', 'UTC'); offsets ('+05:30') and abbreviations ('EST') are not. */
export function isTimeZone(value: string): boolean {
  if (!ZONE_NAME.test(value)) return false;
  try {
    formatterOf(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in `timeZone`, as if it were UTC (ms), to the second. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

function offsetAt(instant: number, timeZone: string): number {
  return wallClock(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the wall clock in `timeZone` reads `wall` (ms, as UTC): the first of two when the
 * clocks fall back, the end of the gap (the next valid minute) when they spring forward over it.
 */
function instantOfWallClock(wall: number, timeZone: string): number {
  // The offsets a day either side cover every transition of a date (none is closer than that).
  const offsets = [offsetAt(wall - DAY_MS, timeZone), offsetAt(wall + DAY_MS, timeZone)];
  const valid = offsets.map((offset) => wall - offset).filter((instant) => wallClock(instant, timeZone) === wall);
  if (valid.length > 0) return Math.min(...valid);
  // A gap: the first minute whose wall clock is at or past `wall` (wall clocks only rise here).
  let low = Math.floor((wall - Math.max(...offsets)) / MINUTE_MS);
  let high = Math.ceil((wall - Math.min(...offsets)) / MINUTE_MS);
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (wallClock(mid * MINUTE_MS, timeZone) >= wall) high = mid;
    else low = mid + 1;
  }
  return high * MINUTE_MS;
}

function localDateOf(instant: Date, timeZone: string): LocalDate {
  const wall = new Date(wallClock(instant.getTime(), timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatLocalDate(date: LocalDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** 'YYYY-MM-DD' of `instant` in `timeZone` (e.g. "today" for the device that set the reminder). */
export function localDateString(instant: Date, timeZone: string): string {
  return formatLocalDate(localDateOf(instant, timeZone));
}

/** `date` ('YYYY-MM-DD') plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return formatLocalDate({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}

/** The first firing strictly after `after`, or null when the schedule has ended by then. */
export function nextOccurrence(schedule: Schedule, after: Date): Date | null {
  const [hour = 0, minute = 0] = schedule.time.split(':').map(Number);
  const days = new Set(schedule.days);
  if (days.size === 0) return null;
  const start = localDateOf(after, schedule.timeZone);
  // From the day before (a gap can move a firing past midnight) to eight days on: every weekday twice.
  for (let offset = -1; offset <= 8; offset += 1) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const local = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    if (schedule.endsOn !== null && formatLocalDate(local) > schedule.endsOn) return null;
    if (!days.has(date.getUTCDay())) continue;
    const wall = Date.UTC(local.year, local.month - 1, local.day, hour, minute);
    const instant = instantOfWallClock(wall, schedule.timeZone);
    if (instant > after.getTime()) return new Date(instant);
  }
  return null;
}
