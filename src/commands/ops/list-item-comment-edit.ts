// 'listItemComment.edit' (docs/product.md §7 PUT list/{l}/item/{i}/comment/{id}; its author only).
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { itemCommentRow, itemPath, type OpModule } from './op-types';


export const listItemCommentEdit: OpModule<'listItemComment.edit'> = {
  name: 'listItemComment.edit',
  rows: (entry) => itemCommentRow(entry.target.itemCommentId),
  async apply(entry) {
    await modifyRow('itemComments', entry.target.itemCommentId, (row) => {
      row.local.edit = entry.body.comment;
    });
  },
  request: (entry) => ({
    method: 'PUT',
    path: `${itemPath(entry.target)}/comment/${entry.target.itemCommentId}`,
    body: { comment: entry.body.comment },
  }),
  async onAck(entry, response, ctx) {
    await putServerRows('itemComments', [response.comment]);
    await ctx.rebase(itemCommentRow(entry.target.itemCommentId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(itemCommentRow(entry.target.itemCommentId));
  },
};
