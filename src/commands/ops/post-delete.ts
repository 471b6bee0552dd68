// 'post.delete' (docs/product.md §7 DELETE post/{id}, owner only). The post is hidden at once; the server's
// delete is a soft delete after which the post is a 404 for everyone, so on the ack the row, its
// comments and notes go. A refusal shows it again (the rebase clears the flag).
import { modifyRow } from './local-rows';
import { type OpModule, postRow } from './op-types';

export const postDelete: OpModule<'post.delete'> = {
  name: 'post.delete',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.deleted = true;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `post/${entry.target.postId}` }),
  async onAck(entry, _response, ctx) {
    await ctx.forgetPost(entry.target.postId);
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
