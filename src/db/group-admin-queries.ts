// The group admin screen's live read (issue #28 items 1, 2), over src/db/group-admin-reads.ts. For
// the lazily loaded admin screen only: nothing of the first load imports this module.
import { useLiveRead } from './live-read';
import { readGroupAdmin, type GroupAdminView } from './group-admin-reads';

/** Members, requests and a waiting new link, with this account's waiting changes on top; undefined while loading. */
export function useGroupAdmin(id: number): GroupAdminView | undefined {
  return useLiveRead(async () => readGroupAdmin(id), [id]);
}
