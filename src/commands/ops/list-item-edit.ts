// 'listItem.edit' (docs/product.md §7 PUT list/{listId}/item/{id}; docs/product.md §4 'updating replaces it in place').
import { rollBackItemOp } from './list-item-state';
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { itemPath, itemRow, type OpModule } from './op-types';

export const listItemEdit: OpModule<'listItem.edit'> = {
  name: 'listItem.edit',
  rows: (entry) => itemRow(entry.target.itemId),
  async apply(entry) {
    await modifyRow('listItems', entry.target.itemId, (row) => {
      row.local.edit = { ...row.local.edit, ...entry.body };
    });
  },
  request: (entry) => ({ method: 'PUT', path: itemPath(entry.target), body: { ...entry.body } }),
  async onAck(entry, response, ctx) {
    await putServerRows('listItems', [response.item]);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
  async onRefuse(entry, error, ctx) {
    await rollBackItemOp(entry.target, error, ctx);
  },
};
