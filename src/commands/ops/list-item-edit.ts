// 'listItem.edit' (SPEC §7 PUT list/{listId}/item/{id}; SPEC §4 'updating replaces it in place').
import { itemRow, modifyItem, putServerItems } from './list-store';
import { rollBackItemOp } from './list-item-state';
import type { OpModule } from './op-types';

export const listItemEdit: OpModule<'listItem.edit'> = {
  name: 'listItem.edit',
  rows: (entry) => itemRow(entry.target.itemId),
  async apply(entry) {
    await modifyItem(entry.target.itemId, (row) => {
      row.local.edit = { ...row.local.edit, ...entry.body };
    });
  },
  request: (entry) => ({ method: 'PUT', path: `list/${entry.target.listId}/item/${entry.target.itemId}`, body: { ...entry.body } }),
  async onAck(entry, response, ctx) {
    await putServerItems([response.item]);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
  async onRefuse(entry, error, ctx) {
    await rollBackItemOp(entry.target, error, ctx);
  },
};
