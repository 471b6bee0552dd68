// 'listItemComment.edit' (SPEC §7 PUT list/{l}/item/{i}/comment/{id}; its author only).
import { itemPath, modifyItemComment } from './item-child-rows';
import { putServerItemComments } from './list-store';
import type { OpModule } from './op-types';

const commentRef = (id: number) => [{ table: 'itemComments' as const, id }];

export const listItemCommentEdit: OpModule<'listItemComment.edit'> = {
  name: 'listItemComment.edit',
  rows: (entry) => commentRef(entry.target.itemCommentId),
  async apply(entry) {
    await modifyItemComment(entry.target.itemCommentId, (row) => {
      row.local.edit = entry.body.comment;
    });
  },
  request: (entry) => ({
    method: 'PUT',
    path: `${itemPath(entry.target)}/comment/${entry.target.itemCommentId}`,
    body: { comment: entry.body.comment },
  }),
  async onAck(entry, response, ctx) {
    await putServerItemComments([response.comment]);
    await ctx.rebase(commentRef(entry.target.itemCommentId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(commentRef(entry.target.itemCommentId));
  },
};
