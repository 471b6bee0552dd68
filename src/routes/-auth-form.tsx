// The one credentials form of /login, /register and /login/welcome-back (issue #5: one module
// instead of two copies). Login asks email and password; register adds the name; welcome back
// carries the remembered email (docs/product.md §3 last login) and asks only the password. On success the
// session is stored (docs/product.md §4) and the member goes to the community, or to `next` (issue #13 point 3).
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { login, register } from '../state';
import { destinationAfterSignIn } from '../state/route-checks';
import { FormStatus } from '../components/auth-card';
import { TextField } from '../components/text-field';
import { formText, useAuthForm } from '../components/use-auth-form';
import { FormBotCheckNotice } from './-bot-check';
import { PASSWORD_MIN, useCredentialChecks } from './-password-rules';

type CredentialsMode = 'login' | 'register';

type CredentialsFormProps = { mode: CredentialsMode; rememberedEmail?: string | undefined; next?: string | undefined };

export function CredentialsForm({ mode, rememberedEmail, next }: CredentialsFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isRegister = mode === 'register';
  const checks = useCredentialChecks();
  const form = useAuthForm(
    async (data) => {
      const email = rememberedEmail ?? formText(data, 'email');
      const password = formText(data, 'password');
      if (isRegister) await register({ name: formText(data, 'name'), email, password });
      else await login({ email, password });
      await navigate({ href: destinationAfterSignIn(next) });
    },
    // Checked on the device first, in the user's language (issue #12); the server still decides.
    { validate: (data) => (isRegister ? checks.register(data) : checks.login(data, rememberedEmail !== undefined)) },
  );
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      {isRegister && <TextField label={t('auth.name')} name="name" autoComplete="name" required error={form.fieldErrors.name} />}
      {rememberedEmail === undefined ? (
        <TextField label={t('auth.email')} name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} />
      ) : (
        // The remembered email travels with the form so password managers pick the right entry.
        <input type="hidden" name="email" value={rememberedEmail} autoComplete="username" />
      )}
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        required
        autoFocus={rememberedEmail !== undefined}
        hint={isRegister ? t('apiErrors.passwordRules', { min: PASSWORD_MIN }) : undefined}
        error={form.fieldErrors.password}
      />
      <FormStatus error={form.error} />
      <button type="submit" className="button button--primary button--wide" disabled={form.isBusy}>
        {form.isBusy ? t('auth.submitting') : isRegister ? t('auth.submitRegister') : t('auth.submitLogin')}
      </button>
      <FormBotCheckNotice />
    </form>
  );
}
