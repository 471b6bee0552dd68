// '/settings/security' (docs/product.md §7 PUT user/password): change the password, typed twice. A member who
// signed up through a provider has none yet and sets a first one without the current password.
// Online only: a password never waits in the outbox (it would sit in IndexedDB in clear). The
// server signs out every other session; this one stays.
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccountSettings } from '../../../db/account-queries';
import { changePassword } from '../../../state';
import { FormStatus } from '../../../components/auth-card';
import { formText, useAuthForm } from '../../../components/use-auth-form';
import { CurrentPasswordField, NewPasswordFields } from '../../-password-fields';
import { usePasswordRules } from '../../-password-rules';
import { OnlineOnlyNote, SettingsPage, SettingsSectionBox } from '../../-settings-page';
import { FormActions } from '../../../components/form-actions';

export const Route = createFileRoute('/_settings/settings/security')({ component: SecuritySettingsScreen });

function SecuritySettingsScreen() {
  const { t } = useTranslation();
  const settings = useAccountSettings();
  const rules = usePasswordRules();
  const hasPassword = settings?.has_password ?? true;
  const form = useAuthForm(
    async (data) => {
      const password = formText(data, 'password');
      await changePassword(hasPassword ? { current_password: formText(data, 'current_password'), password } : { password });
      const element = document.getElementById('password-form');
      if (element instanceof HTMLFormElement) element.reset();
      return t('accounts.security.saved');
    },
    { validate: (data) => rules.newPassword(formText(data, 'password'), formText(data, 'password_confirmation')) },
  );
  return (
    <SettingsPage section="security" lead={t('accounts.settings.securityLead')}>
      <SettingsSectionBox title={hasPassword ? t('accounts.security.changeTitle') : t('accounts.security.setTitle')}>
        <form id="password-form" className="form" onSubmit={form.onSubmit} noValidate>
          <OnlineOnlyNote />
          {hasPassword && <CurrentPasswordField error={form.fieldErrors.current_password} required />}
          <NewPasswordFields errors={form.fieldErrors} />
          <p className="settings__hint">{t('accounts.security.othersSignedOut')}</p>
          <FormStatus error={form.error} success={form.success} />
          <FormActions submit={t('accounts.security.submit')} disabled={form.isBusy} />
        </form>
      </SettingsSectionBox>
    </SettingsPage>
  );
}
