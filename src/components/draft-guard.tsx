// "Discard this draft?" (issue #26 point 1, docs/product.md §2 'Drafts'): a dialog holding a form
// with unsent words does not close on a stray tap outside, Escape, its × or Cancel; it asks, with
// "Keep writing" as the safe choice. The dialog owns the guard (useCloseGuard); the form inside
// tells it whether it is dirty and how to discard (useDraft registers through ./close-guard.ts).
// Only the dialogs' own modules, loaded when a dialog first opens, import this one.
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseGuardContext, type CloseGuard, type Guarded } from './close-guard';
import ConfirmDialogContent from './confirm-dialog-content';

/**
 * For a dialog: `requestClose` closes at once when its form has nothing unsent, and asks first
 * otherwise; `provide` wraps the dialog's children; `question` is rendered beside them.
 */
export function useCloseGuard(close: () => void): { requestClose: () => void; provide: (children: ReactNode) => ReactNode; question: ReactNode } {
  const { t } = useTranslation();
  const form = useRef<Guarded | null>(null);
  const [isAsking, setAsking] = useState(false);
  const requestClose = useCallback(() => {
    if (form.current?.isDirty) return setAsking(true);
    // Nothing worth asking about (blank, or back to where it started): nothing is kept either.
    form.current?.discard();
    close();
  }, [close]);
  const guard = useMemo<CloseGuard>(() => ({ register: (next) => void (form.current = next), requestClose }), [requestClose]);
  const provide = (children: ReactNode) => <CloseGuardContext.Provider value={guard}>{children}</CloseGuardContext.Provider>;
  const question = (
    <ConfirmDialogContent
      open={isAsking}
      title={t('drafts.discardTitle')}
      description={t('drafts.discardDescription')}
      confirmLabel={t('drafts.discard')}
      cancelLabel={t('drafts.keepWriting')}
      onCancel={() => setAsking(false)}
      focusAfter={writingField}
      onConfirm={() => {
        setAsking(false);
        form.current?.discard();
        close();
      }}
    />
  );
  return { requestClose, provide, question };
}

/** "Keep writing" goes back to the words: the field being written in, else the open dialog's first text box. */
function writingField(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLTextAreaElement || (active instanceof HTMLInputElement && active.type === 'text')) return active;
  const dialog = active?.closest('[role="dialog"]') ?? document.querySelector('[role="dialog"]');
  return dialog?.querySelector<HTMLElement>('textarea, input[type="text"]') ?? null;
}
