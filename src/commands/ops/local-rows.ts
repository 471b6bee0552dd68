// Edits of local intent shared by the op modules, for every kind of row (src/model/kinds.ts).
// Each tolerates a missing row (apply is re-run by every rebase, after which a row may be gone)
// and touches only `row.local`.
import type { LocalTable } from '../../model/types';
import { KINDS, type RowOf } from '../../model/kinds';

export async function modifyRow<T extends LocalTable>(table: T, id: number, change: (row: RowOf[T]) => void): Promise<void> {
  await KINDS[table].table().where('id').equals(id).modify(change);
}

/** The moment of an entry as the server would write it (ISO), for rows shown before the ack. */
export function entryTime(entry: { createdAt: number }): string {
  return new Date(entry.createdAt).toISOString();
}
