// Issue #28 item 3: a request's updates as shown (docs/product.md §4 Post 'Updates'): the server's,
// less those removed here, then those written here and not yet acknowledged (as comments are),
// which keep their temporary negative ids until the server's answer.
import type { ApiPostUpdate } from '../../common/contract';
import type { PostRow } from './types';

export function shownUpdatesOf(row: Pick<PostRow, 'updates' | 'local'>): ApiPostUpdate[] {
  const removed = row.local.removedUpdates ?? [];
  return [...(row.updates ?? []).filter((update) => !removed.includes(update.id)), ...(row.local.addedUpdates ?? [])];
}
