// Submit logic shared by every account form (login, register, welcome back, recovery, settings):
// busy state, the server's message for the form, the field messages of a 422, and an optional
// success message. The action throws to fail; what it returns (a string) is shown as success.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, formMessage } from './api-error';

export type AuthFormState = {
  isBusy: boolean;
  error: string | null;
  success: string | null;
  fieldErrors: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/** `validate` returns translated field messages found before any call (empty: go ahead). */
export type AuthFormOptions = { validate?: (form: FormData) => Record<string, string>; fallback?: string };

export function useAuthForm(action: (form: FormData) => Promise<string | void>, options: AuthFormOptions = {}): AuthFormState {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function run(form: FormData) {
    setError(null);
    setSuccess(null);
    const invalid = options.validate?.(form) ?? {};
    setFieldErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setBusy(true);
    try {
      const message = await action(form);
      setSuccess(message ?? null);
    } catch (err) {
      setError(formMessage(err, t, options.fallback ?? t('auth.failed')));
      setFieldErrors(describeError(err).fields);
    }
    setBusy(false);
  }

  return {
    isBusy,
    error,
    success,
    fieldErrors,
    onSubmit: (event) => {
      event.preventDefault();
      void run(new FormData(event.currentTarget));
    },
  };
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
