// '/password-reset/{token}' (docs/product.md §2: dark mode, no layout): the link of the reset mail. The new
// password is asked twice (docs/api.md: 8..200 characters). Success is a login: the server's answer
// carries the session (stored as login stores it, docs/product.md §4), so the member lands in the community
// signed in, with a confirmation. A used, superseded or expired link says so and offers a new one.
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../state';
import { useBanner } from '../components/banner-provider';
import { AuthCard, FormStatus } from '../components/auth-card';
import { formText, useAuthForm } from '../components/use-auth-form';
import { useForcedColourMode } from '../components/use-colour-mode';
import { NewPasswordFields } from './-password-fields';
import { usePasswordRules } from './-password-rules';

export const Route = createFileRoute('/password-reset/$token')({ component: PasswordResetScreen });

function PasswordResetScreen() {
  const { t } = useTranslation();
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const rules = usePasswordRules();
  const banner = useBanner();
  useForcedColourMode('dark');
  const form = useAuthForm(
    async (data) => {
      await resetPassword({ token, password: formText(data, 'password') });
      banner.show({ kind: 'success', text: t('accounts.resetDone') });
      await navigate({ to: '/community', replace: true });
    },
    { validate: (data) => rules.newPassword(formText(data, 'password'), formText(data, 'password_confirmation')) },
  );
  const isInvalidLink = form.fieldErrors.token !== undefined;
  return (
    <AuthCard title={t('accounts.resetTitle')} lead={t('accounts.resetLead')} footer={<Link to="/login">{t('auth.toLogin')}</Link>}>
      {isInvalidLink ? (
        <div className="form" role="alert">
          <p className="form-error">{t('accounts.resetInvalid')}</p>
          <Link to="/forgot-password" className="button button--primary button--wide">
            {t('accounts.resetAgain')}
          </Link>
        </div>
      ) : (
        <form className="form" onSubmit={form.onSubmit} noValidate>
          <NewPasswordFields errors={form.fieldErrors} />
          <FormStatus error={form.error} />
          <button type="submit" className="button button--primary button--wide" disabled={form.isBusy}>
            {form.isBusy ? t('auth.submitting') : t('accounts.resetSubmit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
