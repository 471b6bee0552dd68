// The light half of "Discard this draft?" (issue #26 point 1): the context through which a form
// tells its dialog whether it holds unsent words. It is in the first load (forms on cards import
// it); the question itself, with radix's AlertDialog, is in ./draft-guard.tsx, loaded only with
// the dialogs (issue #14 point 2's budget).
import { createContext, useContext, useEffect } from 'react';

export type Guarded = { isDirty: boolean; discard: () => void };
export type CloseGuard = { register: (form: Guarded | null) => void; requestClose: () => void };

export const CloseGuardContext = createContext<CloseGuard | null>(null);

/** For a form: tells the enclosing dialog's guard (if any) what it holds; returns how to ask to close. */
export function useCloseGuardRegistration(isDirty: boolean, discard: () => void): (() => void) | null {
  const guard = useContext(CloseGuardContext);
  useEffect(() => {
    guard?.register({ isDirty, discard });
  }, [guard, isDirty, discard]);
  useEffect(() => () => guard?.register(null), [guard]);
  return guard?.requestClose ?? null;
}
