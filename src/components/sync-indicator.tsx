// The always-visible sync state (DESIGN.md §4 Observability): offline, N pending, syncing,
// stalled, and the count of refused changes, which stays until the user has seen the failed list.
import { useTranslation } from 'react-i18next';

export type SyncIndicatorStatus = {
  online: boolean;
  pending: number;
  syncing: boolean;
  failed: number;
  stalled: boolean;
};

type Tone = 'ok' | 'busy' | 'offline' | 'warn';

function useMainState(status: SyncIndicatorStatus): { tone: Tone; text: string } {
  const { t } = useTranslation();
  if (!status.online) {
    return {
      tone: 'offline',
      text: status.pending > 0 ? t('sync.offlinePending', { count: status.pending }) : t('sync.offline'),
    };
  }
  if (status.stalled) return { tone: 'warn', text: t('sync.stalled') };
  if (status.syncing) return { tone: 'busy', text: t('sync.syncing') };
  if (status.pending > 0) return { tone: 'busy', text: t('sync.pending', { count: status.pending }) };
  return { tone: 'ok', text: t('sync.synced') };
}

type SyncIndicatorProps = { status: SyncIndicatorStatus; onShowFailed: () => void };

export function SyncIndicator({ status, onShowFailed }: SyncIndicatorProps) {
  const { t } = useTranslation();
  const main = useMainState(status);
  return (
    <div className="sync-indicator">
      <span className={`sync-pill sync-pill--${main.tone}`} role="status" aria-label={t('sync.label')} data-state={main.tone}>
        <span className="sync-pill__dot" aria-hidden="true" />
        {main.text}
      </span>
      {status.failed > 0 && (
        <button type="button" className="sync-pill sync-pill--error" aria-haspopup="dialog" onClick={onShowFailed}>
          <span className="sync-pill__dot" aria-hidden="true" />
          {t('sync.failed', { count: status.failed })}
        </button>
      )}
    </div>
  );
}
