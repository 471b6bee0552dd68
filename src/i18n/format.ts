// Dates and numbers through Intl in the interface language (plurals go through i18next's _one/_other).

/** '2026-11-20' -> 'November 20, 2026' / '20 de novembro de 2026' / '20 de noviembre de 2026'. */
export function formatDay(isoDay: string, locale: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
