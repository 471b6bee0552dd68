// Issue #12: what waits to be sent, opened from the sync indicator's "Offline · N waiting" pill
// (like the red pill opens the refused list): each change saved on this device and not yet
// acknowledged, with when it was made and the words the user wrote. Sent in this order (DESIGN §4).
// Issue #13: when the browser may clear this site's storage (persistence not granted) and
// something waits, a short warning says so and offers what helps: install the app (when the
// browser offers it), stay online until sent, or connect to send.
import { useTranslation } from 'react-i18next';
import { isEvictionRisk, type Persistence } from '../platform/storage-persistence';
import { AppDialog } from './app-dialog';
import { WrittenWords } from './failed-changes-dialog';
import { RelativeTime } from './relative-time';

export type WaitingItem = { key: string; what: string; createdAt: string; words: string | null; isSending: boolean };

/** The eviction warning's facts; null when there is nothing to warn about. */
export type EvictionWarning = { isOnline: boolean; onInstall: (() => void) | null };

type WarningFacts = { persistence: Persistence; pending: number; isOnline: boolean; onInstall: (() => void) | null };

/** The warning, exactly when persistence is not granted and something waits (isEvictionRisk). */
export function evictionWarningOf({ persistence, pending, isOnline, onInstall }: WarningFacts): EvictionWarning | null {
  return isEvictionRisk(persistence, pending) ? { isOnline, onInstall } : null;
}

type WaitingChangesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  changes: WaitingItem[];
  warning?: EvictionWarning | null;
};

export function WaitingChangesDialog({ open, onOpenChange, changes, warning = null }: WaitingChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('syncFeedback.waiting.title')} description={t('syncFeedback.waiting.description')}>
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

/** The short warning above the list (outside the portal, so a test can render it). */
export function EvictionNotice({ warning }: { warning: EvictionWarning }) {
  const { t } = useTranslation();
  return (
    <div className="eviction-notice" data-testid="eviction-notice">
      <p className="eviction-notice__text">{t('syncFeedback.eviction.warning')}</p>
      <p className="eviction-notice__text">{warning.isOnline ? t('syncFeedback.eviction.stayOnline') : t('syncFeedback.eviction.connect')}</p>
      {warning.onInstall !== null && (
        <p className="eviction-notice__text">
          {t('syncFeedback.eviction.installHelp')}{' '}
          <button type="button" className="button button--secondary eviction-notice__install" onClick={warning.onInstall}>
            {t('syncFeedback.eviction.install')}
          </button>
        </p>
      )}
    </div>
  );
}

/** The waiting changes themselves, oldest first (outside the portal, so a test can render it). */
export function WaitingList({ changes }: { changes: WaitingItem[] }) {
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
