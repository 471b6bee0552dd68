// Issue #49 (review m9): the statistics chart's summary read "em 7 de dez.." in Portuguese (a short
// month ends with its own period). In every language, no sentence of it ends with two periods.
import { describe, expect, it } from 'vitest';
import { formatShortDay } from '../../src/i18n/prayer-format';
import { LOCALES, useTranslators } from '../helpers/translators';

const tOf = useTranslators();

describe("the statistics chart's summary", () => {
  it.each(LOCALES)('%s: one prayer on a December day, and several, read without a doubled period', (locale) => {
    const t = tOf(locale);
    for (const count of [1, 3]) {
      const text = t('prayer.statistics.prayersChartSummary', { count, bestDay: formatShortDay('2026-12-07', locale), best: '2' });
      expect(text).not.toMatch(/\.\./);
      expect(text).toMatch(/7/);
    }
  });
});
