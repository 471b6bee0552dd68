// The busy flag and error message of a form whose submit awaits a command or a call: one place for
// "disable while saving, show what went wrong, never lose the user's text" (the form keeps its
// values when the work throws).
import { useCallback, useState } from 'react';

/** How a failure reads: the thrown error's own message when it has one, else `fallback`. */
export function messageOf(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

export type Submit = {
  error: string | null;
  setError: (error: string | null) => void;
  isBusy: boolean;
  /** Runs `work` with the busy flag on; a throw becomes the form's error through `describe`. */
  run: (work: () => Promise<void>) => Promise<void>;
};

export function useSubmit(describe: (err: unknown) => string): Submit {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const run = useCallback(
    async (work: () => Promise<void>) => {
      setBusy(true);
      try {
        await work();
      } catch (err) {
        setError(describe(err));
      } finally {
        setBusy(false);
      }
    },
    [describe],
  );
  return { error, setError, isBusy, run };
}
