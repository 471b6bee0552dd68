// The radix side of GuestLogoutDialog (guest-logout-dialog.tsx), loaded when it first opens (deferred-dialog.tsx,
// issue #14 point 2).
// Issue #12 point 7: before a guest logs out, what would be lost (counted on this device) and the
// offer to create an account instead, which keeps all of it
// (docs/decisions/0066-guests-keep-their-prayers-logging-out-warns-first.md). radix AlertDialog, as
// ConfirmDialog: focus starts on the safe choice; Escape stays.
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { isNothingLost, NO_LOSS, type GuestLoss } from '../db/guest-loss';
import { guestLossLines } from './guest-loss-text';
import { useReturnFocus } from './use-return-focus';

export type GuestLogoutDialogProps = {
  /** Null = closed. */
  loss: GuestLoss | null;
  onCreateAccount: () => void;
  onLogout: () => void;
  onCancel: () => void;
};

export default function GuestLogoutDialogContent({ loss, onCreateAccount, onLogout, onCancel }: GuestLogoutDialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  const shown = loss ?? NO_LOSS;
  const lines = guestLossLines(shown, t);
  const nothing = isNothingLost(shown);
  return (
    <AlertDialog.Root open={loss !== null} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" {...returnFocus}>
          <AlertDialog.Title className="dialog__title">{t('guest.logoutTitle')}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            {nothing ? t('guest.lossNothing') : t('guest.logoutLead')}
          </AlertDialog.Description>
          {!nothing && (
            <ul className="guest-loss" data-testid="guest-loss">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <p className="dialog__description">{t('guest.keepLead')}</p>
          <div className="form__actions dialog__actions">
            <AlertDialog.Cancel className="button button--secondary">{t('guest.stay')}</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onLogout}>
              {t('guest.logoutAnyway')}
            </AlertDialog.Action>
            <AlertDialog.Action className="button button--primary" onClick={onCreateAccount}>
              {t('guest.createAccount')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
