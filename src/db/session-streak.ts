// The prayer streak shown at the end of a guided session (issue #13 point 4), computed here so it
// is right offline: the days in a row, ending today (or yesterday when nothing happened yet today),
// with a prayer or a finished session, in UTC days as the server counts them (docs/api.md
// GET user/my-statistics streak_days). What is known: the statistics last pulled (30 days of
// prayers and sessions, and the server's streak on the day they were pulled) and what this device
// did since (its unsent prayers and sessions, and today's count). Pure.
import type { ApiStatistics } from '../../common/account-contract';

const DAY_MS = 86_400_000;

/** '2026-11-24': the UTC day of an epoch ms. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function shiftDay(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

type StreakInput = {
  now: number;
  /** The statistics as last pulled, and when (null: never pulled on this device). */
  pulled: { statistics: ApiStatistics; pulledAt: number } | null;
  /** Epoch ms of what this device did that the pull cannot know: unsent prayers and finished sessions. */
  localTimes: readonly number[];
  /** Today already has a prayer (today's count, the server's plus this device's). */
  prayedToday: boolean;
};

/** Days in a row with a prayer or a finished session, ending today or yesterday. */
export function streakDays({ now, pulled, localTimes, prayedToday }: StreakInput): number {
  const today = utcDay(now);
  const active = new Set(localTimes.map(utcDay));
  if (prayedToday) active.add(today);
  if (pulled) {
    const { statistics } = pulled;
    for (const day of [...statistics.prayers_per_day, ...statistics.sessions.per_day]) if (day.count > 0) active.add(day.date);
    // The server's streak reaches back further than its 30 days: it ended on the day it was
    // pulled, or the day before when that day had nothing yet.
    const pulledDay = utcDay(pulled.pulledAt);
    const end = active.has(pulledDay) ? pulledDay : shiftDay(pulledDay, -1);
    for (let i = 0; i < statistics.streak_days; i += 1) active.add(shiftDay(end, -i));
  }
  let day = active.has(today) ? today : shiftDay(today, -1);
  let count = 0;
  while (active.has(day)) {
    count += 1;
    day = shiftDay(day, -1);
  }
  return count;
}
