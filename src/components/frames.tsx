// The smaller layouts of SPEC §2 (docs/decisions.md 'Screens: frame and public pages'):
//   default  - logo, colour mode and language in the header; for pages outside the app's nav.
//   session  - full screen, minimal chrome: only a way out, so nothing distracts from prayer.
//   settings - a back link to the community above the settings screens (member only).
//   private  - a back link above personal screens of a member or guest (notifications, statistics).
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ColourModeMenu } from './colour-mode-menu';
import { ArrowLeftIcon, CloseIcon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { Brand, SkipLink } from './public-layout';

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="frame" data-testid="layout-default">
      <SkipLink />
      <header className="frame__header">
        <Brand />
        <div className="frame__tools">
          <ColourModeMenu />
          <LanguageSwitcher />
        </div>
      </header>
      <main className="frame__main" id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function SessionLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="frame frame--session" data-testid="layout-session">
      <Link to="/community" className="icon-button frame__exit" aria-label={t('frame.exitSession')}>
        <CloseIcon />
      </Link>
      <main className="frame__main frame__main--session" id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

function BackFrame({ testId, children }: { testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="frame" data-testid={testId}>
      <SkipLink />
      <header className="frame__header">
        <Link to="/community" className="chip-button">
          <ArrowLeftIcon size={18} />
          {t('frame.backToCommunity')}
        </Link>
        <div className="frame__tools">
          <ColourModeMenu />
          <LanguageSwitcher />
        </div>
      </header>
      <main className="frame__main" id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function SettingsLayout({ children }: { children: ReactNode }) {
  return <BackFrame testId="layout-settings">{children}</BackFrame>;
}

export function PrivateLayout({ children }: { children: ReactNode }) {
  return <BackFrame testId="layout-private">{children}</BackFrame>;
}
