// '/': the landing page, no layout. With a member or guest token it goes straight to the
// community (SPEC §2).
import { useState } from 'react';
import { Link, createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { continueAsGuest, hasAnyToken } from '../state';
import { formMessage } from '../components/api-error';
import { FlameIcon } from '../components/icons';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    if (hasAnyToken()) throw redirect({ to: '/community' });
  },
  component: Landing,
});

function Landing() {
  const { t } = useTranslation();
  return (
    <main className="landing" id="main">
      <title>{t('landing.title')}</title>
      <div className="landing__inner">
        <span className="landing__mark" aria-hidden="true">
          <FlameIcon size={40} />
        </span>
        <p className="landing__name">{t('app.name')}</p>
        <h1 className="landing__heading">{t('landing.heading')}</h1>
        <p className="landing__intro">{t('landing.intro')}</p>
        <ul className="landing__points">
          <li>{t('landing.pointShare')}</li>
          <li>{t('landing.pointPray')}</li>
          <li>{t('landing.pointOffline')}</li>
        </ul>
        <LandingActions />
      </div>
    </main>
  );
}

function LandingActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function startAsGuest() {
    if (!navigator.onLine) return setError(t('landing.guestOffline'));
    setBusy(true);
    setError(null);
    try {
      await continueAsGuest();
      await navigate({ to: '/community' });
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
        <Link to="/login" className="button button--secondary">
          {t('landing.login')}
        </Link>
        <Link to="/register" className="button button--secondary">
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
