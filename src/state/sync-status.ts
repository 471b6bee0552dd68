// What the sync indicator shows (docs/architecture/sync-protocol.md observability): this device's
// queue and drain state from the local store (src/db/reads.ts readSyncSnapshot), with the browser's
// online state (src/state/online.ts), and the stall that only the passing of time reveals.
import { useEffect, useState } from 'react';
import { useLiveRead } from '../db/live-read';
import { isStalled, readSyncSnapshot } from '../db/reads';
import { useOnline } from './online';

/** What the sync indicator shows. */
type SyncStatus = {
  online: boolean;
  /** Outbox entries of the signed-in account not yet acknowledged. */
  pending: number;
  /** Entries of another account, kept until that account signs in again (docs/architecture/sync-protocol.md). */
  held: number;
  /** A drain is running. */
  syncing: boolean;
  /** Refused mutations recorded for the user to see. */
  failed: number;
  /** Online, something pending, and no progress for 60 s (or the store silent, see STORE_SILENT_MS). */
  stalled: boolean;
  /** The store has not answered the status read yet: the counts above are not known. */
  unanswered?: boolean;
};

const STALL_TICK_MS = 5_000;
/**
 * How long the store may leave the status unread before it counts as a stall. A read that never
 * answers is WebKit's store wedge
 * (docs/decisions/0166-the-webkit-store-wedge-the-stall-after-a-reload-while-cut.md): the app
 * cannot send then, and must not say "All saved" while work waits in the outbox it cannot read.
 */
export const STORE_SILENT_MS = 10_000;

/** The status before the store's first answer: nothing claimed, then a stall after STORE_SILENT_MS. */
export function unansweredStatus(online: boolean, waitedMs: number): SyncStatus {
  return { online, pending: 0, held: 0, syncing: false, failed: 0, stalled: online && waitedMs >= STORE_SILENT_MS, unanswered: true };
}

export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const snapshot = useLiveRead(readSyncSnapshot, []);
  const [mounted] = useState(() => Date.now());
  // The stall is a matter of time passing, which no table change announces: tick while pending,
  // and while the store has not answered.
  const now = useNow(snapshot === undefined || snapshot.pending > 0 ? STALL_TICK_MS : null);
  if (!snapshot) return unansweredStatus(online, now - mounted);
  return {
    online,
    pending: snapshot.pending,
    held: snapshot.held,
    syncing: snapshot.syncing,
    failed: snapshot.failed,
    stalled: isStalled(snapshot, online, now),
  };
}

/** Epoch ms, refreshed every `intervalMs` (null: not ticking). */
function useNow(intervalMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
