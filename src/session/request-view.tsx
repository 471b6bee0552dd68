// docs/product.md §2 /session, presentational: one request at a time with the progress ("2 of 5"), today's
// count, the passage and its reference for a biblical prayer, the quiet timer when chosen and the
// controls (Prayed, Skip, Previous; issue #13 point 4). The end screen is end.tsx.
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FlameIcon } from '../components/icons';
import { SessionTimer } from './timer';

type SessionItemView = { title: string | null; text: string; reference: string | null; author: string | null };

type PrayerSessionViewProps = {
  heading: string;
  item: SessionItemView;
  position: number;
  total: number;
  todayPrayerCount: number;
  isPrayedHere: boolean;
  isBusy: boolean;
  /** The quiet timer per request in seconds; 0: none. */
  timerSeconds: number;
  onPrayed: () => void;
  onSkip: () => void;
  onPrevious: () => void;
};

export function PrayerSessionView(props: PrayerSessionViewProps) {
  const { t } = useTranslation();
  const { item, position, total } = props;
  const isLast = position === total - 1;
  const primary = props.isPrayedHere ? (isLast ? t('prayer.session.finish') : t('prayer.session.next')) : t('guidedSession.run.prayed');
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
        <SessionItemText item={item} />
        {item.author !== null && <p className="prayer-session__author">{t('prayer.session.by', { name: item.author || t('post.anonymous') })}</p>}
        {props.isPrayedHere && (
          <p className="prayer-session__prayed">
            <FlameIcon filled />
            {t('prayer.session.prayedHere')}
          </p>
        )}
      </article>
      {props.timerSeconds > 0 && !props.isPrayedHere && <SessionTimer key={position} seconds={props.timerSeconds} />}
      <div className="prayer-session__actions">
        <button type="button" className="button button--primary button--wide" onClick={(event) => onPrimary(event, props.onPrayed)} disabled={props.isBusy}>
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

/** A biblical prayer is a passage: the words quoted, its reference cited under them. */
function SessionItemText({ item }: { item: SessionItemView }) {
  const text = (
    <p className="prayer-session__text" data-testid="session-text">
      {item.text}
    </p>
  );
  if (!item.reference) return text;
  return (
    <figure className="prayer-session__passage">
      <blockquote>{text}</blockquote>
      <figcaption className="prayer-session__reference">
        <cite data-testid="session-reference">{item.reference}</cite>
      </figcaption>
    </figure>
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
