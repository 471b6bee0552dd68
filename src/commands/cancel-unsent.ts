// Deleting something written offline that never left the device (docs/decisions.md 'Sync
// engine: posts'): its create and every entry that depends on it are cancelled here, with its
// rows, instead of creating it on the server only to delete it. Not possible once the create is
// in flight ('sending'): then a delete is queued, and it waits for the create's real id.
import { db } from '../db/db';
import type { OutboxEntry, TargetIds } from '../db/outbox-types';
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

function mentions(entry: OutboxEntry, id: number): boolean {
  const ids: TargetIds = entry.target;
  return ids.postId === id || ids.commentId === id || ids.noteId === id;
}

/**
 * Runs inside the command's transaction. True: cancelled (the rows are gone and `rebase` rows,
 * e.g. the post whose shown count the create moved, are recomputed); false: queue a delete.
 */
export async function cancelUnsent(tempId: number, rebase: RowRef[]): Promise<boolean> {
  if (tempId > 0) return false;
  const entries = await db.outbox.toArray();
  const create = entries.find((entry) => createdId(entry) === tempId);
  if (!create || create.state === 'sending') return false;
  // A post's dependents include its comments' and notes' creates, and what targets those.
  await db.outbox.bulkDelete(entries.filter((entry) => mentions(entry, tempId)).map((entry) => entry.seq));
  await db.posts.delete(tempId);
  await db.comments.where('post_id').equals(tempId).delete();
  await db.notes.where('post_id').equals(tempId).delete();
  await db.comments.delete(tempId);
  await db.notes.delete(tempId);
  await rebaseRows(rebase);
  return true;
}
