// The busy flag and error message of a form whose submit awaits a command or a call: one place for
// "disable while saving, show what went wrong, never lose the user's text" (the form keeps its
// values when the work throws).
import { useCallback, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isQuotaExceeded } from '../platform/storage-persistence';

/** How a failure reads: the thrown error's own message when it has one, else `fallback`. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * What the form shows for a failed submit: a device out of storage space (docs/architecture.md 'Local database') says so in
 * the user's language whatever the form's own wording, since the text was not saved anywhere
 * and is only still in the form.
 */
function submitFailureMessage(err: unknown, describe: (err: unknown) => string, t: TFunction): string {
  return isQuotaExceeded(err) ? t('syncFeedback.storage.full') : describe(err);
}

/**
 * The submit itself, outside React: `work` ends by clearing or closing the form, so a throw
 * skips that and the form keeps its text; the failure becomes the form's error.
 */
export async function runSubmit(
  work: () => Promise<void>, handlers: { setBusy: (busy: boolean) => void; setError: (error: string) => void; describe: (err: unknown) => string; t: TFunction },
): Promise<void> {
  handlers.setBusy(true);
  try {
    await work();
  } catch (err) {
    handlers.setError(submitFailureMessage(err, handlers.describe, handlers.t));
  } finally {
    handlers.setBusy(false);
  }
}

type Submit = {
  error: string | null;
  setError: (error: string | null) => void;
  isBusy: boolean;
  /** Runs `work` with the busy flag on; a throw becomes the form's error through `describe`. */
  run: (work: () => Promise<void>) => Promise<void>;
};

export function useSubmit(describe: (err: unknown) => string): Submit {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const run = useCallback((work: () => Promise<void>) => runSubmit(work, { setBusy, setError, describe, t }), [describe, t]);
  return { error, setError, isBusy, run };
}
