// Deleting something written offline that never left the device
// (docs/decisions/0017-sync-engine-posts-deleting-what-was-never-sent-cancels-it.md): its create
// and every entry that depends on it are cancelled here, with its rows and what belongs to them,
// instead of creating it on the server only to delete it. One rule for every kind of row
// (src/model/kinds.ts names each kind's create). Not possible once the create is in flight
// ('sending'): then a delete is queued, and it waits for the real id.
import { db } from '../model/db';
import { inFlightSeqs, isSending } from '../model/in-flight';
import type { OutboxEntry, TargetIds } from '../model/outbox-types';
import type { LocalTable, RowRef } from '../model/types';
import { KINDS, LOCAL_TABLES } from '../model/kinds';
import { rebaseRows } from '../commands/ops/registry';
import { forgetRows } from '../model/rows';

/** The kind of row an entry creates under `tempId`, if it is that row's create. */
function createdKind(entry: OutboxEntry, tempId: number): LocalTable | undefined {
  const ids: TargetIds = entry.target;
  return LOCAL_TABLES.find((table) => KINDS[table].createOp === entry.op && ids[KINDS[table].targetField] === tempId);
}

/**
 * Runs inside the command's transaction. True: cancelled (the rows are gone and `rebase` rows,
 * e.g. the post whose shown count the create moved, are recomputed); false: queue a delete.
 * Only the entries naming the temporary id are read (the outbox's `ids` index): temporary ids
 * come from one sequence, so they are exactly the create and what depends on it. A post's
 * dependents include its comments' and notes' creates and what targets those, which all name
 * the post too (their target holds postId); the same holds for a list and its items.
 */
export async function cancelUnsent(tempId: number, rebase: RowRef[]): Promise<boolean> {
  if (tempId > 0) return false;
  const entries = await db.outbox.where('ids').equals(tempId).toArray();
  const create = entries.map((entry) => ({ entry, table: createdKind(entry, tempId) })).find((found) => found.table !== undefined);
  if (!create?.table || isSending(create.entry, await inFlightSeqs())) return false;
  await db.outbox.bulkDelete(entries.map((entry) => entry.seq));
  await forgetRows(create.table, [tempId]);
  await rebaseRows(rebase);
  return true;
}
