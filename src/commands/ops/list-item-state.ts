// Shared by the archive, restore and delete ops of list items (docs/product.md §4 List item): whether an
// item counts among its list's active items as shown (server state with pending intent on top),
// so the list's shown config.qtd moves exactly once per change.
import { db } from '../../model/db';
import type { ListItemRow } from '../../model/types';
import type { ApiError } from '../../../common/contract';
import { forgetRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { itemRows, listRow, type OpContext } from './op-types';

export function isShownActive(row: ListItemRow): boolean {
  return !row.local.deleted && !(row.local.archived ?? row.deleted_at !== null);
}

/** Applies `change` to the item and moves the list's item count by the change in activity. */
export async function changeItemState(target: { listId: number; itemId: number }, change: (row: ListItemRow) => void): Promise<void> {
  const row = await db.listItems.get(target.itemId);
  if (!row) return;
  const wasActive = isShownActive(row);
  change(row);
  const isActive = isShownActive(row);
  await modifyRow('listItems', target.itemId, (stored) => {
    stored.local = row.local;
  });
  if (wasActive === isActive) return;
  await modifyRow('lists', target.listId, (list) => {
    list.local.itemDelta += isActive ? 1 : -1;
  });
}

/**
 * The rollback of a refused item op (docs/architecture.md 'Outbox and sync protocol': roll back, re-fetch the entity): the rebase
 * undoes the intent; a 404 already says what a re-fetch would, the item is gone (deleted or
 * hidden elsewhere), so the local copy goes too.
 */
export async function rollBackItemOp(target: { listId: number; itemId: number }, error: ApiError, ctx: OpContext): Promise<void> {
  if (error.status === 404) {
    await forgetRows('listItems', [target.itemId]);
    await ctx.rebase(listRow(target.listId));
    return;
  }
  await ctx.rebase(itemRows(target));
}
