// '/forgot-password': asks for the email and sends the reset mail (docs/product.md §7 POST
// auth/forgot-password, bot check 'mail'). The answer is the same whether or not an account
// exists, so the confirmation says so plainly instead of naming the account.
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { forgotPassword, readLastLogin } from '../state';
import { AuthCard, FormStatus } from '../components/auth-card';
import { TextField } from '../components/text-field';
import { formText, useAuthForm } from '../components/use-auth-form';
import { usePasswordRules } from './-password-rules';
import { FormBotCheckNotice } from './-bot-check';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordScreen });

function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const rules = usePasswordRules();
  const form = useAuthForm(
    async (data) => {
      await forgotPassword(formText(data, 'email').trim());
      return t('accounts.forgotSent', { email: formText(data, 'email').trim() });
    },
    { validate: (data) => rules.email(formText(data, 'email')) },
  );
  return (
    <AuthCard title={t('accounts.forgotTitle')} lead={t('accounts.forgotLead')} footer={<Link to="/login">{t('auth.toLogin')}</Link>}>
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={readLastLogin()?.email ?? ''}
          error={form.fieldErrors.email}
        />
        <FormStatus error={form.error} success={form.success} />
        <button type="submit" className="button button--primary button--wide" disabled={form.isBusy}>
          {form.isBusy ? t('auth.submitting') : t('accounts.forgotSubmit')}
        </button>
        <FormBotCheckNotice />
      </form>
    </AuthCard>
  );
}
