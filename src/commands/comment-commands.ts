// Commands on a post's comments (docs/product.md §7 Posts): create, edit, delete, like, report. A comment
// written offline has a temporary negative id until the server answers; what is queued on it
// waits for it (docs/architecture/sync-protocol.md 'Outbox and sync protocol'), and deleting it
// before it was sent cancels it (cancel-unsent.ts).
import type { ReportType } from '../../common/contract';
import { commit, newEntry } from './commit';
import { reportBody } from './report-body';
import { postComments } from './ops/text-children';
import { checkText, createUnder, deleteChild, postTarget, rowOfPost } from './text-child';

/** 'comment.create': shown at once under the returned temporary id; the post's count goes up. */
export async function createComment(postId: number, text: string): Promise<{ id: number }> {
  const comment = checkText.comment(text);
  return createUnder(() => postTarget(postId), (post, commentId) => newEntry('comment.create', { ...post, commentId }, { comment }));
}

/** 'comment.edit' (docs/product.md §6 editComment): the comment's author only. */
export async function editComment(postId: number, commentId: number, text: string): Promise<void> {
  const comment = checkText.comment(text);
  await commit(async () => {
    const { row, post } = await rowOfPost('comments', postId, commentId, 'author');
    return newEntry('comment.edit', { ...post, commentId: row.id }, { comment });
  });
}

/** 'comment.delete' (docs/product.md §6 deleteComment): its author, or the post's owner (moderation). */
export async function deleteComment(postId: number, commentId: number): Promise<void> {
  await deleteChild(async () => {
    const { row, post } = await rowOfPost('comments', postId, commentId, 'authorOrOwner');
    const target = { ...post, commentId: row.id };
    return { id: row.id, rows: postComments.withParent(target), entry: () => newEntry('comment.delete', target, null) };
  });
}

/** 'comment.like': a toggle; the server's answer wins. */
export async function toggleCommentLike(postId: number, commentId: number): Promise<void> {
  await commit(async () => {
    const { row, post } = await rowOfPost('comments', postId, commentId, 'anyone');
    return newEntry('comment.like', { ...post, commentId: row.id }, null);
  });
}

/** 'comment.report' (docs/product.md §6 reportComment): anyone but the comment's author. */
export async function reportComment(postId: number, commentId: number, type: ReportType | null, details: string | null = null): Promise<void> {
  const body = reportBody(type, details);
  await commit(async () => {
    const { row, post } = await rowOfPost('comments', postId, commentId, 'others');
    return newEntry('comment.report', { ...post, commentId: row.id }, body);
  });
}
