// Shared by the archive, restore and delete ops of list items (docs/product.md §4 List item): whether an
// item counts among its list's active items as shown (server state with pending intent on top),
// so the list's shown config.qtd moves exactly once per change.
import { db } from '../../model/db';
import type { ListItemRow } from '../../model/types';
import type { ApiError } from '../../../common/contract';
import { forgetRows, putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { itemPath, itemRows, listRow, type OpContext, type OpModule } from './op-types';

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
 * The rollback of a refused item op (docs/architecture/sync-protocol.md 'Outbox and sync protocol':
 * roll back, re-fetch the entity): the rebase undoes the intent; a 404 already says what a re-fetch
 * would, the item is gone (deleted or hidden elsewhere), so the local copy goes too.
 */
export async function rollBackItemOp(target: { listId: number; itemId: number }, error: ApiError, ctx: OpContext): Promise<void> {
  if (error.status === 404) {
    await forgetRows('listItems', [target.itemId]);
    await ctx.rebase(listRow(target.listId));
    return;
  }
  await ctx.rebase(itemRows(target));
}

/**
 * The archive and restore ops, which differ only in the state they set and their request: both
 * move the item between the list's views at once and take the server's item and list on the ack.
 */
export function archiveStateOp<N extends 'listItem.archive' | 'listItem.restore'>(name: N, archived: boolean, method: 'DELETE' | 'PUT', action: 'archive' | 'restore'): OpModule<N> {
  return {
    name,
    rows: (entry) => itemRows(entry.target),
    async apply(entry) {
      await changeItemState(entry.target, (row) => {
        row.local.archived = archived;
      });
    },
    request: (entry) => ({ method, path: `${itemPath(entry.target)}/${action}` }),
    async onAck(entry, response, ctx) {
      await putServerRows('listItems', [response.item]);
      await putServerRows('lists', [response.list]);
      await ctx.rebase(itemRows(entry.target));
    },
    async onRefuse(entry, error, ctx) {
      await rollBackItemOp(entry.target, error, ctx);
    },
  };
}
