// '/statistics' (docs/product.md §2, private layout): the user's prayer figures from GET user/my-statistics
// (docs/product.md §7), pulled by the worker into the local store when the screen opens and read through a
// live query, so the last figures stay readable offline. Charts are inline SVG with a table.
import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApiStatistics } from '../../../common/account-contract';
import { useStatistics } from '../../db/account-queries';
import { pulls } from '../../sync/client';
import { BarChart, type ChartDay } from '../../components/bar-chart';
import { formatRelative } from '../../../common/relative-time';
import { formatDuration, formatNumber, formatShortDay } from '../../i18n/prayer-format';
import { formatDay } from '../../i18n/format';
import { useOnline } from '../../state/online';

export const Route = createFileRoute('/_private/statistics')({ component: StatisticsScreen });

/** Pulls once when the screen opens online; false once a pull has failed. */
function useStatisticsPull(isOnline: boolean): boolean {
  const [isFailed, setFailed] = useState(false);
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    pulls.statistics()
      .then((result) => isCurrent && setFailed(!result.ok))
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, [isOnline]);
  return isFailed;
}

function StatisticsScreen() {
  const { t, i18n } = useTranslation();
  const stored = useStatistics();
  const isOnline = useOnline();
  const isFailed = useStatisticsPull(isOnline);
  return (
    <section className="statistics" aria-labelledby="statistics-heading">
      <title>{`${t('prayer.statistics.title')} · ${t('app.name')}`}</title>
      <h1 id="statistics-heading" className="statistics__heading">
        {t('prayer.statistics.heading')}
      </h1>
      {stored === undefined && <p role="status">{t('prayer.statistics.loading')}</p>}
      {stored === null && <p role="status">{isOnline && !isFailed ? t('prayer.statistics.loading') : t('prayer.statistics.none')}</p>}
      {stored && (
        <>
          <p className="statistics__updated">{t('prayer.statistics.updated', { when: formatRelative(new Date(stored.pulledAt), i18n.language) })}</p>
          {!isOnline && <p className="statistics__note">{t('prayer.statistics.offline')}</p>}
          {isOnline && isFailed && <p className="statistics__note">{t('prayer.statistics.refreshFailed')}</p>}
          <StatisticsBody statistics={stored.statistics} />
        </>
      )}
    </section>
  );
}

function StatisticsBody({ statistics }: { statistics: ApiStatistics }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const days = (count: number) => t('prayer.statistics.days', { count });
  const totals: [string, string][] = [
    [t('prayer.statistics.today'), number(statistics.today_prayer_count)],
    [t('prayer.statistics.totalPrayers'), number(statistics.total_prayers)],
    [t('prayer.statistics.streak'), days(statistics.streak_days)],
    [t('prayer.statistics.longestStreak'), days(statistics.longest_streak_days)],
    [t('prayer.statistics.sessionsFinished'), number(statistics.sessions.finished)],
    [t('prayer.statistics.sessionTime'), formatDuration(statistics.sessions.total_duration_seconds, i18n.language)],
    [t('prayer.statistics.sessionItems'), number(statistics.sessions.total_items_prayed)],
    [t('prayer.statistics.requestsPosted'), number(statistics.requests_posted)],
    [t('prayer.statistics.answered'), number(statistics.answered_requests)],
    [t('prayer.statistics.prayersReceived'), number(statistics.prayers_received)],
  ];
  return (
    <>
      <section aria-labelledby="statistics-totals-heading">
        <h2 id="statistics-totals-heading" className="statistics__subheading">
          {t('prayer.statistics.totalsHeading')}
        </h2>
        <dl className="statistics__totals">
          {totals.map(([label, value]) => (
            <div key={label} className="statistics__total">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="statistics__since">{t('prayer.statistics.memberSince', { date: formatDay(statistics.member_since.slice(0, 10), i18n.language) })}</p>
      </section>
      <BarChart title={t('prayer.statistics.prayersChart')} summary={prayersSummary(statistics.prayers_per_day, t, i18n.language)} days={statistics.prayers_per_day} />
      <BarChart
        title={t('prayer.statistics.sessionsChart')}
        summary={sum(statistics.sessions.per_day) === 0 ? t('prayer.statistics.chartEmpty') : t('prayer.statistics.sessionsChartSummary', { count: sum(statistics.sessions.per_day) })}
        days={statistics.sessions.per_day}
      />
    </>
  );
}

const sum = (days: ChartDay[]) => days.reduce((total, day) => total + day.count, 0);

// TFunction, as api-error.ts takes it: the hook's own `t` type, spelled out here, runs into
// TypeScript's instantiation depth limit once the resources grow (issue #11 added an area).
function prayersSummary(days: ChartDay[], t: TFunction, locale: string): string {
  const total = sum(days);
  if (total === 0) return t('prayer.statistics.chartEmpty');
  const best = days.reduce((top, day) => (day.count > top.count ? day : top));
  return t('prayer.statistics.prayersChartSummary', { count: total, bestDay: formatShortDay(best.date, locale), best: formatNumber(best.count, locale) });
}
