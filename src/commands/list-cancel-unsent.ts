// Deleting a list, item, note or comment made offline whose create was never sent cancels the
// create and everything queued on it, with its rows, as src/commands/cancel-unsent.ts does for
// posts. Not possible once the create is in flight ('sending'): a delete is queued instead.
import { db } from '../db/db';
import type { OutboxEntry } from '../db/outbox-types';
import type { RowRef } from '../db/types';
import { forgetItem, forgetList } from './ops/list-store';
import { rebaseRows } from './ops/rebase';

function createdId(entry: OutboxEntry): number | null {
  switch (entry.op) {
    case 'list.create':
      return entry.target.listId;
    case 'listItem.create':
      return entry.target.itemId;
    case 'listItemNote.create':
      return entry.target.itemNoteId;
    case 'listItemComment.create':
      return entry.target.itemCommentId;
    default:
      return null;
  }
}

/**
 * Inside the command's transaction. True: cancelled (rows gone, `rebase` rows recomputed). Only
 * the entries naming the temporary id are read (the outbox's `ids` index): the create and what
 * is queued on it.
 */
export async function cancelUnsentListEntity(tempId: number, rebase: RowRef[]): Promise<boolean> {
  if (tempId > 0) return false;
  const entries = await db.outbox.where('ids').equals(tempId).toArray();
  const create = entries.find((entry) => createdId(entry) === tempId);
  if (!create || create.state === 'sending') return false;
  await db.outbox.bulkDelete(entries.map((entry) => entry.seq));
  if (create.op === 'list.create') await forgetList(tempId);
  if (create.op === 'listItem.create') await forgetItem(tempId);
  await db.itemNotes.delete(tempId);
  await db.itemComments.delete(tempId);
  await rebaseRows(rebase);
  return true;
}
