// '/login': email and password (the shared credentials form). When this device remembers the last
// member (SPEC §3), a shortcut to /login/welcome-back is offered above the form.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readLastLogin } from '../state';
import { AuthCard } from '../components/auth-card';
import { CredentialsForm } from './-auth-form';

export const Route = createFileRoute('/login')({ component: LoginScreen });

function LoginScreen() {
  const { t } = useTranslation();
  const last = readLastLogin();
  return (
    <AuthCard
      title={t('auth.loginTitle')}
      lead={t('auth.loginLead')}
      footer={
        <div className="accounts-links">
          <Link to="/forgot-password">{t('accounts.forgotLink')}</Link>
          <Link to="/register">{t('auth.toRegister')}</Link>
        </div>
      }
    >
      {last && (
        <Link to="/login/welcome-back" className="accounts-remembered">
          {t('accounts.continueAs', { name: last.name })}
        </Link>
      )}
      <CredentialsForm mode="login" />
    </AuthCard>
  );
}
