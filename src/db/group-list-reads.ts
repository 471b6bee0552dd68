// A group's prayer lists from the local store (issue #28 item 4; docs/product.md §11), read by the group
// page only: kept out of list-reads.ts so that it comes with the group screens, not the first load.
import { db } from '../model/db';
import { useLiveRead } from './live-read';
import { byNewestChange } from './list-reads';
import { toShownList, type ShownList } from './shown-lists';

/** A group's lists (the `group_id` index), newest change first, lists made here on top. */
export async function readGroupLists(groupId: number): Promise<ShownList[]> {
  const rows = await db.lists.where('group_id').equals(groupId).filter((row) => !row.local.deleted).toArray();
  return rows.map(toShownList).sort(byNewestChange);
}

/** The same, live; undefined while loading. */
export function useGroupLists(groupId: number): ShownList[] | undefined {
  return useLiveRead(async () => readGroupLists(groupId), [groupId]);
}
