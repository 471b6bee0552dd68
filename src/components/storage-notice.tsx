// Issue #23 item 6: a live read of the local store failed. The screen keeps what it showed (or its
// loading state), and this one notice, above every screen, says so with a Retry that runs every
// failed read again (src/db/live-read.ts); it goes away by itself once they have read again.
import { useTranslation } from 'react-i18next';
import { retryFailedReads, useReadFailure } from '../db/live-read';

function StorageNoticeView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="storage-notice" role="status" data-testid="storage-notice">
      <p className="storage-notice__text">{t('syncFeedback.storage.readFailed')}</p>
      <button type="button" className="button button--secondary storage-notice__retry" onClick={onRetry}>
        {t('syncFeedback.storage.retry')}
      </button>
    </div>
  );
}

export function StorageNotice() {
  return useReadFailure() ? <StorageNoticeView onRetry={retryFailedReads} /> : null;
}
