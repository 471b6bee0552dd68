// 'listItem.restore' (docs/product.md §7 PUT list/{listId}/item/{id}/restore, owner only): back among the
// active items (docs/product.md §4: it leaves the archived view at once).
import { changeItemState, rollBackItemOp } from './list-item-state';
import { putServerRows } from '../../model/rows';
import { itemRows, type OpModule } from './op-types';

export const listItemRestore: OpModule<'listItem.restore'> = {
  name: 'listItem.restore',
  rows: (entry) => itemRows(entry.target),
  async apply(entry) {
    await changeItemState(entry.target, (row) => {
      row.local.archived = false;
    });
  },
  request: (entry) => ({ method: 'PUT', path: `list/${entry.target.listId}/item/${entry.target.itemId}/restore` }),
  async onAck(entry, response, ctx) {
    await putServerRows('listItems', [response.item]);
    await putServerRows('lists', [response.list]);
    await ctx.rebase(itemRows(entry.target));
  },
  async onRefuse(entry, error, ctx) {
    await rollBackItemOp(entry.target, error, ctx);
  },
};
