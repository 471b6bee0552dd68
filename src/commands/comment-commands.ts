// Commands on a post's comments (docs/product.md §7 Posts): create, edit, delete, like, report. A comment
// written offline has a temporary negative id until the server answers; what is queued on it
// waits for it (docs/architecture.md 'Outbox and sync protocol'), and deleting it before it was sent cancels it (cancel-unsent.ts).
import { TEXT_LIMITS } from '../../common/constants';
import type { ReportType } from '../../common/contract';
import { cancelUnsent } from './cancel-unsent';
import { commit, commitOrSettle, newEntry, nextTempId } from './commit';
import { reportBody } from './report-body';
import { forbidden, requireRow, requireText } from './guards';
import { currentId } from '../model/rows';
import { commentRows } from './ops/op-types';

const commentText = (text: string) => requireText('comment', text, TEXT_LIMITS.comment, 'Write a comment');

/** 'comment.create': shown at once under the returned temporary id; the post's count goes up. */
export async function createComment(postId: number, text: string): Promise<{ id: number }> {
  const comment = commentText(text);
  let tempId = 0;
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('posts', id);
    tempId = await nextTempId();
    return newEntry('comment.create', { postId: id, commentId: tempId }, { comment });
  });
  return { id: tempId };
}

/** 'comment.edit' (docs/product.md §6 editComment): the comment's author only. */
export async function editComment(postId: number, commentId: number, text: string): Promise<void> {
  const comment = commentText(text);
  await commit(async () => {
    const id = await currentId('posts', postId);
    if (!(await requireRow('comments', commentId, { under: id })).is_mine) throw forbidden();
    return newEntry('comment.edit', { postId: id, commentId }, { comment });
  });
}

/** 'comment.delete' (docs/product.md §6 deleteComment): its author, or the post's owner (moderation). */
export async function deleteComment(postId: number, commentId: number): Promise<void> {
  await commitOrSettle(async () => {
    const id = await currentId('posts', postId);
    const [post, comment] = await Promise.all([requireRow('posts', id), requireRow('comments', commentId, { under: id })]);
    if (!comment.is_mine && !post.is_mine) throw forbidden();
    if (await cancelUnsent(commentId, commentRows({ postId: id, commentId }))) return null;
    return newEntry('comment.delete', { postId: id, commentId }, null);
  });
}

/** 'comment.like': a toggle; the server's answer wins. */
export async function toggleCommentLike(postId: number, commentId: number): Promise<void> {
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('comments', commentId, { under: id });
    return newEntry('comment.like', { postId: id, commentId }, null);
  });
}

/** 'comment.report' (docs/product.md §6 reportComment): anyone but the comment's author. */
export async function reportComment(postId: number, commentId: number, type: ReportType | null, details: string | null = null): Promise<void> {
  const body = reportBody(type, details);
  await commit(async () => {
    const id = await currentId('posts', postId);
    if ((await requireRow('comments', commentId, { under: id })).is_mine) throw forbidden();
    return newEntry('comment.report', { postId: id, commentId }, body);
  });
}
