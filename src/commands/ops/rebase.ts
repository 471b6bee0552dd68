// DESIGN §4 rebase: the local intent of a row is never edited by hand; it is recomputed as the
// server values plus every still-pending entry of the signed-in account re-applied in seq order.
// Shared by the sync worker (after a pull, an ack, a refusal, a viewer change) and the commands
// (a cancelled offline create), so both recompute intent the same way. Runs inside the caller's
// rw transaction over writeTables().
import { db } from '../../db/db';
import { getAuth, isEntryOfViewer, viewerId } from '../../db/meta';
import type { OutboxEntry } from '../../db/outbox-types';
import { EMPTY_COMMENT_LOCAL, EMPTY_NOTE_LOCAL, EMPTY_POST_LOCAL, type LocalTable, type RowRef } from '../../db/types';
import { resetListLocal } from './list-rebase';
import { applyEntry, rowsOf } from './registry';

function refKey(ref: RowRef): string {
  return `${ref.table}:${ref.id}`;
}

export type RebasePlan<E> = { reset: RowRef[]; reapply: E[] };

/**
 * Which rows to reset to their server values and which pending entries to re-apply on top, in
 * seq order. Starting from `seed`, every entry touching a reset row is re-applied, and every
 * other row that entry touches is reset too (to a fixed point); otherwise re-applying an entry
 * that touches two rows would count its effect twice on the row that was not reset.
 */
export function rebasePlan<E>(seed: RowRef[], pending: { entry: E; rows: RowRef[] }[]): RebasePlan<E> {
  const reset = new Map(seed.map((ref) => [refKey(ref), ref]));
  const chosen = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    pending.forEach((item, index) => {
      if (chosen.has(index) || !item.rows.some((ref) => reset.has(refKey(ref)))) return;
      chosen.add(index);
      grew = true;
      for (const ref of item.rows) reset.set(refKey(ref), ref);
    });
  }
  return { reset: [...reset.values()], reapply: pending.filter((_, i) => chosen.has(i)).map((item) => item.entry) };
}


function idsIn(refs: RowRef[], table: LocalTable): number[] {
  return refs.filter((ref) => ref.table === table).map((ref) => ref.id);
}

async function resetLocal(refs: RowRef[]): Promise<void> {
  await db.posts.where('id').anyOf(idsIn(refs, 'posts')).modify((row) => {
    row.local = { ...EMPTY_POST_LOCAL };
  });
  await db.comments.where('id').anyOf(idsIn(refs, 'comments')).modify((row) => {
    row.local = { ...EMPTY_COMMENT_LOCAL };
  });
  await db.notes.where('id').anyOf(idsIn(refs, 'notes')).modify((row) => {
    row.local = { ...EMPTY_NOTE_LOCAL };
  });
  await resetListLocal(refs);
}

/** The pending entries whose intent is shown: the signed-in account's (DESIGN §4), in seq order. */
export async function shownEntries(): Promise<OutboxEntry[]> {
  const viewer = viewerId(await getAuth());
  return (await db.outbox.orderBy('seq').toArray()).filter((entry) => isEntryOfViewer(entry, viewer));
}

/**
 * Local intent of these rows = server values + the still-pending entries re-applied. After a
 * pull a pull never undoes a local action; after an ack the acknowledged intent is in the server
 * values; after a refusal or a cancel the rebase *is* the rollback. Entries held for another
 * account are not shown: their intent is not this viewer's.
 */
export async function rebaseRows(seed: RowRef[]): Promise<void> {
  if (seed.length === 0) return;
  const pending = await shownEntries();
  const plan = rebasePlan(seed, pending.map((entry) => ({ entry, rows: rowsOf(entry) })));
  await resetLocal(plan.reset);
  for (const entry of plan.reapply) await applyEntry(entry);
}
