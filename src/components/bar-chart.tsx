// An accessible bar chart as inline SVG (no chart library): the picture is one labelled image whose
// text alternative is the summary, and the exact figures are a real table a click away.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatShortDay } from '../i18n/prayer-format';

export type ChartDay = { date: string; count: number };

type BarChartProps = {
  title: string;
  /** One sentence saying what the bars show (the image's description). */
  summary: string;
  days: ChartDay[];
};

const BAR_WIDTH = 10;
const GAP = 4;
const HEIGHT = 80;

export function BarChart({ title, summary, days }: BarChartProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const max = Math.max(1, ...days.map((day) => day.count));
  const width = Math.max(1, days.length * (BAR_WIDTH + GAP) - GAP);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="bar-chart">
      <figcaption id={`${id}-title`} className="bar-chart__title">
        {title}
      </figcaption>
      <p id={`${id}-summary`} className="bar-chart__summary">
        {summary}
      </p>
      <svg className="bar-chart__svg" viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-title ${id}-summary`}>
        <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="bar-chart__axis" />
        {days.map((day, index) => {
          const height = day.count === 0 ? 0 : Math.max(2, (day.count / max) * (HEIGHT - 4));
          return <rect key={day.date} className="bar-chart__bar" x={index * (BAR_WIDTH + GAP)} y={HEIGHT - height} width={BAR_WIDTH} height={height} rx={2} />;
        })}
      </svg>
      {first && last && (
        <div className="bar-chart__range" aria-hidden="true">
          <span>{formatShortDay(first.date, i18n.language)}</span>
          <span>{formatShortDay(last.date, i18n.language)}</span>
        </div>
      )}
      <details className="bar-chart__details">
        <summary>{t('prayer.statistics.showTable')}</summary>
        <table className="bar-chart__table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('prayer.statistics.dayColumn')}</th>
              <th scope="col">{t('prayer.statistics.countColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatShortDay(day.date, i18n.language)}</th>
                <td>{formatNumber(day.count, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
