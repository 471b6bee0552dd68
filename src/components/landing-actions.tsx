// The first choice on the landing page and /app-welcome: continue as a guest, log in or register.
// `next` (issue #13 point 3: a shared post's address) is where each of the three ends up.
// Issue #23 point 3: the landing reads the local store itself. A session the cookie does not show
// (the browser refused the cookie) goes on to the community as the route check would; a browser
// that keeps no data for this site is told at once what the person can do.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { continueAsGuest } from '../state';
import { destinationAfterSignIn } from '../state/route-checks';
import { readStoredSession } from '../state/held-session';
import { formMessage } from './api-error';

/** The three buttons' words, when the landing is an invite's (issue #49 major 5: Join as guest / Create account / Log in). */
export type LandingLabels = { guest: string; login: string; register: string };

/**
 * `next`: a destination already checked by safeNextPath (the '/' route's search). `afterGuest`:
 * what the new guest does first (an invite's landing joins the group), answering where to go then.
 */
export function LandingActions({ next, labels, afterGuest }: { next?: string | undefined; labels?: LandingLabels; afterGuest?: () => Promise<string> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const carried = next === undefined ? {} : { next };
  const isStoreBlocked = useStoredSessionSkip(next);

  async function startAsGuest() {
    if (!navigator.onLine) return setError(t('landing.guestOffline'));
    setBusy(true);
    setError(null);
    try {
      await continueAsGuest();
      await navigate({ href: afterGuest ? await afterGuest() : destinationAfterSignIn(next) });
    } catch (err) {
      setError(formMessage(err, t, t('landing.guestFailed')));
    } finally {
      // Whatever happened, the button never stays on "Opening the community…".
      setBusy(false);
    }
  }

  return (
    <div className="landing__actions">
      <button type="button" className="button button--primary button--wide" disabled={isBusy} onClick={() => void startAsGuest()}>
        {isBusy ? t('landing.continuing') : (labels?.guest ?? t('landing.continueAsGuest'))}
      </button>
      <div className="landing__secondary">
        <Link to="/login" search={carried} className="button button--secondary">
          {labels?.login ?? t('landing.login')}
        </Link>
        <Link to="/register" search={carried} className="button button--secondary">
          {labels?.register ?? t('landing.register')}
        </Link>
      </div>
      {(error ?? isStoreBlocked) && (
        <p className="form-error" role="alert" data-testid="landing-error">
          {error ?? t('auth.storageBlocked')}
        </p>
      )}
    </div>
  );
}

/**
 * The local store's session, read once the landing shows: with one, on to `next` or the community
 * (the route check saw no cookie). True when the browser keeps no data for this site.
 */
function useStoredSessionSkip(next: string | undefined): boolean {
  const navigate = useNavigate();
  const [isBlocked, setBlocked] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void readStoredSession().then((read) => {
      if (!isCurrent) return;
      // A slow answer is no verdict: only a refusal is said before anyone asks.
      if (read.kind === 'unavailable') return setBlocked(!read.isTimeout);
      if (read.tokens.memberToken !== null || read.tokens.guestToken !== null) void navigate({ href: destinationAfterSignIn(next), replace: true });
    });
    return () => {
      isCurrent = false;
    };
  }, [navigate, next]);
  return isBlocked;
}
