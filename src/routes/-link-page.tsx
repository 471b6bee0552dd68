// The two mailed-link screens (docs/product.md §2 /profile/delete/... and /profile/download/...): a question,
// one action, then success or a clear "this link is invalid or has expired" (the server's 422).
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, formMessage } from '../components/api-error';
import { FormStatus } from '../components/auth-card';

type LinkPageState = { kind: 'asking' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

export function useLinkAction(action: () => Promise<void>): { state: LinkPageState; run: () => void } {
  const { t } = useTranslation();
  const [state, setState] = useState<LinkPageState>({ kind: 'asking' });
  const run = () => {
    setState({ kind: 'busy' });
    action()
      .then(() => setState({ kind: 'done' }))
      .catch((err: unknown) => {
        const { status } = describeError(err);
        setState(status === 422 ? { kind: 'invalid' } : { kind: 'failed', message: formMessage(err, t, t('auth.failed')) });
      });
  };
  return { state, run };
}

type LinkPageProps = { title: string; state: LinkPageState; question: ReactNode; done: ReactNode; actionLabel: string; isDanger?: boolean; onAction: () => void };

export function LinkPage({ title, state, question, done, actionLabel, isDanger = false, onAction }: LinkPageProps) {
  const { t } = useTranslation();
  return (
    <div className="settings">
      <title>{`${title} · ${t('app.name')}`}</title>
      <h1 className="settings__title">{title}</h1>
      {state.kind === 'done' ? (
        <div role="status">{done}</div>
      ) : state.kind === 'invalid' ? (
        <div className="settings-stack">
          <FormStatus error={t('accounts.links.invalid')} />
          <Link to="/settings/account">{t('accounts.links.askAgain')}</Link>
        </div>
      ) : (
        <div className="settings-stack">
          {question}
          <FormStatus error={state.kind === 'failed' ? state.message : null} />
          <div className="form__actions">
            <Link to="/settings/account" className="button button--secondary">
              {t('accounts.data.cancel')}
            </Link>
            <button type="button" className={isDanger ? 'button button--danger' : 'button button--primary'} disabled={state.kind === 'busy'} onClick={onAction}>
              {state.kind === 'busy' ? t('auth.submitting') : actionLabel}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
