// 'comment.report' (docs/product.md §7 POST post/{id}/comment/{cid}/report {type}): anyone signed in but
// the comment's author. While pending, the menu stops offering it (src/db/actions-menu.ts).
import { modifyRow } from './local-rows';
import { commentRow, type OpModule } from './op-types';

export const commentReport: OpModule<'comment.report'> = {
  name: 'comment.report',
  rows: (entry) => commentRow(entry.target.commentId),
  async apply(entry) {
    await modifyRow('comments', entry.target.commentId, (row) => {
      row.local.reported = true;
    });
  },
  request: (entry) => ({
    method: 'POST',
    path: `post/${entry.target.postId}/comment/${entry.target.commentId}/report`,
    body: { ...entry.body },
    // Rate limited on the server (abuse limit): never inside a batch (worker/drain.ts).
    single: true,
  }),
  async onAck(entry, _response, ctx) {
    await ctx.rebase(commentRow(entry.target.commentId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(commentRow(entry.target.commentId));
  },
};
