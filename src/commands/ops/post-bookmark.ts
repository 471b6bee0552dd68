// 'post.bookmark': a toggle (docs/product.md §10); the server's is_bookmarked wins (docs/product.md §4). Locally the
// row keeps the server's value and the user's choice separately, so two quick toggles offline
// end where the server will end after replaying both.
import { modifyRow } from './local-rows';
import { type OpModule, postRow } from './op-types';

export const postBookmark: OpModule<'post.bookmark'> = {
  name: 'post.bookmark',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.bookmarked = !(row.local.bookmarked ?? row.is_bookmarked);
    });
  },
  request: (entry) => ({ method: 'POST', path: `post/${entry.target.postId}/bookmark` }),
  async onAck(entry, response, ctx) {
    await ctx.putServerPosts([{ ...response.post, is_bookmarked: response.is_bookmarked }]);
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
