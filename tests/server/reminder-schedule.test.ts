// The schedule math of reminders (server/domain/reminder-schedule.ts, issue #13 point 2): the next
// firing after an instant for weekdays and 'HH:MM' in an IANA zone, across DST changes and up to
// an inclusive end date. Expected instants are written out in UTC by hand from each zone's rules.
import { describe, expect, it } from 'vitest';
import { addDays, isTimeZone, localDateString, nextOccurrence, type Schedule } from '../../server/domain/reminder-schedule';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

function next(schedule: Partial<Schedule> & Pick<Schedule, 'time' | 'timeZone'>, after: string): string | null {
  const found = nextOccurrence({ days: EVERY_DAY, endsOn: null, ...schedule }, new Date(after));
  return found === null ? null : found.toISOString();
}

describe('nextOccurrence', () => {
  it('UTC: later today, else tomorrow; strictly after the given instant', () => {
    expect(next({ time: '08:00', timeZone: 'UTC' }, '2026-03-02T07:59:00Z')).toBe('2026-03-02T08:00:00.000Z');
    expect(next({ time: '08:00', timeZone: 'UTC' }, '2026-03-02T08:00:00Z')).toBe('2026-03-03T08:00:00.000Z');
    expect(next({ time: '00:00', timeZone: 'UTC' }, '2026-12-31T23:59:59Z')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('only on the chosen weekdays (0 = Sunday)', () => {
    // 2026-03-02 is a Monday; the next Sunday is 2026-03-08, the next Wednesday 2026-03-04.
    expect(next({ days: [0], time: '09:30', timeZone: 'UTC' }, '2026-03-02T12:00:00Z')).toBe('2026-03-08T09:30:00.000Z');
    expect(next({ days: [3, 0], time: '09:30', timeZone: 'UTC' }, '2026-03-02T12:00:00Z')).toBe('2026-03-04T09:30:00.000Z');
    // Today's weekday but the time has passed: a week later.
    expect(next({ days: [1], time: '09:30', timeZone: 'UTC' }, '2026-03-02T12:00:00Z')).toBe('2026-03-09T09:30:00.000Z');
  });

  it('America/Sao_Paulo (UTC-03:00, no DST since 2019): the local day decides the weekday', () => {
    // 22:00 on Monday 2026-03-02 in São Paulo is 01:00 UTC on Tuesday.
    expect(next({ days: [1], time: '22:00', timeZone: 'America/Sao_Paulo' }, '2026-03-02T12:00:00Z')).toBe('2026-03-03T01:00:00.000Z');
    // At 02:00 UTC on Tuesday it is still Monday 23:00 there: Monday's 22:00 has passed, next Monday.
    expect(next({ days: [1], time: '22:00', timeZone: 'America/Sao_Paulo' }, '2026-03-03T02:00:00Z')).toBe('2026-03-10T01:00:00.000Z');
  });

  it('Asia/Kolkata (+05:30): half-hour offsets', () => {
    expect(next({ time: '06:15', timeZone: 'Asia/Kolkata' }, '2026-06-10T00:00:00Z')).toBe('2026-06-10T00:45:00.000Z');
    expect(next({ time: '00:10', timeZone: 'Asia/Kolkata' }, '2026-06-10T18:00:00Z')).toBe('2026-06-10T18:40:00.000Z');
  });

  it('Europe/Madrid: the offset changes with summer time', () => {
    expect(next({ time: '08:00', timeZone: 'Europe/Madrid' }, '2026-01-15T00:00:00Z')).toBe('2026-01-15T07:00:00.000Z');
    expect(next({ time: '08:00', timeZone: 'Europe/Madrid' }, '2026-07-15T00:00:00Z')).toBe('2026-07-15T06:00:00.000Z');
    // Across the spring change (2026-03-29, 02:00 CET -> 03:00 CEST): Saturday +01:00, Sunday +02:00.
    expect(next({ time: '08:00', timeZone: 'Europe/Madrid' }, '2026-03-28T07:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
  });

  it('Europe/Madrid spring forward: a time that does not exist fires at the next valid minute (03:00 CEST)', () => {
    expect(next({ time: '02:30', timeZone: 'Europe/Madrid' }, '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
    expect(next({ time: '02:00', timeZone: 'Europe/Madrid' }, '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:00:00.000Z');
    // The day after, 02:30 exists again (CEST).
    expect(next({ time: '02:30', timeZone: 'Europe/Madrid' }, '2026-03-29T01:00:00Z')).toBe('2026-03-30T00:30:00.000Z');
  });

  it('Europe/Madrid fall back: a time that happens twice fires once, at the first', () => {
    // 2026-10-25: 03:00 CEST -> 02:00 CET, so 02:30 is 00:30 UTC and again 01:30 UTC.
    expect(next({ time: '02:30', timeZone: 'Europe/Madrid' }, '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    expect(next({ time: '02:30', timeZone: 'Europe/Madrid' }, '2026-10-25T00:30:00Z')).toBe('2026-10-26T01:30:00.000Z');
    // Asked between the two 02:30s (e.g. set at 02:10 CET): the repeat is not a new firing.
    expect(next({ time: '02:30', timeZone: 'Europe/Madrid' }, '2026-10-25T01:10:00Z')).toBe('2026-10-26T01:30:00.000Z');
  });

  it('ends_on is inclusive, in the reminder\'s zone', () => {
    const daily = { time: '21:00', timeZone: 'America/Sao_Paulo', endsOn: '2026-03-03' };
    expect(next(daily, '2026-03-02T12:00:00Z')).toBe('2026-03-03T00:00:00.000Z');
    expect(next(daily, '2026-03-03T00:00:00Z')).toBe('2026-03-04T00:00:00.000Z');
    expect(next(daily, '2026-03-04T00:00:00Z')).toBeNull();
    // A weekday that never comes before the end.
    expect(next({ days: [6], time: '09:00', timeZone: 'UTC', endsOn: '2026-03-06' }, '2026-03-02T12:00:00Z')).toBeNull();
  });
});

describe('zones and dates', () => {
  it('accepts IANA names only', () => {
    for (const zone of ['UTC', 'Europe/Madrid', 'America/Sao_Paulo', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'Etc/GMT+3']) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['', 'Mars/Olympus', '+05:30', 'Europe', 'Europe/Madrid ', 'x'.repeat(40)]) expect(isTimeZone(zone)).toBe(false);
  });

  it('reads the local date in a zone and adds calendar days', () => {
    expect(localDateString(new Date('2026-03-03T02:00:00Z'), 'America/Sao_Paulo')).toBe('2026-03-02');
    expect(localDateString(new Date('2026-03-02T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-03-03');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 365)).toBe('2027-12-31');
  });
});
