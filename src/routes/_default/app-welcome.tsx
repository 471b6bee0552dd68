// '/app-welcome' (docs/product.md §2): where the installed app opens; with a member or guest token it goes
// straight to the community.
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LandingActions } from '../../components/landing-actions';
import { skipWhenSignedIn } from '../-checks';

export const Route = createFileRoute('/_default/app-welcome')({
  beforeLoad: skipWhenSignedIn,
  component: AppWelcome,
});

function AppWelcome() {
  const { t } = useTranslation();
  return (
    <article className="prose prose--centred">
      <title>{t('appWelcome.title')}</title>
      <h1 className="prose__title">{t('appWelcome.heading')}</h1>
      <p className="prose__lead">{t('appWelcome.lead')}</p>
      <LandingActions />
    </article>
  );
}
