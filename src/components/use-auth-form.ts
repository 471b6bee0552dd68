// Submit logic shared by every account form (login, register, welcome back, recovery, settings):
// busy state, the form's message, the field messages of a 422 (translated from their codes, issue
// #12), and an optional success message. The action throws to fail; what it returns (a string) is
// shown as success. A 422 whose every field is an input of the form shows its messages under those
// inputs only, never again in the form's box (REVIEW: register errors showed twice).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessages, formMessage } from './api-error';

type AuthFormState = {
  isBusy: boolean;
  error: string | null;
  success: string | null;
  fieldErrors: Record<string, string>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/** `validate` returns translated field messages found before any call (empty: go ahead). */
type AuthFormOptions = { validate?: (form: FormData) => Record<string, string>; fallback?: string };

/** The form has a visible input of this name, under which its message is shown. */
function showsField(form: HTMLFormElement, name: string): boolean {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement && input.type !== 'hidden';
}

export function useAuthForm(action: (form: FormData) => Promise<string | void>, options: AuthFormOptions = {}): AuthFormState {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function run(form: FormData, element: HTMLFormElement) {
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
      const fields = fieldMessages(err, t);
      const shown = Object.keys(fields).filter((field) => showsField(element, field));
      const allShown = shown.length > 0 && shown.length === Object.keys(fields).length;
      setError(allShown ? null : formMessage(err, t, options.fallback ?? t('auth.failed')));
      setFieldErrors(fields);
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
      void run(new FormData(event.currentTarget), event.currentTarget);
    },
  };
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
