// docs/product.md §2 app-wide overlay 'Turn on Notifications', on the generic dialog. Presentational: when it
// shows is docs/product.md §4's rule (src/platform/notification-prompt.ts). Closing it any other way
// (Escape, the backdrop, the close button) counts as "Not now".
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';

type NotificationPromptDialogProps = {
  open: boolean;
  /** The browser's permission question is open: the buttons wait for its answer. */
  isBusy: boolean;
  onTurnOn: () => void;
  /** Hidden for 7 days. */
  onNotNow: () => void;
};

export function NotificationPromptDialog({ open, isBusy, onTurnOn, onNotNow }: NotificationPromptDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && !isBusy && onNotNow()}
      title={t('platform.notifications.title')}
      description={t('platform.notifications.body')}
    >
      <div className="form__actions dialog__actions platform-prompt__actions">
        <button type="button" className="button button--secondary" onClick={onNotNow} disabled={isBusy}>
          {t('platform.notifications.notNow')}
        </button>
        <button type="button" className="button button--primary" onClick={onTurnOn} disabled={isBusy} aria-busy={isBusy}>
          {t('platform.notifications.turnOn')}
        </button>
      </div>
    </AppDialog>
  );
}
