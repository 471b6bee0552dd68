// Issue #12: what waits to be sent, opened from the sync indicator's "Offline · N waiting" pill
// (like the red pill opens the refused list): each change saved on this device and not yet
// acknowledged, with when it was made and the words the user wrote. Sent in this order (DESIGN §4).
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog';
import { WrittenWords } from './failed-changes-dialog';
import { RelativeTime } from './relative-time';

export type WaitingItem = { key: string; what: string; createdAt: string; words: string | null; isSending: boolean };

type WaitingChangesDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; changes: WaitingItem[] };

export function WaitingChangesDialog({ open, onOpenChange, changes }: WaitingChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={t('syncFeedback.waiting.title')} description={t('syncFeedback.waiting.description')}>
      <WaitingList changes={changes} />
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={() => onOpenChange(false)}>
          {t('syncFeedback.waiting.close')}
        </button>
      </div>
    </AppDialog>
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
