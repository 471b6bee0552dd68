// Field checks the account forms make before a call, with translated messages. They mirror the
// server's rules (docs/api.md: password 8..200 characters; docs/product.md §5 shows no other field rules),
// so the member hears about a mistake at once and offline; the server still decides.
import { useTranslation } from 'react-i18next';
import { formText } from '../components/use-auth-form';

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;
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

/**
 * Register and login checks before any call (issue #12: these showed in English, from the server):
 * the same rules and the same words as the server's field codes (areas/api-errors-*.ts).
 */
export function useCredentialChecks() {
  const { t } = useTranslation();
  const required = (data: FormData, field: 'name' | 'email' | 'password', message: string): Problems =>
    formText(data, field).trim() === '' ? { [field]: message } : {};
  return {
    register(data: FormData): Problems {
      const email = formText(data, 'email').trim();
      const password = formText(data, 'password');
      return {
        ...required(data, 'name', t('apiErrors.fields.name.required')),
        ...(email === '' ? { email: t('apiErrors.fields.email.required') } : EMAIL_SHAPE.test(email) ? {} : { email: t('apiErrors.fields.email.email') }),
        ...(password.length < PASSWORD_MIN ? { password: password === '' ? t('apiErrors.fields.password.required') : t('apiErrors.fields.password.too_short', { min: PASSWORD_MIN }) } : {}),
        ...(password.length > PASSWORD_MAX ? { password: t('apiErrors.fields.password.too_long', { max: PASSWORD_MAX }) } : {}),
      };
    },
    login(data: FormData, emailRemembered: boolean): Problems {
      return {
        ...(emailRemembered ? {} : required(data, 'email', t('apiErrors.fields.email.required'))),
        ...required(data, 'password', t('apiErrors.fields.password.required')),
      };
    },
  };
}
