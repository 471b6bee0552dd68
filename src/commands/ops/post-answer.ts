// 'post.answer' (docs/product.md §7 POST post/answer): marks an own post answered with an optional
// testimony, or edits the testimony of an answered one. docs/product.md §4: answering removes the post and
// re-adds it at the top; here the answer time is part of the feed's sort key (src/model/shown.ts
// feedAtMs), so the post moves to the top locally now and stays there after a pull.
import { entryTime, modifyRow } from './local-rows';
import { type OpModule, postRow } from './op-types';

export const postAnswer: OpModule<'post.answer'> = {
  name: 'post.answer',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.answer = { answered: true, answer_text: entry.body.answer_text, at: entryTime(entry) };
    });
  },
  // post_id travels in the body on the wire but lives in target here, so a temporary id is rewritten.
  request: (entry) => ({
    method: 'POST',
    path: 'post/answer',
    body: { post_id: entry.target.postId, answer_text: entry.body.answer_text },
  }),
  async onAck(entry, response, ctx) {
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
