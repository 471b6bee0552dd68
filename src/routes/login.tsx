// '/login': email and password (the shared credentials form). When this device remembers the last
// member (docs/product.md §3), a shortcut to /login/welcome-back is offered above the form. ?next= (issue #13
// point 3) is where the member goes once signed in, and travels on to /register.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readLastLogin } from '../state';
import { nextSearch } from '../state/route-checks';
import { AuthCard } from '../components/auth-card';
import { CredentialsForm } from './-auth-form';

export const Route = createFileRoute('/login')({ validateSearch: nextSearch, component: LoginScreen });

function LoginScreen() {
  const { t } = useTranslation();
  const last = readLastLogin();
  const { next } = Route.useSearch();
  return (
    <AuthCard
      title={t('auth.loginTitle')}
      lead={t('auth.loginLead')}
      footer={
        <div className="accounts-links">
          <Link to="/forgot-password">{t('accounts.forgotLink')}</Link>
          <Link to="/register" search={next === undefined ? {} : { next }}>
            {t('auth.toRegister')}
          </Link>
        </div>
      }
    >
      {last && (
        <Link to="/login/welcome-back" className="accounts-remembered">
          {t('accounts.continueAs', { name: last.name })}
        </Link>
      )}
      <CredentialsForm mode="login" next={next} />
    </AuthCard>
  );
}
