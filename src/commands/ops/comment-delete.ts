// 'comment.delete' (docs/product.md §7 DELETE post/{id}/comment/{cid}; its author, or the post's owner
// moderating their request). Hidden at once; the post's shown commentCount drops by one if the
// comment was counted (public: the server's commentCount counts only those, docs/api.md).
import { VISIBILITY } from '../../../common/contract';
import { db } from '../../model/db';
import { modifyRow } from './local-rows';
import { commentRows, type OpModule, postRow } from './op-types';

export const commentDelete: OpModule<'comment.delete'> = {
  name: 'comment.delete',
  rows: (entry) => commentRows(entry.target),
  async apply(entry) {
    const comment = await db.comments.get(entry.target.commentId);
    if (!comment || comment.local.deleted) return;
    await modifyRow('comments', comment.id, (row) => {
      row.local.deleted = true;
    });
    if (comment.visibility !== VISIBILITY.PUBLIC) return;
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.commentDelta -= 1;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `post/${entry.target.postId}/comment/${entry.target.commentId}` }),
  async onAck(entry, response, ctx) {
    await db.comments.delete(entry.target.commentId);
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(commentRows(entry.target));
  },
};
