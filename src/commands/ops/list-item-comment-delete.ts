// 'listItemComment.delete' (docs/product.md §7 DELETE list/{l}/item/{i}/comment/{id}; its author or the
// list's owner). Hidden at once; the item's shown commentCount −1 if the comment was counted.
import { VISIBILITY } from '../../../common/contract';
import { db } from '../../model/db';
import { putServerRows } from '../../model/rows';
import { modifyRow } from './local-rows';
import { itemCommentRows, itemPath, itemRow, type OpModule } from './op-types';

export const listItemCommentDelete: OpModule<'listItemComment.delete'> = {
  name: 'listItemComment.delete',
  rows: (entry) => itemCommentRows(entry.target),
  async apply(entry) {
    const comment = await db.itemComments.get(entry.target.itemCommentId);
    if (!comment || comment.local.deleted) return;
    await modifyRow('itemComments', comment.id, (row) => {
      row.local.deleted = true;
    });
    if (comment.visibility !== VISIBILITY.PUBLIC) return;
    await modifyRow('listItems', entry.target.itemId, (row) => {
      row.local.commentDelta -= 1;
    });
  },
  request: (entry) => ({ method: 'DELETE', path: `${itemPath(entry.target)}/comment/${entry.target.itemCommentId}` }),
  async onAck(entry, response, ctx) {
    await db.itemComments.delete(entry.target.itemCommentId);
    await putServerRows('listItems', [response.item]);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
  async onRefuse(entry, _error, ctx) {
    await ctx.rebase(itemCommentRows(entry.target));
  },
};
