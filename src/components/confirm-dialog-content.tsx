// The radix side of ConfirmDialog (confirm-dialog.tsx), loaded when it first opens (deferred-dialog.tsx,
// issue #14 point 2).
// A question that needs an answer before going on (radix AlertDialog: focus starts on the safe
// choice; Escape cancels).
import { AlertDialog } from 'radix-ui';
import { useReturnFocus } from './use-return-focus';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the question closes, instead of what had it as it opened. */
  focusAfter?: () => HTMLElement | null;
};

export default function ConfirmDialogContent({ open, title, description, confirmLabel, cancelLabel, onConfirm, onCancel, focusAfter }: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(focusAfter);
  return (
    <AlertDialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" {...returnFocus}>
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
          <div className="form__actions dialog__actions">
            <AlertDialog.Cancel className="button button--secondary">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
