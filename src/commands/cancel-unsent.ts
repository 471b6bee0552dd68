// Deleting something written offline that never left the device (docs/decisions.md 'Sync
// engine: posts'): its create and every entry that depends on it are cancelled here, with its
// rows, instead of creating it on the server only to delete it. Not possible once the create is
// in flight ('sending'): then a delete is queued, and it waits for the create's real id.
import { db } from '../db/db';
import type { OutboxEntry } from '../db/outbox-types';
import type { RowRef } from '../db/types';
import { rebaseRows } from './ops/rebase';

/** The temporary id an entry creates, if it is a create. */
function createdId(entry: OutboxEntry): number | null {
  switch (entry.op) {
    case 'post.create':
      return entry.target.postId;
    case 'comment.create':
      return entry.target.commentId;
    case 'note.create':
      return entry.target.noteId;
    default:
      return null;
  }
}

/**
 * Runs inside the command's transaction. True: cancelled (the rows are gone and `rebase` rows,
 * e.g. the post whose shown count the create moved, are recomputed); false: queue a delete.
 * Only the entries naming the temporary id are read (the outbox's `ids` index): temporary ids
 * come from one sequence, so they are exactly the create and what depends on it. A post's
 * dependents include its comments' and notes' creates and what targets those, which all name
 * the post too (their target holds postId).
 */
export async function cancelUnsent(tempId: number, rebase: RowRef[]): Promise<boolean> {
  if (tempId > 0) return false;
  const entries = await db.outbox.where('ids').equals(tempId).toArray();
  const create = entries.find((entry) => createdId(entry) === tempId);
  if (!create || create.state === 'sending') return false;
  await db.outbox.bulkDelete(entries.map((entry) => entry.seq));
  await db.posts.delete(tempId);
  await db.comments.where('post_id').equals(tempId).delete();
  await db.notes.where('post_id').equals(tempId).delete();
  await db.comments.delete(tempId);
  await db.notes.delete(tempId);
  await rebaseRows(rebase);
  return true;
}
