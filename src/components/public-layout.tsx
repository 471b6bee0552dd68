// docs/product.md §2 public layout: light mode whatever the preference, a header with the logo and the
// language switcher, and a footer linking the public pages.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '../../common/constants';
import { FlameIcon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { useForcedColourMode } from './use-colour-mode';

export function Brand({ to = '/' }: { to?: '/' | '/community' }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="brand" aria-label={t('frame.home')}>
      <span className="brand__mark" aria-hidden="true">
        <FlameIcon size={18} />
      </span>
      <span className="brand__name">{t('app.name')}</span>
    </Link>
  );
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('app.skipToContent')}
    </a>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useForcedColourMode('light');
  return (
    <div className="frame frame--public" data-testid="layout-public">
      <SkipLink />
      <header className="frame__header">
        <Brand />
        <LanguageSwitcher />
      </header>
      <main className="frame__main" id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="public-footer">
        <nav aria-label={t('frame.footerLabel')}>
          <ul className="public-footer__links">
            <li><Link to="/contact">{t('frame.contact')}</Link></li>
            <li><Link to="/our-mission">{t('frame.mission')}</Link></li>
            <li><Link to="/privacy">{t('frame.privacy')}</Link></li>
            <li><Link to="/terms">{t('frame.terms')}</Link></li>
            <li><Link to="/help/delete-my-account-and-data">{t('frame.help')}</Link></li>
          </ul>
        </nav>
        <p className="public-footer__note">
          {t('app.name')} · <Link to="/app-version">{PRODUCT_VERSION}</Link>
        </p>
      </footer>
    </div>
  );
}
