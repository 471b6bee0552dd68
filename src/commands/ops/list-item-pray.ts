// 'listItem.pray' (docs/product.md §7 POST list/{listId}/item/{id}/pray): like 'post.pray', one more
// unacknowledged pray; the server's count is never touched (docs/architecture/local-store.md 'Local
// database'). The user's today count is the server's plus every pending pray of posts and items
// (src/db/reads.ts readSession).
import { rollBackItemOp } from './list-item-state';
import { putServerRows } from '../../model/rows';
import { addPendingPrays } from './local-rows';
import { itemPath, itemRow, type OpModule } from './op-types';

export const listItemPray: OpModule<'listItem.pray'> = {
  name: 'listItem.pray',
  rows: (entry) => itemRow(entry.target.itemId),
  apply: (entry) => addPendingPrays('listItems', [entry.target.itemId]),
  applyRun: (entries) => addPendingPrays('listItems', entries.map((entry) => entry.target.itemId)),
  request: (entry) => ({ method: 'POST', path: `${itemPath(entry.target)}/pray` }),
  async onAck(entry, response, ctx) {
    await putServerRows('listItems', [response.item]);
    await ctx.setTodayPrayerCount(response.today_prayer_count);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
  async onRefuse(entry, error, ctx) {
    await rollBackItemOp(entry.target, error, ctx);
  },
};
