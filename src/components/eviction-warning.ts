// Issue #13: whether the waiting-changes list warns that the browser may clear this site's storage,
// and with what (docs/decisions/0197-waiting-changes-the-refused-list-and-remind-me-load-when.md).
// Apart from the dialog (src/components/waiting-changes-dialog.tsx) so the
// screens that compute it do not bring the dialog into the first load.
import { isEvictionRisk, type Persistence } from '../platform/storage-persistence';

/**
 * The eviction warning's facts; null when there is nothing to warn about. `isWebKit`: Safari's
 * engine family, or a browser with no persistence API (it clears site data after 7 days without a
 * visit unless installed); `isAppleMobile`: installing is Share, then Add to Home Screen.
 */
export type EvictionWarning = { isOnline: boolean; onInstall: (() => void) | null; isWebKit: boolean; isAppleMobile: boolean };

type WarningFacts = {
  persistence: Persistence; pending: number; isOnline: boolean; onInstall: (() => void) | null; isWebKit: boolean; isAppleMobile: boolean;
};

/** The warning, exactly when persistence is not granted (or cannot be) and something waits (isEvictionRisk). */
export function evictionWarningOf({ persistence, pending, isOnline, onInstall, isWebKit, isAppleMobile }: WarningFacts): EvictionWarning | null {
  if (!isEvictionRisk(persistence, pending)) return null;
  return { isOnline, onInstall, isWebKit: isWebKit || persistence === 'unsupported', isAppleMobile };
}
