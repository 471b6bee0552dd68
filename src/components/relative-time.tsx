// "3 hours ago" in the current language, with the exact date as the machine-readable value and title.
import { useT } from '../i18n/use-t';
import { formatRelative, relativeFormat } from '../../common/relative-time';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

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
