// 'comment.edit' (docs/product.md §7 PUT post/{id}/comment/{cid}; only its author, docs/product.md §6). An edit of a
// comment written offline waits for its creation (the default requires: every target id).
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { commentRow, type OpModule } from './op-types';

export const commentEdit: OpModule<'comment.edit'> = {
  name: 'comment.edit',
  rows: (entry) => commentRow(entry.target.commentId),
  async apply(entry) {
    await modifyRow('comments', entry.target.commentId, (row) => {
      row.local.edit = entry.body.comment;
    });
  },
  request: (entry) => ({
    method: 'PUT',
    path: `post/${entry.target.postId}/comment/${entry.target.commentId}`,
    body: { comment: entry.body.comment },
  }),
  async onAck(entry, response, ctx) {
    await putServerRows('comments', [response.comment]);
    await ctx.rebase(commentRow(entry.target.commentId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(commentRow(entry.target.commentId));
  },
};
