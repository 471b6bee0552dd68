// The screens' live reads of this device's changes (docs/architecture.md observability): the lists
// of the changes waiting and refused (src/db/change-reads.ts). The sync indicator's status, which
// also needs the browser's online state, is src/state/sync-status.ts.
import { useLiveRead } from './live-read';
import { readRefusedChanges, readWaitingChanges, type RefusedChange, type WaitingChange } from './change-reads';

/** Issue #12: refused changes with the user's words and how to send them again. */
export function useRefusedChanges(): RefusedChange[] | undefined {
  return useLiveRead(readRefusedChanges, []);
}

/** Issue #12: what this account has queued and not yet had acknowledged, oldest first. */
export function useWaitingChanges(): WaitingChange[] | undefined {
  return useLiveRead(readWaitingChanges, []);
}
