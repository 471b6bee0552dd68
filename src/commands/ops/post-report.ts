// 'post.report' (docs/product.md §7 POST post/{id}/report {type, details}; docs/product.md §6: non-owners may only
// report). Issue #12: the post leaves the reporter's feeds at once, offline too (local.reported
// puts it in the feed index's hidden channel, src/model/feed-key.ts); on the ack `reportedHere`
// keeps it out (the server's feeds leave it out for the reporter too), and it still opens by its
// address. A refusal shows it again. The server hides a post for everyone after 3 distinct
// member reporters (docs/product.md §10); the next pull then prunes it.
import { db } from '../../model/db';
import { modifyRow } from './local-rows';
import { type OpModule, postRow } from './op-types';

export const postReport: OpModule<'post.report'> = {
  name: 'post.report',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.reported = true;
    });
  },
  // Rate limited on the server (abuse limit): never inside a batch (worker/drain.ts).
  request: (entry) => ({ method: 'POST', path: `post/${entry.target.postId}/report`, body: { ...entry.body }, single: true }),
  async onAck(entry, _response, ctx) {
    await db.posts.update(entry.target.postId, { reportedHere: true });
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
