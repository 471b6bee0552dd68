// Edits of local intent shared by the op modules, for every kind of row (src/model/kinds.ts).
// Each tolerates a missing row (apply is re-run by every rebase, after which a row may be gone)
// and touches only `row.local`.
import type { PromiseExtended } from 'dexie';
import { ANONYMOUS_USERNAME, type ApiPostAuthor, type ApiUser } from '../../../common/contract';
import type { LocalTable } from '../../model/types';
import { KINDS, type RowOf } from '../../model/kinds';
import { getAuth } from '../../model/meta';

export async function modifyRow<T extends LocalTable>(table: T, id: number, change: (row: RowOf[T]) => void): Promise<void> {
  await KINDS[table].table().where('id').equals(id).modify(change);
}

/** The moment of an entry as the server would write it (ISO), for rows shown before the ack. */
export function entryTime(entry: { createdAt: number }): string {
  return new Date(entry.createdAt).toISOString();
}

/** Who makes a row here (its author, as the server will name them): the member, else the guest; null when unknown. */
export function currentProfile(): PromiseExtended<ApiUser | null> {
  return getAuth().then((auth) => (auth.memberToken ? auth.user : auth.guest));
}

/** The author a row made here shows, as the server will name them: anonymous when asked, or when unknown. */
export function authorOf(me: ApiUser | null, isAnonymous = false): ApiPostAuthor {
  if (isAnonymous || !me) return { id: null, username: ANONYMOUS_USERNAME, name: 'Anonymous', avatar: null };
  return { id: me.id, username: me.username, name: me.name, avatar: me.profile.avatar };
}

/**
 * One more unacknowledged pray for each id listed (an id listed n times: n more), one write per
 * row: 'post.pray' and 'listItem.pray' apply one entry, or a rebase's run of them, through it.
 */
export async function addPendingPrays(table: 'posts' | 'listItems', ids: readonly number[]): Promise<void> {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, more] of counts) {
    await modifyRow(table, id, (row) => {
      row.local.pendingPrays += more;
    });
  }
}
