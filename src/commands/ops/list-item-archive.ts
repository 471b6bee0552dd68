// 'listItem.archive' (docs/product.md §7 DELETE list/{listId}/item/{id}/archive, owner only). docs/product.md §4: it
// leaves the current view at once; an archived item can only be restored (src/commands guards).
import { changeItemState, rollBackItemOp } from './list-item-state';
import { putServerRows } from '../../model/rows';
import { itemRows, type OpModule } from './op-types';

export const listItemArchive: OpModule<'listItem.archive'> = {
  name: 'listItem.archive',
  rows: (entry) => itemRows(entry.target),
  async apply(entry) {
    await changeItemState(entry.target, (row) => {
      row.local.archived = true;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `list/${entry.target.listId}/item/${entry.target.itemId}/archive` }),
  async onAck(entry, response, ctx) {
    await putServerRows('listItems', [response.item]);
    await putServerRows('lists', [response.list]);
    await ctx.rebase(itemRows(entry.target));
  },
  async onRefuse(entry, error, ctx) {
    await rollBackItemOp(entry.target, error, ctx);
  },
};
