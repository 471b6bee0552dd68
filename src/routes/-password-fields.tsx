// The password fields of the account forms: a new password typed twice (password reset, settings'
// security), the pair the server reads as `password` and `password_confirmation`, checked before a
// call by usePasswordRules().newPassword; and the current password that confirms a change
// (settings' email and security), read as `current_password`.
import { useTranslation } from 'react-i18next';
import { TextField } from '../components/text-field';

export function NewPasswordFields({ errors }: { errors: Partial<Record<string, string>> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField label={t('accounts.newPassword')} name="password" type="password" autoComplete="new-password" required error={errors.password} />
      <TextField
        label={t('accounts.confirmPassword')}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
      />
    </>
  );
}

/** `required` marks it so (the security form, where it always is); the email form leaves it unmarked. */
export function CurrentPasswordField({ error, required }: { error: string | undefined; required?: boolean }) {
  const { t } = useTranslation();
  return <TextField label={t('accounts.currentPassword')} name="current_password" type="password" autoComplete="current-password" required={required} error={error} />;
}
