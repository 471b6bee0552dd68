// 'listItem.bookmark' (docs/product.md §7 POST list/{listId}/item/{id}/bookmark): a toggle; the server's
// is_bookmarked wins on the ack (docs/product.md §4, as for posts).
import { rollBackItemOp } from './list-item-state';
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { itemPath, itemRow, type OpModule } from './op-types';

export const listItemBookmark: OpModule<'listItem.bookmark'> = {
  name: 'listItem.bookmark',
  rows: (entry) => itemRow(entry.target.itemId),
  async apply(entry) {
    await modifyRow('listItems', entry.target.itemId, (row) => {
      row.local.bookmarked = !(row.local.bookmarked ?? row.is_bookmarked);
    });
  },
  request: (entry) => ({ method: 'POST', path: `${itemPath(entry.target)}/bookmark` }),
  async onAck(entry, response, ctx) {
    await putServerRows('listItems', [{ ...response.item, is_bookmarked: response.is_bookmarked }]);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
  async onRefuse(entry, error, ctx) {
    await rollBackItemOp(entry.target, error, ctx);
  },
};
