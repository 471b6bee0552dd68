// The first choice on the landing page and /app-welcome: continue as a guest, log in or register.
// `next` (issue #13 point 3: a shared post's address) is where each of the three ends up.
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { continueAsGuest } from '../state';
import { destinationAfterSignIn } from '../state/route-checks';
import { formMessage } from './api-error';

/** `next`: a destination already checked by safeNextPath (the '/' route's search). */
export function LandingActions({ next }: { next?: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const carried = next === undefined ? {} : { next };

  async function startAsGuest() {
    if (!navigator.onLine) return setError(t('landing.guestOffline'));
    setBusy(true);
    setError(null);
    try {
      await continueAsGuest();
      await navigate({ href: destinationAfterSignIn(next) });
    } catch (err) {
      setError(formMessage(err, t, t('landing.guestFailed')));
      setBusy(false);
    }
  }

  return (
    <div className="landing__actions">
      <button type="button" className="button button--primary button--wide" disabled={isBusy} onClick={() => void startAsGuest()}>
        {isBusy ? t('landing.continuing') : t('landing.continueAsGuest')}
      </button>
      <div className="landing__secondary">
        <Link to="/login" search={carried} className="button button--secondary">
          {t('landing.login')}
        </Link>
        <Link to="/register" search={carried} className="button button--secondary">
          {t('landing.register')}
        </Link>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
