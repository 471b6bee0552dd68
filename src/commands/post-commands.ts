// Commands on a post besides pray, bookmark and create (src/commands/index.ts): edit, delete,
// answer, remove the answer, report. Each is one transaction (commit.ts) and resolves once the
// change is saved locally; the sync worker sends it (docs/architecture.md 'The shape', §4).
import { TEXT_LIMITS } from '../../common/constants';
import { POST_KINDS, type ReportType, type UpdatePostBody } from '../../common/contract';
import { cancelUnsent } from './cancel-unsent';
import { fieldError } from './command-error';
import { commit, commitOrSettle, newEntry } from './commit';
import { reportBody } from './report-body';
import { undoableEntry, type UndoOption } from './undo';
import { requireRow, requireText } from './guards';
import { currentId } from '../model/rows';

function validateEdit(edit: UpdatePostBody): UpdatePostBody {
  const body: UpdatePostBody = {};
  if (edit.text !== undefined) body.text = requireText('text', edit.text, TEXT_LIMITS.request, 'Write your prayer');
  if (edit.type !== undefined) {
    if (!POST_KINDS.includes(edit.type)) throw fieldError('type', 'Choose a request or a thanksgiving.');
    body.type = edit.type;
  }
  if (edit.is_anonymous !== undefined) body.is_anonymous = edit.is_anonymous;
  // The server refuses an edit naming no field (docs/api.md); so does the command.
  if (Object.keys(body).length === 0) throw fieldError('body', 'Change something before saving.');
  return body;
}

/** 'post.edit' (docs/product.md §4 editPost, owner only): text, type and/or anonymity. */
export async function editPost(postId: number, edit: UpdatePostBody): Promise<void> {
  const body = validateEdit(edit);
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('posts', id, { who: 'owner' });
    return newEntry('post.edit', { postId: id }, body);
  });
}

/**
 * 'post.delete' (docs/product.md §4 deletePost, owner only): hidden at once. A post written offline whose
 * creation has not been sent is cancelled here with everything queued on it; nothing is sent.
 */
export async function deletePost(postId: number, option: UndoOption = {}): Promise<void> {
  await commitOrSettle(async () => {
    const id = await currentId('posts', postId);
    await requireRow('posts', id, { who: 'owner' });
    if (await cancelUnsent(id, [])) return null;
    return undoableEntry('post.delete', { postId: id }, null, option);
  });
}

/**
 * 'post.answer' (docs/product.md §4 answeredPost / editAnsweredPost, owner only): marks the post answered
 * with an optional testimony (empty = none), or edits the testimony. The post moves to the top
 * of the feed (docs/product.md §4).
 */
export async function answerPost(postId: number, answerText: string | null = null): Promise<void> {
  const text = (answerText ?? '').trim();
  if (text.length > TEXT_LIMITS.request) throw fieldError('answer_text', `Keep it under ${TEXT_LIMITS.request} characters`);
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('posts', id, { who: 'owner' });
    return newEntry('post.answer', { postId: id }, { answer_text: text === '' ? null : text });
  });
}

/** 'post.unanswer' (docs/product.md §4 deleteAnsweredPost, owner only): removes the answer and testimony. */
export async function removeAnswer(postId: number): Promise<void> {
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('posts', id, { who: 'owner' });
    return newEntry('post.unanswer', { postId: id }, null);
  });
}

/** 'post.report' (docs/product.md §4 reportPost: someone else's post only). */
export async function reportPost(postId: number, type: ReportType | null, details: string | null = null): Promise<void> {
  const body = reportBody(type, details);
  await commit(async () => {
    const id = await currentId('posts', postId);
    await requireRow('posts', id, { who: 'others' });
    return newEntry('post.report', { postId: id }, body);
  });
}
