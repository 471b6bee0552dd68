// Shared submit logic of the login and register forms: busy state, the server's message for the
// form, and the field messages of a 422.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, formMessage } from './api-error';

type AuthFormState = {
  isBusy: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

export function useAuthForm(action: (form: FormData) => Promise<void>): AuthFormState {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function run(form: FormData) {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await action(form);
    } catch (err) {
      setError(formMessage(err, t, t('auth.failed')));
      setFieldErrors(describeError(err).fields);
      setBusy(false);
    }
  }

  return {
    isBusy,
    error,
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
