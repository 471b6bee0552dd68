// Issue #10: the outbox is indexed by what its entries touch, so acks, refusals, rebases and the
// sync status never scan the whole queue. The fields are derived from an entry's target and
// account alone (never from the op registry, which imports this database), and db.ts keeps them
// in step through Dexie hooks on every write, so no writer can forget them.
import type { LocalTable, RowRef } from './types';
import type { TargetField, TargetIds } from './outbox-types';

/** Which table each target id names; every op's `rows` are a subset of these (op-types.ts). */
/** An update of a request (updateId) is no row of its own: it lives in its post's row (src/model/post-update-types.ts). */
const TABLE_OF_TARGET: Record<Exclude<TargetField, 'updateId'>, LocalTable> = {
  postId: 'posts',
  commentId: 'comments',
  noteId: 'notes',
  listId: 'lists',
  itemId: 'listItems',
  itemNoteId: 'itemNotes',
  itemCommentId: 'itemComments',
  groupId: 'groups',
};

/** IndexedDB cannot index null: entries of no known account are kept under this id. */
export const ANY_ACCOUNT = 0;

/** The indexed fields of an outbox entry. */
export type OutboxIndexFields = {
  /** accountId, with ANY_ACCOUNT for null: index `acct` (ordered by seq within one account). */
  acct: number;
  /** 'table:id' of every row the entry may touch: multi-entry index `rowKeys`. */
  rowKeys: string[];
  /** Every id of its target (temporary ids included): multi-entry index `ids`. */
  ids: number[];
};

export function rowKey(ref: RowRef): string {
  return `${ref.table}:${String(ref.id)}`;
}

export function outboxIndexFields(entry: { target: TargetIds; accountId: number | null }): OutboxIndexFields {
  const rowKeys: string[] = [];
  const ids: number[] = [];
  for (const [field, id] of Object.entries(entry.target) as [TargetField, number | undefined][]) {
    if (typeof id !== 'number') continue;
    // An update's id names no row: it is in `ids` only (what waits on a temporary one is found by it).
    if (field !== 'updateId') {
      if (!(field in TABLE_OF_TARGET)) continue;
      rowKeys.push(rowKey({ table: TABLE_OF_TARGET[field], id }));
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return { acct: entry.accountId ?? ANY_ACCOUNT, rowKeys, ids };
}

/** The `acct` values whose entries the viewer sends and sees: its own and the untagged ones. */
export function acctsOfViewer(viewer: number | null): number[] {
  return viewer === null || viewer === ANY_ACCOUNT ? [ANY_ACCOUNT] : [viewer, ANY_ACCOUNT];
}
