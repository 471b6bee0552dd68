// The end of a guided prayer session (issue #13 point 4): how many were prayed for and skipped,
// the time, today's count, the streak (src/db/session-streak.ts), a closing blessing (one of a few,
// picked by the run so it stays the same on a reload), "Start another session" and a way back.
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../i18n/prayer-format';

const BLESSINGS = ['a', 'b', 'c', 'd'] as const;

type SessionEndProps = {
  itemsPrayed: number;
  skipped: number;
  durationSeconds: number;
  todayPrayerCount: number;
  /** undefined while it is read. */
  streak: number | undefined;
  /** Any whole number: it picks the closing line. */
  seed: number;
  isOffline: boolean;
  doneLink: ReactNode;
  onAgain: () => void;
};

export function SessionEnd(props: SessionEndProps) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The request under the focus is gone: the focus goes to the summary's heading.
  useEffect(() => heading.current?.focus(), []);
  const blessing = BLESSINGS[Math.abs(Math.floor(props.seed)) % BLESSINGS.length] ?? 'a';
  return (
    <section className="prayer-session prayer-session--finished session-end" aria-labelledby="session-finished-heading">
      <h1 id="session-finished-heading" className="prayer-session__heading" ref={heading} tabIndex={-1}>
        {t('prayer.session.finishedHeading')}
      </h1>
      <p className="session-end__lead">{t('guidedSession.end.lead')}</p>
      <dl className="session-end__figures">
        <div className="session-end__figure">
          <dt className="visually-hidden">{t('prayer.statistics.sessionItems')}</dt>
          <dd className="prayer-session__summary" data-testid="session-end-prayed">
            {t('prayer.session.finishedPrayed', { count: props.itemsPrayed })}
          </dd>
        </div>
        {props.skipped > 0 && (
          <div className="session-end__figure">
            <dt className="visually-hidden">{t('prayer.session.skip')}</dt>
            <dd data-testid="session-end-skipped">{t('guidedSession.end.skipped', { count: props.skipped })}</dd>
          </div>
        )}
        <div className="session-end__figure">
          <dt className="visually-hidden">{t('prayer.statistics.sessionTime')}</dt>
          <dd>{t('prayer.session.finishedDuration', { duration: formatDuration(props.durationSeconds, i18n.language) })}</dd>
        </div>
        <div className="session-end__figure">
          <dt className="visually-hidden">{t('prayer.statistics.today')}</dt>
          <dd className="prayer-session__today" data-testid="session-end-today">
            {t('prayer.pray.today', { count: props.todayPrayerCount })}
          </dd>
        </div>
        {props.streak !== undefined && (
          <div className="session-end__figure">
            <dt className="visually-hidden">{t('prayer.statistics.streak')}</dt>
            <dd className="session-end__streak" data-testid="session-end-streak">
              {props.streak > 0 ? t('guidedSession.end.streak', { count: props.streak }) : t('guidedSession.end.streakNone')}
            </dd>
          </div>
        )}
      </dl>
      {props.isOffline && <p className="prayer-session__note">{t('prayer.session.finishedSaved')}</p>}
      <p className="session-end__blessing">{t(`guidedSession.end.blessings.${blessing}`)}</p>
      <div className="prayer-session__controls">
        <button type="button" className="button button--primary" onClick={props.onAgain}>
          {t('guidedSession.end.again')}
        </button>
        {props.doneLink}
      </div>
    </section>
  );
}
