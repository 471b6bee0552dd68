// Edits of local intent shared by the op modules. Each tolerates a missing row (DESIGN §4: apply
// is re-run by every rebase, after which a row may be gone) and touches only `row.local`.
import { db } from '../../db/db';
import type { CommentRow, NoteRow, PostRow } from '../../db/types';

export async function modifyPost(id: number, change: (row: PostRow) => void): Promise<void> {
  await db.posts.where('id').equals(id).modify(change);
}

export async function modifyComment(id: number, change: (row: CommentRow) => void): Promise<void> {
  await db.comments.where('id').equals(id).modify(change);
}

export async function modifyNote(id: number, change: (row: NoteRow) => void): Promise<void> {
  await db.notes.where('id').equals(id).modify(change);
}

/** The moment of an entry as the server would write it (ISO), for rows shown before the ack. */
export function entryTime(entry: { createdAt: number }): string {
  return new Date(entry.createdAt).toISOString();
}
