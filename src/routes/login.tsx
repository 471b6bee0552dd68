// '/login': email and password; the server's errors are shown in the form.
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { login } from '../state';
import { AuthCard } from '../components/auth-card';
import { TextField } from '../components/text-field';
import { formText, useAuthForm } from '../components/use-auth-form';

export const Route = createFileRoute('/login')({ component: LoginScreen });

function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useAuthForm(async (data) => {
    await login({ email: formText(data, 'email'), password: formText(data, 'password') });
    await navigate({ to: '/community' });
  });
  return (
    <AuthCard
      title={t('auth.loginTitle')}
      lead={t('auth.loginLead')}
      footer={<Link to="/register">{t('auth.toRegister')}</Link>}
    >
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={form.fieldErrors.password}
        />
        {form.error && (
          <p className="form-error" role="alert">
            {form.error}
          </p>
        )}
        <button type="submit" className="button button--primary button--wide" disabled={form.isBusy}>
          {form.isBusy ? t('auth.submitting') : t('auth.submitLogin')}
        </button>
      </form>
    </AuthCard>
  );
}
