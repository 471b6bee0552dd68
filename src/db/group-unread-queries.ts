// Issue #49 item 4: the live reads of the unread counts of my groups (src/db/group-unread-reads.ts):
// each card of /groups (the navigation's badge reads its total, src/components/app-layout.tsx).
import { useLiveRead } from './live-read';
import { readGroupsUnread } from './group-unread-reads';

/** Each of my groups' unread count; undefined while loading. */
export function useGroupsUnread(): Map<number, number> | undefined {
  return useLiveRead(readGroupsUnread, []);
}
