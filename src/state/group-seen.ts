// Issue #49 item 4 (docs/product.md §11 'Unread'): a group's page, while open and visible, marks the
// group seen up to its newest post by others held (its createdAtMs, the server's clock, so the
// device's clock never decides what is new). The mark lives on this device only (meta.groupsSeen,
// docs/decisions/0218-unread-in-groups-groups-in-the-navigation-a-mark-per-group.md);
// src/db/group-unread-reads.ts counts what lies above it.
import { useEffect } from 'react';
import { db } from '../model/db';
import { getMeta, setMeta } from '../model/meta';
import { useLiveRead } from '../db/live-read';
import { readNewestByOthers } from '../db/group-unread-reads';

/** Moves the group's mark up to `seenUpTo` (never down: another tab may have seen further). */
export async function markGroupSeen(groupId: number, seenUpTo: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const [seen, viewer = null] = await Promise.all([getMeta('groupsSeen'), getMeta('rowsViewer')]);
    const marks = seen?.viewer === viewer ? seen.marks : {};
    if ((marks[groupId] ?? Number.NEGATIVE_INFINITY) >= seenUpTo) return;
    await setMeta('groupsSeen', { ...seen, viewer, marks: { ...marks, [groupId]: seenUpTo } });
  });
}

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/** On a group's page: what comes in while it is open and visible is seen, and so is what a return to the tab shows. */
export function useGroupSeen(groupId: number): void {
  const newest = useLiveRead(async () => readNewestByOthers(groupId), [groupId]);
  useEffect(() => {
    if (newest === undefined || newest === null) return undefined;
    const mark = () => {
      if (isVisible()) void markGroupSeen(groupId, newest);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [groupId, newest]);
}
