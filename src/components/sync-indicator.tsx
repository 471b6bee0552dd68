// The always-visible sync state (docs/architecture/sync-protocol.md 'Outbox and sync protocol'
// Observability): offline, N waiting, syncing, stalled, and the count of refused changes, which
// stays until the user has seen the refused list. Issue #12: it never says "All saved" while
// anything waits or was refused, and whatever waits opens the list of what waits (like the red pill
// opens the refused list). Issue #13: while the browser has not granted persistent storage and
// something waits, a small mark on that pill says it is only on this device (its list says why and
// what helps); no banner, nothing that nags.
import { useTranslation } from 'react-i18next';
import { isEvictionRisk, usePersistence, type Persistence } from '../platform/storage-persistence';

export type SyncIndicatorStatus = {
  online: boolean;
  pending: number;
  syncing: boolean;
  failed: number;
  stalled: boolean;
  /** The counts are not known yet (the store has not answered): claim nothing. */
  unanswered?: boolean;
};

type Tone = 'ok' | 'busy' | 'offline' | 'warn';

/** What the main pill shows: null when only the refused pill has something true to say. */
type MainState = { tone: Tone; text: 'offline' | 'offlinePending' | 'stalled' | 'syncing' | 'pending' | 'synced'; opensWaiting: boolean } | null;

/** The main pill's state, a pure function of the status (tests/ui/sync-feedback.test.ts). */
export function mainStateOf(status: SyncIndicatorStatus): MainState {
  const opensWaiting = status.pending > 0;
  if (!status.online) return { tone: 'offline', text: opensWaiting ? 'offlinePending' : 'offline', opensWaiting };
  if (status.stalled) return { tone: 'warn', text: 'stalled', opensWaiting };
  if (status.unanswered === true) return null;
  if (status.pending > 0) return { tone: 'busy', text: status.syncing ? 'syncing' : 'pending', opensWaiting };
  if (status.syncing) return { tone: 'busy', text: 'syncing', opensWaiting };
  // "All saved" only when it is true: nothing waits and nothing was refused.
  return status.failed > 0 ? null : { tone: 'ok', text: 'synced', opensWaiting };
}

type SyncIndicatorProps = { status: SyncIndicatorStatus; onShowFailed: () => void; onShowWaiting?: (() => void) | undefined };

export function SyncIndicator(props: SyncIndicatorProps) {
  return <SyncIndicatorView {...props} persistence={usePersistence()} />;
}

/** The indicator for a known persistence state (tests/ui/eviction-warning.test.tsx renders it). */
export function SyncIndicatorView({ status, onShowFailed, onShowWaiting, persistence }: SyncIndicatorProps & { persistence: Persistence }) {
  const { t } = useTranslation();
  const isAtRisk = isEvictionRisk(persistence, status.pending);
  const main = mainStateOf(status);
  const text = main === null ? '' : main.text === 'offlinePending' || main.text === 'pending' ? t(`sync.${main.text}`, { count: status.pending }) : t(`sync.${main.text}`);
  const riskWords = isAtRisk ? `${text}, ${t('syncFeedback.eviction.mark')}` : undefined;
  const riskMark = isAtRisk && (
    <span className="sync-pill__risk" aria-hidden="true">
      !
    </span>
  );
  const className = main === null ? '' : `sync-pill sync-pill--${main.tone}`;
  return (
    <div className="sync-indicator" role="status" aria-label={t('sync.label')} data-state={main?.tone ?? 'error'}>
      {main !== null &&
        (main.opensWaiting && onShowWaiting ? (
          // At risk, the name says so after what the pill shows (the "!" alone says nothing to a screen reader).
          <button type="button" className={className} aria-haspopup="dialog" aria-label={riskWords} onClick={onShowWaiting}>
            <span className="sync-pill__dot" aria-hidden="true" />
            <span className="sync-pill__text">{text}</span>
            {riskMark}
          </button>
        ) : (
          <span className={className}>
            <span className="sync-pill__dot" aria-hidden="true" />
            <span className="sync-pill__text">{text}</span>
            {riskMark}
            {isAtRisk && <span className="visually-hidden">{`, ${t('syncFeedback.eviction.mark')}`}</span>}
          </span>
        ))}
      {status.failed > 0 && (
        <button type="button" className="sync-pill sync-pill--error" aria-haspopup="dialog" onClick={onShowFailed}>
          <span className="sync-pill__dot" aria-hidden="true" />
          <span className="sync-pill__text">{t('sync.failed', { count: status.failed })}</span>
        </button>
      )}
    </div>
  );
}
