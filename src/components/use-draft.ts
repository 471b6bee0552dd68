// A form's values kept as a draft (issue #26 point 1, docs/product.md §2 'Drafts'): the form starts
// from `initial` at once and takes the saved draft when it arrives (unless the person has already
// typed); every change is saved by a DraftKeeper (src/state/drafts.ts), spilled and flushed when
// the page is hidden, flushed when the form unmounts. Inside a dialog, the draft also registers
// with the dialog's close guard (./close-guard.ts), which asks before words are thrown away.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftFields } from '../model/draft-types';
import { useSession } from '../db/queries';
import { DraftKeeper, restoredFields } from '../state/drafts';
import { useCloseGuardRegistration } from './close-guard';

export type Draft<T extends DraftFields> = {
  values: T;
  setValues: (next: T) => void;
  /** A field of words differs from the form's start and is not blank: there are words to lose. */
  isDirty: boolean;
  /** The words were sent: the draft is forgotten and the form may start again from `initial`. */
  sent: () => Promise<void>;
  /** Asks the enclosing dialog to close, through its "Discard this draft?" question when dirty. */
  requestClose: (() => void) | null;
};

/**
 * `target` null: the form keeps no draft (nothing to key it by yet). `wordFields`: the fields that
 * hold words (default all); a choice alone (a reason, a kind) is kept but asks nothing on close.
 */
export function useDraft<T extends DraftFields>(target: string | null, initial: T, wordFields?: (keyof T & string)[]): Draft<T> {
  const accountId = useSession().user?.id ?? null;
  // The form's start, as it was when the form opened (a later render's `initial` may be a new object).
  const [start] = useState(initial);
  const [values, setState] = useState<T>(initial);
  /** What the person last typed (null: untouched); handed to a keeper that comes after the typing. */
  const typed = useRef<T | null>(null);
  const keeper = useMemo(
    () => (target !== null && accountId !== null ? new DraftKeeper(accountId, target, start) : null),
    [accountId, target, start],
  );

  useEffect(() => {
    if (!keeper) return;
    // Words typed before the keeper existed (the account not yet read: a first start, the profile
    // still on its way) are saved as if typed now; else a reload the moment after lost them.
    if (typed.current !== null) keeper.change(typed.current);
    let isCurrent = true;
    keeper.load().then(
      (saved) => {
        if (isCurrent && saved && typed.current === null) setState(restoredFields(start, saved));
      },
      (error: unknown) => console.warn('draft not read', error),
    );
    // The page going (a reload, a closed app, another app in front) spills what is unsaved at once.
    const spill = () => void keeper.spillAndFlush();
    const spillWhenHidden = () => document.visibilityState === 'hidden' && spill();
    window.addEventListener('pagehide', spill);
    document.addEventListener('visibilitychange', spillWhenHidden);
    return () => {
      isCurrent = false;
      window.removeEventListener('pagehide', spill);
      document.removeEventListener('visibilitychange', spillWhenHidden);
      // Spilled too: leaving the form and then the page at once (a link, then a reload) could end
      // the page before this write commits
      // (docs/decisions/0202-a-draft-typed-a-moment-before-a-reload.md).
      spill();
    };
  }, [keeper, start]);

  const setValues = useCallback(
    (next: T) => {
      typed.current = next;
      setState(next);
      keeper?.change(next);
    },
    [keeper],
  );

  const sent = useCallback(async () => {
    typed.current = null;
    setState(start);
    await keeper?.clear();
  }, [keeper, start]);

  const isDirty = hasNewWords(values, start, wordFields ?? Object.keys(values));
  const discard = useCallback(() => void keeper?.clear(), [keeper]);
  const requestClose = useCloseGuardRegistration(isDirty, discard);
  return { values, setValues, isDirty, sent, requestClose };
}

/** Some field of words holds something other than where the form started, and not only spaces. */
export function hasNewWords(values: DraftFields, initial: DraftFields, wordFields: string[]): boolean {
  return wordFields.some((field) => {
    const value = values[field];
    return value !== initial[field] && typeof value === 'string' && value.trim() !== '';
  });
}
