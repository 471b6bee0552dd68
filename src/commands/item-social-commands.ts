// Commands on a list item's private notes and its comments (docs/product.md §7 'List item notes and
// comments'), shaped like the post ones (note-commands.ts, comment-commands.ts); the item must be
// active (an archived item is only restored).
import type { ReportType } from '../../common/contract';
import { commit, newEntry } from './commit';
import { reportBody } from './report-body';
import { itemComments, itemNotes } from './ops/text-children';
import { checkText, createUnder, deleteChild, itemOf, rowOfItem } from './text-child';

/** 'listItemNote.create': returns the temporary id. */
export async function createItemNote(itemId: number, text: string): Promise<{ id: number }> {
  const note = checkText.note(text);
  return createUnder(() => itemOf(itemId), (item, itemNoteId) => newEntry('listItemNote.create', { ...item, itemNoteId }, { note }));
}

export async function editItemNote(noteId: number, text: string): Promise<void> {
  const note = checkText.note(text);
  await commit(async () => {
    const { row, item } = await rowOfItem('itemNotes', noteId, 'anyone');
    return newEntry('listItemNote.edit', { ...item, itemNoteId: row.id }, { note });
  });
}

export async function deleteItemNote(noteId: number): Promise<void> {
  await deleteChild(async () => {
    const { row, item } = await rowOfItem('itemNotes', noteId, 'anyone');
    const target = { ...item, itemNoteId: row.id };
    return { id: row.id, rows: itemNotes.withParent(target), entry: () => newEntry('listItemNote.delete', target, null) };
  });
}

/** 'listItemComment.create': returns the temporary id. */
export async function createItemComment(itemId: number, text: string): Promise<{ id: number }> {
  const comment = checkText.comment(text);
  return createUnder(() => itemOf(itemId), (item, itemCommentId) => newEntry('listItemComment.create', { ...item, itemCommentId }, { comment }));
}

/** 'listItemComment.edit': its author only. */
export async function editItemComment(commentId: number, text: string): Promise<void> {
  const comment = checkText.comment(text);
  await commit(async () => {
    const { row, item } = await rowOfItem('itemComments', commentId, 'author');
    return newEntry('listItemComment.edit', { ...item, itemCommentId: row.id }, { comment });
  });
}

/** 'listItemComment.delete': its author or the list's owner. */
export async function deleteItemComment(commentId: number): Promise<void> {
  await deleteChild(async () => {
    const { row, item } = await rowOfItem('itemComments', commentId, 'authorOrOwner');
    const target = { ...item, itemCommentId: row.id };
    return { id: row.id, rows: itemComments.withParent(target), entry: () => newEntry('listItemComment.delete', target, null) };
  });
}

/** 'listItemComment.report': anyone but its author. */
export async function reportItemComment(commentId: number, type: ReportType | null, details: string | null = null): Promise<void> {
  const body = reportBody(type, details);
  await commit(async () => {
    const { row, item } = await rowOfItem('itemComments', commentId, 'others');
    return newEntry('listItemComment.report', { ...item, itemCommentId: row.id }, body);
  });
}
