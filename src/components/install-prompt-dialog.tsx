// docs/product.md §2 app-wide overlay 'Improve your prayers at the app', on the generic dialog. Presentational:
// the rules of when it shows (docs/product.md §4, src/platform/install-prompt.ts) are the caller's. Closing it
// any other way (Escape, the backdrop, the close button) counts as "Not now".
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';

type InstallPromptDialogProps = {
  open: boolean;
  /** Opens the browser's install dialog. */
  onInstall: () => void;
  /** Hidden for 7 days. */
  onNotNow: () => void;
  /** Hidden for good (vite-pwa:hide-install). */
  onNever: () => void;
};

export function InstallPromptDialog({ open, onInstall, onNotNow, onNever }: InstallPromptDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={(isOpen) => !isOpen && onNotNow()} title={t('platform.install.title')} description={t('platform.install.body')}>
      <div className="form__actions dialog__actions platform-prompt__actions">
        <button type="button" className="button button--quiet" onClick={onNever}>
          {t('platform.install.never')}
        </button>
        <button type="button" className="button button--secondary" onClick={onNotNow}>
          {t('platform.install.notNow')}
        </button>
        <button type="button" className="button button--primary" onClick={onInstall}>
          {t('platform.install.install')}
        </button>
      </div>
    </AppDialog>
  );
}
