// Issue #13 point 2: the schedules the reminder dialogs build, in the device's zone (the end of
// "every day for N days" is a local date, today's weekday is the local one), and the next time a
// reminder fires, across a daylight-saving change.
import { describe, expect, it } from 'vitest';
import {
  dailyForDaysSchedule, normalizeDays, roundedTimeAfter, weeklyOnTodaySchedule, weeklySchedule,
} from '../../src/commands/reminder-schedule';
import { instantOf, nextReminderAt } from '../../src/db/reminder-time';

// Sunday 1 March 2026, 02:07 UTC: still Saturday 28 February, 23:07, in São Paulo (UTC-3).
const SUNDAY_UTC = Date.parse('2026-03-01T02:07:00Z');

describe('reminder dialogs: schedules in the local zone', () => {
  it('"every day for N days" ends N - 1 days after the local today', () => {
    expect(dailyForDaysSchedule(7, '08:00', 'America/Sao_Paulo', SUNDAY_UTC)).toEqual({
      days: [0, 1, 2, 3, 4, 5, 6], time: '08:00', time_zone: 'America/Sao_Paulo', ends_on: '2026-03-06',
    });
    expect(dailyForDaysSchedule(7, '08:00', 'Asia/Tokyo', SUNDAY_UTC).ends_on).toBe('2026-03-07');
    expect(dailyForDaysSchedule(3, '08:00', 'America/Sao_Paulo', SUNDAY_UTC).ends_on).toBe('2026-03-02');
    expect(dailyForDaysSchedule(30, '08:00', 'Europe/Lisbon', SUNDAY_UTC).ends_on).toBe('2026-03-30');
    // Never past the contract's longest run.
    expect(dailyForDaysSchedule(1000, '08:00', 'UTC', SUNDAY_UTC).ends_on).toBe('2027-02-28');
  });

  it('"every week" is on the local weekday, with no end', () => {
    expect(weeklyOnTodaySchedule('21:00', 'America/Sao_Paulo', SUNDAY_UTC)).toEqual({ days: [6], time: '21:00', time_zone: 'America/Sao_Paulo', ends_on: null });
    expect(weeklyOnTodaySchedule('21:00', 'Asia/Tokyo', SUNDAY_UTC).days).toEqual([0]);
  });

  it('settings days are distinct weekdays in order, and the offered time is the next quarter hour', () => {
    expect(weeklySchedule([5, 1, 3, 1, 9], '07:30', 'UTC').days).toEqual([1, 3, 5]);
    expect(normalizeDays([])).toEqual([]);
    expect(roundedTimeAfter(SUNDAY_UTC, 'America/Sao_Paulo')).toBe('23:15');
    expect(roundedTimeAfter(Date.parse('2026-03-01T02:50:00Z'), 'America/Sao_Paulo')).toBe('00:00');
    expect(roundedTimeAfter(Date.parse('2026-03-01T02:45:00Z'), 'UTC')).toBe('03:00');
  });
});

describe('the next time a reminder fires', () => {
  const sundays = { days: [0], time: '08:00', time_zone: 'America/New_York', ends_on: null, enabled: true };

  it('follows the wall clock across the spring-forward change', () => {
    // Saturday 7 March 2026 is EST (UTC-5); Sunday 8 March 08:00 is already EDT (UTC-4).
    expect(nextReminderAt(sundays, Date.parse('2026-03-07T17:00:00Z'))).toBe(Date.parse('2026-03-08T12:00:00Z'));
    expect(instantOf('2026-03-01', '08:00', 'America/New_York')).toBe(Date.parse('2026-03-01T13:00:00Z'));
  });

  it('is later today when the time is still ahead, else the next chosen day', () => {
    const weekdays = { days: [1, 2, 3, 4, 5], time: '07:00', time_zone: 'Europe/Lisbon', ends_on: null, enabled: true };
    // Monday 2 March 2026, 06:00 in Lisbon (UTC+0 in winter).
    expect(nextReminderAt(weekdays, Date.parse('2026-03-02T06:00:00Z'))).toBe(Date.parse('2026-03-02T07:00:00Z'));
    expect(nextReminderAt(weekdays, Date.parse('2026-03-02T07:00:00Z'))).toBe(Date.parse('2026-03-03T07:00:00Z'));
    // Friday after the time: Monday.
    expect(nextReminderAt(weekdays, Date.parse('2026-03-06T08:00:00Z'))).toBe(Date.parse('2026-03-09T07:00:00Z'));
  });

  it('is none when switched off, past its end, or in an unknown zone', () => {
    expect(nextReminderAt({ ...sundays, enabled: false }, Date.parse('2026-03-07T17:00:00Z'))).toBeNull();
    expect(nextReminderAt({ ...sundays, ends_on: '2026-03-07' }, Date.parse('2026-03-07T17:00:00Z'))).toBeNull();
    expect(nextReminderAt({ ...sundays, ends_on: '2026-03-08' }, Date.parse('2026-03-07T17:00:00Z'))).toBe(Date.parse('2026-03-08T12:00:00Z'));
    expect(nextReminderAt({ ...sundays, time_zone: 'Mars/Olympus_Mons' }, Date.parse('2026-03-07T17:00:00Z'))).toBeNull();
  });
});
