// '/login/welcome-back': greets the last member who signed in on this device (docs/product.md §3 last login,
// kept locally) and asks only for the password, or offers "not you?" (which forgets them). A
// member who signed in through a provider is offered that provider again.
import { Link, createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetLastLogin, readLastLogin, startProviderSignIn, type LastLogin } from '../state';
import { bannerMessage } from '../components/api-error';
import { AuthCard, FormStatus } from '../components/auth-card';
import { ProfilePicture } from '../components/profile-picture';
import { CredentialsForm } from './-auth-form';

export const Route = createFileRoute('/login_/welcome-back')({
  beforeLoad: () => {
    if (!readLastLogin()) throw redirect({ to: '/login', replace: true });
  },
  component: WelcomeBackScreen,
});

function WelcomeBackScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [last] = useState(readLastLogin);
  if (!last) return null;
  const notYou = () => {
    forgetLastLogin();
    void navigate({ to: '/login', replace: true });
  };
  return (
    <AuthCard
      title={t('accounts.welcomeBackTitle', { name: last.name })}
      lead={t('accounts.welcomeBackLead')}
      footer={
        <div className="accounts-links">
          <Link to="/forgot-password">{t('accounts.forgotLink')}</Link>
          <button type="button" className="button button--quiet" onClick={notYou}>
            {t('accounts.notYou', { name: last.name })}
          </button>
        </div>
      }
    >
      <div className="accounts-identity">
        <ProfilePicture name={last.name} avatar={last.imgShow ? last.avatar : null} />
        <p className="accounts-identity__email">{last.email}</p>
      </div>
      {last.loginType === 'email' ? <CredentialsForm mode="login" rememberedEmail={last.email} /> : <ProviderAgain last={last} />}
    </AuthCard>
  );
}

function ProviderAgain({ last }: { last: LastLogin }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const provider = last.loginType === 'email' ? null : last.loginType;
  if (!provider) return null;
  const start = () => {
    setError(null);
    startProviderSignIn(provider).catch((err: unknown) => setError(bannerMessage(err, t, t('auth.failed'))));
  };
  return (
    <>
      <button type="button" className="button button--primary button--wide" onClick={start}>
        {t('accounts.continueWith', { provider: t(`accounts.provider.${provider}`) })}
      </button>
      <FormStatus error={error} />
    </>
  );
}
