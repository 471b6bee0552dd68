// 'listItemComment.create' (docs/product.md §7 POST list/{l}/item/{i}/comment): shown at once under a
// temporary id; the item's shown commentCount +1; edits queued on it wait for its real id.
import { VISIBILITY } from '../../../common/contract';
import { db } from '../../model/db';
import { getAuth } from '../../model/meta';
import { EMPTY_COMMENT_LOCAL } from '../../model/types';
import { putServerRows, rewriteTempId } from '../../model/rows';
import { entryTime, modifyRow } from './local-rows';
import { itemCommentRows, itemPath, itemRow, type OpModule } from './op-types';

export const listItemCommentCreate: OpModule<'listItemComment.create'> = {
  name: 'listItemComment.create',
  rows: (entry) => itemCommentRows(entry.target),
  async apply(entry) {
    const auth = await getAuth();
    const me = auth.memberToken ? auth.user : auth.guest;
    const at = entryTime(entry);
    await db.itemComments.put({
      id: entry.target.itemCommentId, list_item_id: entry.target.itemId, comment: entry.body.comment,
      user: { id: me?.id ?? null, username: me?.username ?? '', name: me?.name ?? '', avatar: me?.profile.avatar ?? null },
      visibility: VISIBILITY.PUBLIC, created_at: at, updated_at: at, likeCount: 0, isLiked: false, is_mine: true,
      createdAtMs: entry.createdAt, local: { ...EMPTY_COMMENT_LOCAL },
    });
    await modifyRow('listItems', entry.target.itemId, (row) => {
      row.local.commentDelta += 1;
    });
  },
  request: (entry) => ({ method: 'POST', path: `${itemPath(entry.target)}/comment`, body: { comment: entry.body.comment } }),
  requires: (entry) => [entry.target.listId, entry.target.itemId],
  async onAck(entry, response, ctx) {
    await rewriteTempId('itemComments', entry.target.itemCommentId, response.comment.id);
    await putServerRows('itemComments', [response.comment]);
    await putServerRows('listItems', [response.item]);
    await ctx.rebase(itemCommentRows({ itemId: entry.target.itemId, itemCommentId: response.comment.id }));
  },
  async onRefuse(entry, error, ctx) {
    await db.itemComments.delete(entry.target.itemCommentId);
    await ctx.refuseDependents(entry.target.itemCommentId, error);
    await ctx.rebase(itemRow(entry.target.itemId));
  },
};
