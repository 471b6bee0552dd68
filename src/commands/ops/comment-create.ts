// 'comment.create' (docs/product.md §7 POST post/{id}/comment): the comment shows at once under a temporary
// negative id and the post's shown commentCount goes up by one (server count + local delta,
// docs/architecture.md 'Local database'). It waits for an offline-created post (requires); on the ack one transaction gives
// it its real id everywhere, including the entries (edit, like...) queued behind it.
import { ANONYMOUS_USERNAME, VISIBILITY, type ApiPostAuthor } from '../../../common/contract';
import { db } from '../../model/db';
import { getAuth } from '../../model/meta';
import { EMPTY_COMMENT_LOCAL, type CommentRow } from '../../model/types';
import { putServerRows, rewriteTempId } from '../../model/rows';
import { entryTime, modifyRow } from './local-rows';
import { commentRows, type EntryOf, type OpModule, postRow } from './op-types';

const ANONYMOUS_AUTHOR: ApiPostAuthor = { id: null, username: ANONYMOUS_USERNAME, name: 'Anonymous', avatar: null };

/** As the server will most likely return it; the author of an anonymous post stays anonymous. */
async function temporaryComment(entry: EntryOf<'comment.create'>): Promise<CommentRow> {
  const auth = await getAuth();
  const me = auth.memberToken ? auth.user : auth.guest;
  const post = await db.posts.get(entry.target.postId);
  const isHidden = !me || (post?.is_anonymous === true && post.is_mine);
  const at = entryTime(entry);
  return {
    id: entry.target.commentId,
    post_id: entry.target.postId,
    comment: entry.body.comment,
    user: isHidden ? ANONYMOUS_AUTHOR : { id: me.id, username: me.username, name: me.name, avatar: me.profile.avatar },
    visibility: VISIBILITY.PUBLIC,
    created_at: at,
    updated_at: at,
    likeCount: 0,
    isLiked: false,
    is_mine: true,
    createdAtMs: entry.createdAt,
    local: { ...EMPTY_COMMENT_LOCAL },
  };
}

export const commentCreate: OpModule<'comment.create'> = {
  name: 'comment.create',
  rows: (entry) => commentRows(entry.target),
  async apply(entry) {
    await db.comments.put(await temporaryComment(entry));
    await modifyRow('posts', entry.target.postId, (row) => {
      row.local.commentDelta += 1;
    });
  },
  request: (entry) => ({ method: 'POST', path: `post/${entry.target.postId}/comment`, body: { comment: entry.body.comment } }),
  requires: (entry) => [entry.target.postId],
  async onAck(entry, response, ctx) {
    await rewriteTempId('comments', entry.target.commentId, response.comment.id);
    await putServerRows('comments', [response.comment]);
    await ctx.putServerPosts([response.post]);
    await ctx.rebase(commentRows({ postId: entry.target.postId, commentId: response.comment.id }));
  },
  async onRefuse(entry, error, ctx) {
    await db.comments.delete(entry.target.commentId);
    await ctx.refuseDependents(entry.target.commentId, error);
    await ctx.rebase(postRow(entry.target.postId));
  },
};
