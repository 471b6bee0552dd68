// "3 hours ago" in the current language, with the exact date as the machine-readable value and title.
import { useT } from '../i18n/use-t';

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
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(locale, format);
  }
  return format;
}

/**
 * Builds the language's formatters now (issue #10 P2): the first build of each loads the
 * language's ICU data, ~15 ms apiece on a phone-class CPU. The feed's route calls this while its
 * first IndexedDB read is under way, when the page would otherwise wait idle.
 */
export function warmTimeFormats(locale: string): void {
  relativeFormat(locale);
  dateFormat(locale);
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

export function RelativeTime({ iso }: { iso: string }) {
  const { language } = useT();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const full = dateFormat(language).format(date);
  return (
    <time dateTime={date.toISOString()} title={full}>
      {formatRelative(date, language)}
    </time>
  );
}
