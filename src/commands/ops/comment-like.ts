// 'comment.like' (docs/product.md §7 POST post/{id}/comment/{cid}/like): a toggle like the bookmark
// (docs/decisions/0081-posts-commentcount-counts-what-everyone-sees.md); the server's isLiked and
// likeCount win on the ack.
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import type { OpModule } from './op-types';
import { postComments } from './text-children';

export const commentLike: OpModule<'comment.like'> = {
  name: 'comment.like',
  rows: (entry) => postComments.row(entry.target),
  async apply(entry) {
    await modifyRow('comments', entry.target.commentId, (row) => {
      row.local.liked = !(row.local.liked ?? row.isLiked);
    });
  },
  request: (entry) => ({ method: 'POST', path: `post/${entry.target.postId}/comment/${entry.target.commentId}/like` }),
  async onAck(entry, response, ctx) {
    await putServerRows('comments', [{ ...response.comment, likeCount: response.likeCount, isLiked: response.isLiked }]);
    await ctx.rebase(postComments.row(entry.target));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postComments.row(entry.target));
  },
};
