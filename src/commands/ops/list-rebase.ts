// The list side of the rebase's reset (src/commands/ops/rebase.ts): the local intent of list
// rows back to empty before the pending entries are re-applied on top.
import { db } from '../../db/db';
import { EMPTY_COMMENT_LOCAL, EMPTY_LIST_ITEM_LOCAL, EMPTY_LIST_LOCAL, EMPTY_NOTE_LOCAL, type LocalTable, type RowRef } from '../../db/types';

function idsIn(refs: RowRef[], table: LocalTable): number[] {
  return refs.filter((ref) => ref.table === table).map((ref) => ref.id);
}

export async function resetListLocal(refs: RowRef[]): Promise<void> {
  await db.lists.where('id').anyOf(idsIn(refs, 'lists')).modify((row) => {
    row.local = { ...EMPTY_LIST_LOCAL };
  });
  await db.listItems.where('id').anyOf(idsIn(refs, 'listItems')).modify((row) => {
    row.local = { ...EMPTY_LIST_ITEM_LOCAL };
  });
  await db.itemComments.where('id').anyOf(idsIn(refs, 'itemComments')).modify((row) => {
    row.local = { ...EMPTY_COMMENT_LOCAL };
  });
  await db.itemNotes.where('id').anyOf(idsIn(refs, 'itemNotes')).modify((row) => {
    row.local = { ...EMPTY_NOTE_LOCAL };
  });
}
