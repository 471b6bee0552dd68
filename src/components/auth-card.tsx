// The frame of the authentication screens: a centred card with a title, a lead and a way back;
// and the status lines every account form shares (the error as an alert, a success as a status).
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FlameIcon } from './icons';

type AuthCardProps = { title: string; lead: string; footer?: ReactNode; children: ReactNode };

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
        {footer && <div className="auth__footer">{footer}</div>}
      </div>
    </main>
  );
}

export function FormStatus({ error, success }: { error: string | null; success?: string | null }) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
    </>
  );
}
