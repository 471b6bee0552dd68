// The busy flag and the message of a form, or of a button such as an upload's, whose submit awaits
// a command or a call: one place for "disable while saving, show what went wrong, never lose the
// user's text" (the form keeps its values when the work throws), and, for work that says so, what
// went well (a picture saved).
import { useCallback, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isQuotaExceeded } from '../platform/storage-persistence';

/** How a failure reads: the thrown error's own message when it has one, else `fallback`. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * What the form shows for a failed submit: a device out of storage space
 * (docs/architecture/local-store.md 'Local database') says so in the user's language whatever the
 * form's own wording, since the text was not saved anywhere and is only still in the form.
 */
function submitFailureMessage(err: unknown, describe: (err: unknown) => string, t: TFunction): string {
  return isQuotaExceeded(err) ? t('syncFeedback.storage.full') : describe(err);
}

/** What `work` may end with: the text that says it went well (an upload's "Picture saved"), or nothing. */
type Work = () => Promise<string | void>;

type Handlers = {
  setBusy: (busy: boolean) => void;
  setError: (error: string | null) => void;
  setSuccess?: (success: string | null) => void;
  describe: (err: unknown) => string;
  t: TFunction;
};

/**
 * The submit itself, outside React: `work` ends by clearing or closing the form, so a throw
 * skips that and the form keeps its text; the failure becomes the form's error. Each run starts
 * with no message: the last one's error or success is cleared.
 */
export async function runSubmit(work: Work, handlers: Handlers): Promise<void> {
  handlers.setBusy(true);
  handlers.setError(null);
  handlers.setSuccess?.(null);
  try {
    const done = await work();
    if (typeof done === 'string') handlers.setSuccess?.(done);
  } catch (err) {
    handlers.setError(submitFailureMessage(err, handlers.describe, handlers.t));
  } finally {
    handlers.setBusy(false);
  }
}

type Submit = {
  error: string | null;
  /** Shows a message found before any work (a field left empty, a file too large); it replaces a success. */
  setError: (error: string | null) => void;
  /** What the last run's work said went well (FormStatus shows it), until the next message. */
  success: string | null;
  isBusy: boolean;
  /** Runs `work` with the busy flag on; a throw becomes the form's error through `describe`, a returned text its success. */
  run: (work: Work) => Promise<void>;
};

export function useSubmit(describe: (err: unknown) => string): Submit {
  const { t } = useTranslation();
  const [error, setShownError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  // One message at a time: an error replaces a success.
  const setError = useCallback((next: string | null) => {
    setShownError(next);
    if (next !== null) setSuccess(null);
  }, []);
  const run = useCallback((work: Work) => runSubmit(work, { setBusy, setError, setSuccess, describe, t }), [setError, describe, t]);
  return { error, setError, success, isBusy, run };
}
