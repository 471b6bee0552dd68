// The frame of the authentication screens: a centred card with a title, a lead and a way back.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FlameIcon } from './icons';

type AuthCardProps = { title: string; lead: string; footer: ReactNode; children: ReactNode };

export function AuthCard({ title, lead, footer, children }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <main className="auth" id="main">
      <title>{`${title} · ${t('app.name')}`}</title>
      <div className="auth__card">
        <Link to="/" className="auth__back">
          <span className="brand__mark" aria-hidden="true">
            <FlameIcon size={18} />
          </span>
          <span>{t('auth.back')}</span>
        </Link>
        <h1 className="auth__title">{title}</h1>
        <p className="auth__lead">{lead}</p>
        {children}
        <p className="auth__footer">{footer}</p>
      </div>
    </main>
  );
}
