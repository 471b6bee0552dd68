// The quiet timer of a guided session (issue #13 point 4): a calm countdown per request, no sound,
// nothing said while it runs (role="timer" is not live), and a polite status for screen readers
// only at its end. The bar moves without animation when the user prefers reduced motion
// (src/styles/session.css). The parent remounts it (a `key`) for each request.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export function SessionTimer({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const [startedAt] = useState(() => Date.now());
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    // Counted from the start, so a throttled background tab still ends on time.
    const tick = () => setLeft(Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000)));
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [seconds, startedAt]);
  const isDone = left === 0;
  return (
    <div className={`session-timer${isDone ? ' session-timer--done' : ''}`}>
      <div className="session-timer__row">
        <span className="session-timer__label" id="session-timer-label">
          {t('guidedSession.run.timerLabel')}
        </span>
        <span role="timer" aria-labelledby="session-timer-label" className="session-timer__clock" data-testid="session-timer">
          {clock(left)}
        </span>
      </div>
      <div className="session-timer__track" aria-hidden="true">
        <div className="session-timer__bar" style={{ transform: `scaleX(${seconds > 0 ? left / seconds : 0})` }} />
      </div>
      <p className="visually-hidden" role="status">
        {isDone ? t('guidedSession.run.timerDone') : ''}
      </p>
    </div>
  );
}
