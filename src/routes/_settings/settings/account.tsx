// '/settings/account' (docs/product.md §2): the email, the language and channel, logging out, and the
// requests for a data download or the account's deletion. The language choice is the switcher's
// (src/i18n/change-language.ts, synced to the user record through the outbox, so it works
// offline); an email change needs the current password and the network (never queued).
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CHANNELS } from '../../../../common/contract';
import { useAccountSettings } from '../../../db/account-queries';
import { useSession } from '../../../db/queries';
import { changeLanguage, localizedHref } from '../../../i18n/change-language';
import type { ChannelLocale } from '../../../i18n/locale-prefix';
import { changeEmail } from '../../../state';
import { FormStatus } from '../../../components/auth-card';
import { TextField } from '../../../components/text-field';
import { formText, useAuthForm } from '../../../components/use-auth-form';
import { AccountRequests } from '../../-account-requests';
import { CurrentPasswordField } from '../../-password-fields';
import { usePasswordRules } from '../../-password-rules';
import { OnlineOnlyNote, SettingsPage, SettingsSectionBox } from '../../-settings-page';
import { useSignOut } from '../../-sign-out';
import { FormActions } from '../../../components/form-actions';

export const Route = createFileRoute('/_settings/settings/account')({ component: AccountSettingsScreen });

function AccountSettingsScreen() {
  const { t } = useTranslation();
  const { signOut, confirmation } = useSignOut();
  return (
    <SettingsPage section="account" lead={t('accounts.settings.accountLead')}>
      <SettingsSectionBox title={t('accounts.account.emailTitle')}>
        <EmailForm />
      </SettingsSectionBox>
      <SettingsSectionBox title={t('accounts.account.languageTitle')}>
        <LanguageChoice />
      </SettingsSectionBox>
      <SettingsSectionBox title={t('accounts.data.title')}>
        <OnlineOnlyNote />
        <AccountRequests />
      </SettingsSectionBox>
      <SettingsSectionBox title={t('accounts.account.sessionTitle')}>
        <button type="button" className="button button--secondary" onClick={signOut}>
          {t('account.logout')}
        </button>
        {confirmation}
      </SettingsSectionBox>
    </SettingsPage>
  );
}

function EmailForm() {
  const { t } = useTranslation();
  const settings = useAccountSettings();
  const { user } = useSession();
  const rules = usePasswordRules();
  const hasPassword = settings?.has_password ?? true;
  const current = settings?.email ?? user?.email ?? '';
  const form = useAuthForm(
    async (data) => {
      const email = formText(data, 'email').trim();
      await changeEmail(hasPassword ? { email, current_password: formText(data, 'current_password') } : { email });
      return t('accounts.account.emailSaved', { email });
    },
    { validate: (data) => rules.email(formText(data, 'email')) },
  );
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <p>{t('accounts.account.emailCurrent', { email: current })}</p>
      <OnlineOnlyNote />
      <TextField label={t('accounts.account.newEmail')} name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} />
      {hasPassword && <CurrentPasswordField error={form.fieldErrors.current_password} />}
      <FormStatus error={form.error} success={form.success} />
      <FormActions submit={t('accounts.account.emailSubmit')} disabled={form.isBusy} />
    </form>
  );
}

function LanguageChoice() {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const choose = async (locale: ChannelLocale) => {
    if (locale === i18n.language) return;
    await changeLanguage(locale);
    router.history.replace(localizedHref(window.location, locale));
  };
  return (
    <fieldset className="settings-choice">
      <legend>{t('accounts.account.languageLead')}</legend>
      {CHANNELS.map((channel) => (
        <label key={channel.id} className="checkbox" lang={channel.locale}>
          <input type="radio" name="language" value={channel.locale} checked={i18n.language === channel.locale} onChange={() => void choose(channel.locale)} />
          {channel.label}
        </label>
      ))}
    </fieldset>
  );
}
