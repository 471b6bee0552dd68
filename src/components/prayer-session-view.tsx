// SPEC §2 /session, presentational: one item at a time with the progress ("3 of 10"), today's
// count and the controls (pray and next, skip, previous), and the "session finished" summary.
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../i18n/prayer-format';
import { FlameIcon } from './icons';

export type SessionItemView = { title: string | null; text: string; reference: string | null; author: string | null };

type PrayerSessionViewProps = {
  heading: string;
  item: SessionItemView;
  position: number;
  total: number;
  todayPrayerCount: number;
  isPrayedHere: boolean;
  isBusy: boolean;
  onPray: () => void;
  onSkip: () => void;
  onPrevious: () => void;
};

export function PrayerSessionView(props: PrayerSessionViewProps) {
  const { t } = useTranslation();
  const { item, position, total } = props;
  const isLast = position === total - 1;
  const primary = props.isPrayedHere ? (isLast ? t('prayer.session.finish') : t('prayer.session.next')) : isLast ? t('prayer.session.prayAndFinish') : t('prayer.session.prayAndNext');
  return (
    <section className="prayer-session" aria-labelledby="prayer-session-heading">
      <header className="prayer-session__header">
        <h1 id="prayer-session-heading" className="prayer-session__heading">
          {props.heading}
        </h1>
        <p className="prayer-session__today">{t('prayer.pray.today', { count: props.todayPrayerCount })}</p>
        <div className="prayer-session__progress">
          <progress max={total} value={position + 1} aria-label={t('prayer.session.progressLabel')} />
          <p aria-live="polite" data-testid="session-progress">
            {t('prayer.session.progress', { current: position + 1, total })}
          </p>
        </div>
      </header>
      <article className="prayer-session__item" aria-label={item.title ?? undefined}>
        {item.title && <h2 className="prayer-session__title">{item.title}</h2>}
        {item.reference && <p className="prayer-session__reference">{item.reference}</p>}
        <p className="prayer-session__text" data-testid="session-text">
          {item.text}
        </p>
        {item.author !== null && <p className="prayer-session__author">{t('prayer.session.by', { name: item.author || t('post.anonymous') })}</p>}
        {props.isPrayedHere && (
          <p className="prayer-session__prayed">
            <FlameIcon filled />
            {t('prayer.session.prayedHere')}
          </p>
        )}
      </article>
      <div className="prayer-session__actions">
        <button type="button" className="button button--primary button--wide" onClick={(event) => onPrimary(event, props.onPray)} disabled={props.isBusy}>
          {primary}
        </button>
        <div className="prayer-session__controls">
          <button type="button" className="button button--secondary" onClick={props.onPrevious} disabled={position === 0 || props.isBusy}>
            {t('prayer.session.previous')}
          </button>
          <button type="button" className="button button--quiet" onClick={props.onSkip} disabled={props.isBusy || props.isPrayedHere}>
            {t('prayer.session.skip')}
          </button>
        </div>
      </div>
    </section>
  );
}

type SessionFinishedProps = {
  itemsPrayed: number;
  durationSeconds: number;
  todayPrayerCount: number;
  isOffline: boolean;
  backLink: ReactNode;
  onPrayAgain: () => void;
};

export function SessionFinished(props: SessionFinishedProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className="prayer-session prayer-session--finished" aria-labelledby="session-finished-heading">
      <h1 id="session-finished-heading" className="prayer-session__heading">
        {t('prayer.session.finishedHeading')}
      </h1>
      <p className="prayer-session__summary">{t('prayer.session.finishedPrayed', { count: props.itemsPrayed })}</p>
      <p>{t('prayer.session.finishedDuration', { duration: formatDuration(props.durationSeconds, i18n.language) })}</p>
      <p className="prayer-session__today">{t('prayer.pray.today', { count: props.todayPrayerCount })}</p>
      {props.isOffline && <p className="prayer-session__note">{t('prayer.session.finishedSaved')}</p>}
      <div className="prayer-session__controls">
        {props.backLink}
        <button type="button" className="button button--secondary" onClick={props.onPrayAgain}>
          {t('prayer.session.prayAgain')}
        </button>
      </div>
    </section>
  );
}

/**
 * Issue #12 'a double tap counts once': the second click of a double tap or double click (its
 * click count, `detail`, is 2) would pray for the next request, which by then sits under the
 * finger. Keyboard activation (detail 0) and separate taps (detail 1) pass.
 */
function onPrimary(event: MouseEvent<HTMLButtonElement>, onPray: () => void): void {
  if (event.detail <= 1) onPray();
}
