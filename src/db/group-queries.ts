// The screens' live reads of prayer groups (issue #28; docs/product.md §11), over src/db/group-reads.ts.
// For the group screens (lazily loaded routes): nothing of the first load imports this module.
import { useLiveRead } from './live-read';
import { readGroup, readGroupFeed, readMyGroups, type ShownGroup } from './group-reads';
import type { ShownPost } from '../model/shown';

/** My groups by name, those made here first; undefined while loading. */
export function useMyGroups(): ShownGroup[] | undefined {
  return useLiveRead(async () => readMyGroups(), []);
}

/** One group (a temporary id followed): undefined while loading, null when this device does not hold it (left, removed, never joined). */
export function useGroup(id: number): ShownGroup | null | undefined {
  return useLiveRead(async () => (await readGroup(id)) ?? null, [id]);
}

/** A group's feed, newest first, at most `limit` posts; each card reads its own post (usePost) as in the community feed. */
export function useGroupFeed(id: number, limit: number): ShownPost[] | undefined {
  return useLiveRead(async () => readGroupFeed(id, limit), [id, limit]);
}
