// '/register': name, email and password; the server's errors are shown in the form.
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { register } from '../state';
import { AuthCard } from '../components/auth-card';
import { TextField } from '../components/text-field';
import { formText, useAuthForm } from '../components/use-auth-form';

export const Route = createFileRoute('/register')({ component: RegisterScreen });

function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useAuthForm(async (data) => {
    await register({
      name: formText(data, 'name'),
      email: formText(data, 'email'),
      password: formText(data, 'password'),
    });
    await navigate({ to: '/community' });
  });
  return (
    <AuthCard
      title={t('auth.registerTitle')}
      lead={t('auth.registerLead')}
      footer={<Link to="/login">{t('auth.toLogin')}</Link>}
    >
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <TextField label={t('auth.name')} name="name" autoComplete="name" required error={form.fieldErrors.name} />
        <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={form.fieldErrors.password}
        />
        {form.error && (
          <p className="form-error" role="alert">
            {form.error}
          </p>
        )}
        <button type="submit" className="button button--primary button--wide" disabled={form.isBusy}>
          {form.isBusy ? t('auth.submitting') : t('auth.submitRegister')}
        </button>
      </form>
    </AuthCard>
  );
}
