// Issue #12: what waits to be sent, opened from the sync indicator's "Offline · N waiting" pill
// (like the red pill opens the refused list): each change saved on this device and not yet
// acknowledged, with when it was made and the words the user wrote. Sent in this order
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol'). Issue #13: when the browser may
// clear this site's storage (persistence not granted) and something waits, a short warning says so
// and offers what helps: install the app (when the browser offers it), stay online until sent, or
// connect to send. Issue #23 point 4: in Safari's engine family (or with no persistence API at all)
// the warning names the 7-day rule and how to install there; without Background Sync the list says
// its changes go out while the app is open.
import { useTranslation } from 'react-i18next';
import type { EvictionWarning } from './eviction-warning';
import { AppDialog } from './app-dialog';
import { WrittenWords } from './failed-changes-dialog';
import { RelativeTime } from './relative-time';

export type WaitingItem = { key: string; what: string; createdAt: string; words: string | null; isSending: boolean };

type WaitingChangesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  changes: WaitingItem[];
  warning?: EvictionWarning | null;
  /** False without Background Sync: the changes go out only while the app is open. */
  sendsInBackground?: boolean;
};

/** The module's default export, for deferredDialog (src/routes/-waiting-changes.tsx): this dialog is not in the first load. */
export default WaitingChangesDialog;

export function WaitingChangesDialog({ open, onOpenChange, changes, warning = null, sendsInBackground = true }: WaitingChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('syncFeedback.waiting.title')} description={t('syncFeedback.waiting.description')}>
      {!sendsInBackground && <WhenOpenNote />}
      {warning !== null && <EvictionNotice warning={warning} />}
      <WaitingList changes={changes} />
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={() => onOpenChange(false)}>
          {t('syncFeedback.waiting.close')}
        </button>
      </div>
    </AppDialog>
  );
}

/** Without Background Sync (Firefox, Safari): the changes go out while the app is open. */
export function WhenOpenNote() {
  const { t } = useTranslation();
  return (
    <p className="feed__note" data-testid="waiting-when-open">
      {t('syncFeedback.waiting.whenOpen')}
    </p>
  );
}

/** The short warning above the list (outside the portal, so a test can render it). */
export function EvictionNotice({ warning }: { warning: EvictionWarning }) {
  const { t } = useTranslation();
  return (
    <div className="eviction-notice" data-testid="eviction-notice" data-engine={warning.isWebKit ? 'webkit' : undefined}>
      <p className="eviction-notice__text">{warning.isWebKit ? t('syncFeedback.eviction.webkit') : t('syncFeedback.eviction.warning')}</p>
      <p className="eviction-notice__text">{warning.isOnline ? t('syncFeedback.eviction.stayOnline') : t('syncFeedback.eviction.connect')}</p>
      {warning.onInstall !== null ? (
        <p className="eviction-notice__text">
          {t('syncFeedback.eviction.installHelp')}{' '}
          <button type="button" className="button button--secondary eviction-notice__install" onClick={warning.onInstall}>
            {t('syncFeedback.eviction.install')}
          </button>
        </p>
      ) : (
        // No install event in Safari's family: say where its own install is.
        warning.isWebKit && (
          <p className="eviction-notice__text" data-testid="eviction-install-how">
            {warning.isAppleMobile ? t('syncFeedback.eviction.installIos') : t('syncFeedback.eviction.installMenu')}
          </p>
        )
      )}
    </div>
  );
}

/** The waiting changes themselves, oldest first (outside the portal, so a test can render it). */
function WaitingList({ changes }: { changes: WaitingItem[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <p className="feed__note">{t('syncFeedback.waiting.empty')}</p>;
  return (
    <ol className="failed-list waiting-list">
      {changes.map((change) => (
        <li key={change.key} className="failed-list__item waiting-list__item">
          <p className="failed-list__what">
            {change.what} · <RelativeTime iso={change.createdAt} />
            {change.isSending && <span className="waiting-list__sending"> · {t('syncFeedback.waiting.sendingNow')}</span>}
          </p>
          {change.words !== null && <WrittenWords words={change.words} />}
        </li>
      ))}
    </ol>
  );
}
