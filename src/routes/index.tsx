// '/': the landing page, no layout. With a member or guest token it goes straight to the
// community (SPEC §2).
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LandingActions } from '../components/landing-actions';
import { skipWhenSignedIn } from './-checks';
import { FlameIcon } from '../components/icons';
import { LanguageSwitcher } from '../components/language-switcher';

export const Route = createFileRoute('/')({
  beforeLoad: skipWhenSignedIn,
  component: Landing,
});

function Landing() {
  const { t } = useTranslation();
  return (
    <main className="landing" id="main">
      <title>{t('landing.title')}</title>
      <div className="landing__tools">
        <LanguageSwitcher />
      </div>
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
