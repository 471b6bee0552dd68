// The beginning of a guided prayer session (issue #13 point 4): what it is (the source's name), how
// many requests (3 / 5 / 10 / the user's session size / all), roughly how long, an optional quiet
// timer per request, and Start. Presentational: the route freezes the entries on Start.
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMER_CHOICES, countChoices, defaultCount, estimateMinutes, type TimerSeconds } from './run-state';

type SessionBeginProps = {
  heading: string;
  /** What the session prays through: requests, or prayers (the biblical ones, a list's: issue #49, review m8). */
  noun?: 'request' | 'prayer';
  available: number;
  /** The user's prayer_session_items_qtd: the count chosen at first. */
  sessionSize: number;
  initialTimer: TimerSeconds;
  todayLine: ReactNode;
  onStart: (count: number, timerSeconds: TimerSeconds) => void;
};

const TIMER_KEYS = { 0: 'timerOff', 30: 'timer30', 60: 'timer60', 120: 'timer120' } as const;

export function SessionBegin({ heading, noun = 'request', available, sessionSize, initialTimer, todayLine, onStart }: SessionBeginProps) {
  const { t } = useTranslation();
  const words = noun === 'prayer' ? 'beginPrayers' : 'begin';
  const id = useId();
  const [count, setCount] = useState(() => defaultCount(available, sessionSize));
  const [timer, setTimer] = useState<TimerSeconds>(initialTimer);
  const counts = countChoices(available, sessionSize);
  const chosen = counts.includes(count) ? count : available;
  return (
    <section className="prayer-session session-begin" aria-labelledby="prayer-session-heading">
      <header className="prayer-session__header">
        <h1 id="prayer-session-heading" className="prayer-session__heading">
          {heading}
        </h1>
        <p className="session-begin__lead">{t(`guidedSession.${words}.lead`)}</p>
        {todayLine}
      </header>
      <fieldset className="session-begin__group">
        <legend className="session-begin__legend">{t(`guidedSession.${words}.countLegend`)}</legend>
        <div className="session-begin__choices">
          {counts.map((value) => (
            <label key={value} className="session-choice">
              <input type="radio" name={`${id}-count`} value={value} checked={chosen === value} onChange={() => setCount(value)} />
              <span>{value === available && counts.length > 1 ? t('guidedSession.begin.countAll', { count: value }) : value}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="session-begin__group" aria-describedby={`${id}-timer-hint`}>
        <legend className="session-begin__legend">{t(`guidedSession.${words}.timerLegend`)}</legend>
        <p id={`${id}-timer-hint`} className="prayer-session__note">
          {t('guidedSession.begin.timerHint')}
        </p>
        <div className="session-begin__choices">
          {TIMER_CHOICES.map((value) => (
            <label key={value} className="session-choice">
              <input type="radio" name={`${id}-timer`} value={value} checked={timer === value} onChange={() => setTimer(value)} />
              <span>{t(`guidedSession.begin.${TIMER_KEYS[value]}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="session-begin__estimate" data-testid="session-estimate">
        {t('guidedSession.begin.estimate', { count: estimateMinutes(chosen, timer) })}
      </p>
      <button type="button" className="button button--primary button--wide" onClick={() => onStart(chosen, timer)}>
        {t('guidedSession.begin.start')}
      </button>
    </section>
  );
}
