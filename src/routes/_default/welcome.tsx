// '/welcome' (docs/product.md §2, welcome check): the first steps for a new member or guest.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { requireWelcome } from '../-checks';

export const Route = createFileRoute('/_default/welcome')({
  beforeLoad: requireWelcome,
  component: Welcome,
});

function Welcome() {
  const { t } = useTranslation();
  return (
    <article className="prose">
      <title>{`${t('welcome.title')} · ${t('app.name')}`}</title>
      <h1 className="prose__title">{t('welcome.heading')}</h1>
      <p className="prose__lead">{t('welcome.lead')}</p>
      <ol className="steps">
        <li>{t('welcome.stepShare')}</li>
        <li>{t('welcome.stepPray')}</li>
        <li>{t('welcome.stepLists')}</li>
      </ol>
      <div className="form__actions">
        <Link to="/community" className="button button--primary">
          {t('welcome.start')}
        </Link>
        <Link to="/lords-prayer" className="button button--secondary">
          {t('welcome.prayer')}
        </Link>
      </div>
    </article>
  );
}
