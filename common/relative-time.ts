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

export function formatRelative(date: Date, locale: string, now: number = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = relativeFormat(locale);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      // Under a minute reads as "now" rather than a ticking number of seconds.
      if (unit === 'second') return format.format(0, 'second');
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return format.format(0, 'second');
}
