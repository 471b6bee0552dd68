// 'post.edit' (docs/product.md §7 PUT post/{id}, owner only, docs/product.md §6): a partial edit of text, type or
// anonymity. Locally the fields the user changed are kept apart from the server's, so a pull
// while the edit is pending shows the edit, and a refusal shows the server's text again.
import { modifyRow } from './local-rows';
import { type OpModule, postRow } from './op-types';

export const postEdit: OpModule<'post.edit'> = {
  name: 'post.edit',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.edit = { ...row.local.edit, ...entry.body };
    });
  },
  request: (entry) => ({ method: 'PUT', path: `post/${entry.target.postId}`, body: { ...entry.body } }),
  async onAck(entry, response, ctx) {
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
