// The four families of text rows under a parent, declared to text-child.ts, which makes their ops
// (docs/architecture/ops-and-screens.md 'The op registry', 'Ops of posts, comments and notes'): the
// comments and the private notes (docs/architecture/server.md 'Reference server') of a post
// (docs/product.md §7 Posts) and of a list item (docs/product.md §7 'List item notes and
// comments').
import { VISIBILITY, type ApiListItem, type ApiPost } from '../../../common/contract';
import { db } from '../../model/db';
import type { OpTarget } from '../../model/outbox-types';
import { putServerRows } from '../../model/rows';
import { EMPTY_COMMENT_LOCAL, EMPTY_NOTE_LOCAL } from '../../model/types';
import { authorOf, currentProfile, entryTime } from './local-rows';
import { itemPath } from './op-types';
import { commentChildOps, noteChildOps, type TextParent } from './text-child';

const POST: TextParent<{ postId: number }, { post: ApiPost }> = {
  table: 'posts',
  id: (target) => target.postId,
  path: (target) => `post/${target.postId}`,
  requires: (target) => [target.postId],
  store: (answer, ctx) => ctx.putServerPosts([answer.post]),
};

const ITEM: TextParent<{ listId: number; itemId: number }, { item: ApiListItem }> = {
  table: 'listItems',
  id: (target) => target.itemId,
  path: itemPath,
  requires: (target) => [target.listId, target.itemId],
  store: (answer) => putServerRows('listItems', [answer.item]),
};

/** The times of a row written here, as the server will write them. */
function writtenAt(entry: { createdAt: number }) {
  const at = entryTime(entry);
  return { created_at: at, updated_at: at, createdAtMs: entry.createdAt };
}

/** What a comment written here has before the server answers, whatever its parent. */
function newComment(entry: { body: { comment: string }; createdAt: number }) {
  const shown = { visibility: VISIBILITY.PUBLIC, likeCount: 0, isLiked: false, is_mine: true };
  return { comment: entry.body.comment, ...shown, ...writtenAt(entry), local: { ...EMPTY_COMMENT_LOCAL } };
}

function newNote(entry: { body: { note: string }; createdAt: number }) {
  return { note: entry.body.note, ...writtenAt(entry), local: { ...EMPTY_NOTE_LOCAL } };
}

/** 'comment.*' (docs/product.md §7 post/{id}/comment). */
export const postComments = commentChildOps('comment', {
  table: 'comments', parent: POST,
  id: (target: OpTarget<'comment.create'>) => target.commentId,
  // The author of an anonymous post stays anonymous in its comments.
  async temporaryRow(entry) {
    const me = await currentProfile();
    const post = await db.posts.get(entry.target.postId);
    const user = authorOf(me, post?.is_anonymous === true && post.is_mine);
    return { id: entry.target.commentId, post_id: entry.target.postId, user, ...newComment(entry) };
  },
});

/** 'note.*' (docs/product.md §7 post/{id}/note). */
export const postNotes = noteChildOps('note', {
  table: 'notes', parent: POST,
  id: (target: OpTarget<'note.create'>) => target.noteId,
  temporaryRow: async (entry) => ({ id: entry.target.noteId, post_id: entry.target.postId, ...newNote(entry) }),
});

/** 'listItemComment.*' (docs/product.md §7 list/{l}/item/{i}/comment). */
export const itemComments = commentChildOps('listItemComment', {
  table: 'itemComments', parent: ITEM,
  id: (target: OpTarget<'listItemComment.create'>) => target.itemCommentId,
  async temporaryRow(entry) {
    const me = await currentProfile();
    const user = { id: me?.id ?? null, username: me?.username ?? '', name: me?.name ?? '', avatar: me?.profile.avatar ?? null };
    return { id: entry.target.itemCommentId, list_item_id: entry.target.itemId, user, ...newComment(entry) };
  },
});

/** 'listItemNote.*' (docs/product.md §7 list/{l}/item/{i}/note). */
export const itemNotes = noteChildOps('listItemNote', {
  table: 'itemNotes', parent: ITEM,
  id: (target: OpTarget<'listItemNote.create'>) => target.itemNoteId,
  temporaryRow: async (entry) => ({ id: entry.target.itemNoteId, list_item_id: entry.target.itemId, ...newNote(entry) }),
});
