// 'post.report' (SPEC §7 POST post/{id}/report {type}; SPEC §6: non-owners may only report).
// Nothing of the post changes for the reporter; while pending, the actions menu stops offering
// the report (src/db/actions-menu.ts). The server hides a post after 3 distinct reporters
// (DESIGN §7); the next pull then prunes it.
import { modifyPost } from './local-rows';
import { postRow, type OpModule } from './op-types';

export const postReport: OpModule<'post.report'> = {
  name: 'post.report',
  rows: (entry) => postRow(entry.target.postId),
  async apply(entry) {
    await modifyPost(entry.target.postId, (row) => {
      row.local.reported = true;
    });
  },
  // Rate limited on the server (abuse limit): never inside a batch (worker/drain.ts).
  request: (entry) => ({ method: 'POST', path: `post/${entry.target.postId}/report`, body: { type: entry.body.type }, single: true }),
  async onAck(entry, _response, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(postRow(entry.target.postId));
  },
};
