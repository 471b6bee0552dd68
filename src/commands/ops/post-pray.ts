// 'post.pray' (docs/product.md §4 Post: praying sets isPrayed, increments prayedCount and the user's
// today count). Locally it is one more unacknowledged pray; the server's count is never touched,
// so an ack or a pull can never count the same pray twice (docs/architecture/local-store.md 'Local
// database').
import { addPendingPrays } from './local-rows';
import { type OpModule, postRow } from './op-types';

export const postPray: OpModule<'post.pray'> = {
  name: 'post.pray',
  rows: (entry) => postRow(entry.target.postId),
  apply: (entry) => addPendingPrays('posts', [entry.target.postId]),
  applyRun: (entries) => addPendingPrays('posts', entries.map((entry) => entry.target.postId)),
  request: (entry) => ({ method: 'POST', path: `post/${entry.target.postId}/pray` }),
  async onAck(entry, response, ctx) {
    await ctx.putServerPosts([response.post]);
    await ctx.setTodayPrayerCount(response.today_prayer_count);
    await ctx.rebase(postRow(entry.target.postId));
  },
  // The same writes in the same order: the posts as answered (the context combines them per id),
  // today's count as the last answer gives it, every row rebased once at the end of the settle.
  async ackRun(acks, ctx) {
    await ctx.putServerPosts(acks.map(({ response }) => response.post));
    const last = acks.at(-1);
    if (last) await ctx.setTodayPrayerCount(last.response.today_prayer_count);
    await ctx.rebase([...new Set(acks.map(({ entry }) => entry.target.postId))].flatMap(postRow));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
