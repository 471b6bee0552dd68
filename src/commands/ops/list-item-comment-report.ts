// 'listItemComment.report' (SPEC §7 POST list/{l}/item/{i}/comment/{id}/report {type}): anyone
// signed in but the comment's author; while pending the menu stops offering it.
import { itemPath, modifyItemComment } from './item-child-rows';
import type { OpModule } from './op-types';

const commentRef = (id: number) => [{ table: 'itemComments' as const, id }];

export const listItemCommentReport: OpModule<'listItemComment.report'> = {
  name: 'listItemComment.report',
  rows: (entry) => commentRef(entry.target.itemCommentId),
  async apply(entry) {
    await modifyItemComment(entry.target.itemCommentId, (row) => {
      row.local.reported = true;
    });
  },
  request: (entry) => ({
    method: 'POST',
    path: `${itemPath(entry.target)}/comment/${entry.target.itemCommentId}/report`,
    body: { ...entry.body },
    // Rate limited on the server (abuse limit): never inside a batch (worker/drain.ts).
    single: true,
  }),
  async onAck(entry, _response, ctx) {
    await ctx.rebase(commentRef(entry.target.itemCommentId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(commentRef(entry.target.itemCommentId));
  },
};
