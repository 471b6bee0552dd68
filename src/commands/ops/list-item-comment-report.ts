// 'listItemComment.report' (docs/product.md §7 POST list/{l}/item/{i}/comment/{id}/report {type}): anyone
// signed in but the comment's author; while pending the menu stops offering it.
import { modifyRow } from './local-rows';
import { itemCommentRow, itemPath, type OpModule } from './op-types';


export const listItemCommentReport: OpModule<'listItemComment.report'> = {
  name: 'listItemComment.report',
  rows: (entry) => itemCommentRow(entry.target.itemCommentId),
  async apply(entry) {
    await modifyRow('itemComments', entry.target.itemCommentId, (row) => {
      row.local.reported = true;
    });
  },
  request: (entry) => ({
    method: 'POST',
    path: `${itemPath(entry.target)}/comment/${entry.target.itemCommentId}/report`,
    body: { ...entry.body },
    // Rate limited on the server (abuse limit): never inside a batch (worker/drain.ts).
    single: true,
  }),
  async onAck(entry, _response, ctx) {
    await ctx.rebase(itemCommentRow(entry.target.itemCommentId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(itemCommentRow(entry.target.itemCommentId));
  },
};
