// Row helpers of list-item notes and comments (SPEC §7 'List item notes and comments').
import { db } from '../../db/db';
import type { ItemCommentRow, ItemNoteRow, RowRef } from '../../db/types';
import { itemRow } from './list-store';

export const itemNoteRows = (target: { itemId: number; itemNoteId: number }): RowRef[] => [
  { table: 'itemNotes', id: target.itemNoteId },
  ...itemRow(target.itemId),
];
export const itemCommentRows = (target: { itemId: number; itemCommentId: number }): RowRef[] => [
  { table: 'itemComments', id: target.itemCommentId },
  ...itemRow(target.itemId),
];

export async function modifyItemNote(id: number, change: (row: ItemNoteRow) => void): Promise<void> {
  await db.itemNotes.where('id').equals(id).modify(change);
}

export async function modifyItemComment(id: number, change: (row: ItemCommentRow) => void): Promise<void> {
  await db.itemComments.where('id').equals(id).modify(change);
}

export const itemPath = (target: { listId: number; itemId: number }): string => `list/${target.listId}/item/${target.itemId}`;
