// Field checks the account forms make before a call, with translated messages. They mirror the
// server's rules (docs/api.md: password 8..200 characters; SPEC §5 shows no other field rules),
// so the member hears about a mistake at once and offline; the server still decides.
import { useTranslation } from 'react-i18next';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Problems = Record<string, string>;

export function usePasswordRules() {
  const { t } = useTranslation();
  return {
    email(value: string): Problems {
      return EMAIL_SHAPE.test(value.trim()) ? {} : { email: t('accounts.rules.email') };
    },
    /** A new password typed twice: long enough, not too long, and the same both times. */
    newPassword(password: string, confirmation: string, field = 'password'): Problems {
      if (password.length < PASSWORD_MIN) return { [field]: t('accounts.rules.passwordShort', { min: PASSWORD_MIN }) };
      if (password.length > PASSWORD_MAX) return { [field]: t('accounts.rules.passwordLong', { max: PASSWORD_MAX }) };
      if (password !== confirmation) return { password_confirmation: t('accounts.rules.passwordMismatch') };
      return {};
    },
  };
}
