// The radix side of AppDialog (app-dialog.tsx), loaded when it first opens (deferred-dialog.tsx,
// issue #14 point 2).
// docs/product.md §2 generic dialog (radix Dialog): closed by Escape, a click on the backdrop, or its close
// button, which `hasCloseButton={false}` hides. The rules are in ./dialog-rules.ts. Focus moves
// into the dialog and returns to what had it before, trigger or not.
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { shouldClose, type DialogCloseOptions } from './dialog-rules';
import { useCloseGuard } from './draft-guard';
import { CloseIcon } from './icons';
import { useReturnFocus } from './use-return-focus';

export type AppDialogProps = DialogCloseOptions & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
};

export default function AppDialogContent({ open, onOpenChange, title, description, children, hasCloseButton = true, isDismissable = true }: AppDialogProps) {
  const { t } = useTranslation();
  const options = { hasCloseButton, isDismissable };
  // Radix returns focus only to a Dialog.Trigger; this dialog is often opened by other means (a
  // form's submit, a menu item), so it remembers what had focus and gives it back.
  const returnFocus = useReturnFocus();
  // A form with unsent words asks before any way of closing throws them away (./draft-guard.tsx).
  const guard = useCloseGuard(() => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : guard.requestClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" data-testid="dialog-backdrop" />
        <Dialog.Content
          className="dialog"
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => {
            if (!shouldClose('escape', options)) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            if (!shouldClose('backdrop', options)) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (!shouldClose('backdrop', options)) event.preventDefault();
          }}
        >
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            {hasCloseButton && (
              <Dialog.Close className="icon-button" aria-label={t('dialog.close')}>
                <CloseIcon />
              </Dialog.Close>
            )}
          </div>
          {/* Issue #26 point 5: without a description the dialog is named once, by its title (no hidden copy of it). */}
          {description && <Dialog.Description className="dialog__description">{description}</Dialog.Description>}
          {guard.provide(children)}
          {guard.question}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
