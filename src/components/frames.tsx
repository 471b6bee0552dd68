// The smaller layouts of docs/product.md §2
// (docs/decisions/0126-screens-frame-and-public-pages-layouts-are-pathless-layout.md):
//   default  - logo, colour mode and language in the header; for pages outside the app's nav.
//   session  - full screen, minimal chrome: only a way out, so nothing distracts from prayer.
// The settings and private layouts are the application layout with a back link (src/routes/-layouts.tsx).
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ColourModeMenu } from './colour-mode-menu';
import { CloseIcon } from './icons';
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
