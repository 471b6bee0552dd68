// The screens' live reads of this device's changes (docs/architecture/sync-protocol.md
// observability): the lists of the changes waiting and refused (src/db/change-reads.ts). The sync
// indicator's status, which also needs the browser's online state, is src/state/sync-status.ts.
import { useLiveRead } from './live-read';
import { readRefusedChanges, readWaitingChanges, type RefusedChange, type WaitingChange } from './change-reads';

/** Issue #12: refused changes with the user's words and how to send them again. */
export function useRefusedChanges(): RefusedChange[] | undefined {
  return useLiveRead(readRefusedChanges, []);
}

/**
 * Issue #12: what this account has queued and not yet had acknowledged, oldest first; read only
 * while `open` (closing, the list stays as last read). It reads every entry waiting, so kept live
 * while closed it re-read the whole queue on every change: 5,000 entries and their labels on each
 * settle of a 5,000-pray queue (issue #25 P4,
 * docs/decisions/0208-the-waiting-list-reads-only-while-open.md).
 */
export function useWaitingChanges(open: boolean): WaitingChange[] | undefined {
  return useLiveRead(open ? readWaitingChanges : null, [open]);
}
