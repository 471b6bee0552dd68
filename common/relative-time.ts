// "3 hours ago" in a language: the cards' times (src/components/relative-time.tsx) and the start
// snapshot's, which the service worker brings up to date when it serves it (sw/start-snapshot.ts).

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

// Issue #10: an Intl formatter is costly to build and every card shows a time; one per language.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

export function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/** The unit and signed value "3 hours ago" is made of: -3, 'hour' (seconds under a minute read as 0 seconds: "now"). */
export function relativeParts(date: Date, now: number = Date.now()): [number, Intl.RelativeTimeFormatUnit] {
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    // Under a minute reads as "now" rather than a ticking number of seconds.
    if (unit === 'second') return [0, 'second'];
    if (Math.abs(seconds) >= size) return [Math.round(seconds / size), unit];
  }
  return [0, 'second'];
}

export function formatRelative(date: Date, locale: string, now: number = Date.now()): string {
  const [value, unit] = relativeParts(date, now);
  return relativeFormat(locale).format(value, unit);
}

/** A key of relativeTable: 'hour:-3'. */
export function relativeKey(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return `${unit}:${String(value)}`;
}

/**
 * The past times one day can show, formatted once: the start snapshot carries it so the service
 * worker tells its times again without building a formatter (~20 ms in a worker just started,
 * most of its part of a start; sw/start-snapshot.ts).
 */
const tables = new Map<string, Record<string, string>>();

export function relativeTable(locale: string): Record<string, string> {
  const made = tables.get(locale);
  if (made) return made;
  const format = relativeFormat(locale);
  const table: Record<string, string> = { [relativeKey(0, 'second')]: format.format(0, 'second') };
  const ranges: [Intl.RelativeTimeFormatUnit, number][] = [['minute', 60], ['hour', 24], ['day', 7], ['week', 5], ['month', 12], ['year', 10]];
  for (const [unit, most] of ranges) {
    for (let value = 1; value <= most; value += 1) table[relativeKey(-value, unit)] = format.format(-value, unit);
  }
  tables.set(locale, table);
  return table;
}
