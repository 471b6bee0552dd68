// A new password typed twice (password reset, settings' security): the pair the server reads as
// `password` and `password_confirmation`, checked before a call by usePasswordRules().newPassword.
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
