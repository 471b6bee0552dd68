// 'post.unanswer' (docs/product.md §7 DELETE post/{id}/answer): removes the answer and its testimony.
// docs/product.md §4: removing the answer updates the post in place (its feed position falls back to its
// creation time).
import { modifyRow } from './local-rows';
import { type OpModule, postRow } from './op-types';

export const postUnanswer: OpModule<'post.unanswer'> = {
  name: 'post.unanswer',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.answer = { answered: false };
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `post/${entry.target.postId}/answer` }),
  async onAck(entry, response, ctx) {
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
