// The list of changes the server refused (DESIGN.md §4: a refused entry is rolled back and kept
// in a list the user can see), opened from the sync indicator's "N refused" button.
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import { RelativeTime } from './relative-time';
import { useReturnFocus } from './use-return-focus';

export type FailedChange = { id: number; what: string; message: string; failedAt: string };

type FailedChangesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  changes: FailedChange[];
  onDismissAll: () => void;
};

export function FailedChangesDialog({ open, onOpenChange, changes, onDismissAll }: FailedChangesDialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" {...returnFocus}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{t('failed.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('failed.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog__description">{t('failed.description')}</Dialog.Description>
          {changes.length === 0 ? (
            <p className="feed__note">{t('failed.empty')}</p>
          ) : (
            <ul className="failed-list">
              {changes.map((change) => (
                <li key={change.id} className="failed-list__item">
                  <p className="failed-list__what">
                    {change.what} · <RelativeTime iso={change.failedAt} />
                  </p>
                  <p className="failed-list__message">{change.message}</p>
                </li>
              ))}
            </ul>
          )}
          <div className="form__actions">
            <button type="button" className="button button--secondary" onClick={onDismissAll} disabled={changes.length === 0}>
              {t('failed.dismissAll')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
