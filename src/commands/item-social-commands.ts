// Commands on a list item's private notes and its comments (docs/product.md §7 'List item notes and
// comments'), shaped like the post ones (note-commands.ts, comment-commands.ts).
import { TEXT_LIMITS } from '../../common/constants';
import type { ReportType } from '../../common/contract';
import { commit, commitOrSettle, newEntry, nextTempId } from './commit';
import { reportBody } from './report-body';
import { cancelUnsent } from './cancel-unsent';
import { forbidden, itemTarget, requireItem, requireRow, requireText } from './guards';
import { itemCommentRows, itemNoteRows } from './ops/op-types';

const noteText = (text: string) => requireText('note', text, TEXT_LIMITS.note, 'Write a note');
const commentText = (text: string) => requireText('comment', text, TEXT_LIMITS.comment, 'Write a comment');

/** 'listItemNote.create': returns the temporary id. */
export async function createItemNote(itemId: number, text: string): Promise<{ id: number }> {
  const note = noteText(text);
  let id = 0;
  await commit(async () => {
    const target = itemTarget(await requireItem(itemId, 'active'));
    id = await nextTempId();
    return newEntry('listItemNote.create', { ...target, itemNoteId: id }, { note });
  });
  return { id };
}

export async function editItemNote(noteId: number, text: string): Promise<void> {
  const note = noteText(text);
  await commit(async () => {
    const row = await requireRow('itemNotes', noteId);
    const target = itemTarget(await requireItem(row.list_item_id, 'active'));
    return newEntry('listItemNote.edit', { ...target, itemNoteId: row.id }, { note });
  });
}

export async function deleteItemNote(noteId: number): Promise<void> {
  await commitOrSettle(async () => {
    const row = await requireRow('itemNotes', noteId);
    const target = { ...itemTarget(await requireItem(row.list_item_id, 'active')), itemNoteId: row.id };
    if (await cancelUnsent(row.id, itemNoteRows(target))) return null;
    return newEntry('listItemNote.delete', target, null);
  });
}

/** 'listItemComment.create': returns the temporary id. */
export async function createItemComment(itemId: number, text: string): Promise<{ id: number }> {
  const comment = commentText(text);
  let id = 0;
  await commit(async () => {
    const target = itemTarget(await requireItem(itemId, 'active'));
    id = await nextTempId();
    return newEntry('listItemComment.create', { ...target, itemCommentId: id }, { comment });
  });
  return { id };
}

/** 'listItemComment.edit': its author only. */
export async function editItemComment(commentId: number, text: string): Promise<void> {
  const comment = commentText(text);
  await commit(async () => {
    const row = await requireRow('itemComments', commentId);
    if (!row.is_mine) throw forbidden();
    const target = itemTarget(await requireItem(row.list_item_id, 'active'));
    return newEntry('listItemComment.edit', { ...target, itemCommentId: row.id }, { comment });
  });
}

/** 'listItemComment.delete': its author or the list's owner. */
export async function deleteItemComment(commentId: number): Promise<void> {
  await commitOrSettle(async () => {
    const row = await requireRow('itemComments', commentId);
    const item = await requireItem(row.list_item_id, 'active');
    if (!row.is_mine && !item.is_mine) throw forbidden();
    const target = { ...itemTarget(item), itemCommentId: row.id };
    if (await cancelUnsent(row.id, itemCommentRows(target))) return null;
    return newEntry('listItemComment.delete', target, null);
  });
}

/** 'listItemComment.report': anyone but its author. */
export async function reportItemComment(commentId: number, type: ReportType | null, details: string | null = null): Promise<void> {
  const body = reportBody(type, details);
  await commit(async () => {
    const row = await requireRow('itemComments', commentId);
    if (row.is_mine) throw forbidden();
    const target = itemTarget(await requireItem(row.list_item_id, 'active'));
    return newEntry('listItemComment.report', { ...target, itemCommentId: row.id }, body);
  });
}
