// Numbers and durations of the prayer screens through Intl in the interface language.

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** 75 -> '1 minute, 15 seconds' / '1 minuto e 15 segundos' (hours and minutes past the hour). */
export function formatDuration(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const unit = (value: number, name: 'hour' | 'minute' | 'second') => {
    const format = new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' });
    if (value !== 0) return format.format(value);
    // pt's CLDR rule reads 0 as singular ('0 segundo'); a count of none reads plural in all three
    // languages ('0 segundos', '0 seconds'): the plural's words with the number 0 (issue #12).
    return format.formatToParts(2).map((part) => (part.type === 'integer' ? new Intl.NumberFormat(locale).format(0) : part.value)).join('');
  };
  const parts =
    hours > 0 ? [unit(hours, 'hour'), ...(minutes > 0 ? [unit(minutes, 'minute')] : [])]
    : minutes > 0 ? [unit(minutes, 'minute'), ...(rest > 0 ? [unit(rest, 'second')] : [])]
    : [unit(rest, 'second')];
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}

/** '2026-11-20' (a UTC day) -> 'Nov 20' / '20 de nov.' */
export function formatShortDay(isoDay: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${isoDay}T12:00:00Z`));
}
