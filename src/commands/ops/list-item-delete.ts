// 'listItem.delete' (docs/product.md §7 DELETE list/{listId}/item/{id}, owner only; a hard delete on the
// server). Hidden at once; on the ack the row and its notes and comments go.
import { changeItemState, rollBackItemOp } from './list-item-state';
import { forgetRows, putServerRows } from '../../model/rows';
import { itemPath, itemRows, listRow, type OpModule } from './op-types';

export const listItemDelete: OpModule<'listItem.delete'> = {
  name: 'listItem.delete',
  rows: (entry) => itemRows(entry.target),
  async apply(entry) {
    await changeItemState(entry.target, (row) => {
      row.local.deleted = true;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: itemPath(entry.target) }),
  async onAck(entry, response, ctx) {
    await forgetRows('listItems', [entry.target.itemId]);
    await putServerRows('lists', [response.list]);
    await ctx.rebase(listRow(entry.target.listId));
  },
  async onRefuse(entry, error, ctx) {
    await rollBackItemOp(entry.target, error, ctx);
  },
};
