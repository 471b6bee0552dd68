// The rebase of pending intent (docs/architecture/sync-protocol.md 'Decisions of the sync engine'):
// the local intent of a row is never edited by hand; it is recomputed as the server values plus
// every still-pending entry of the signed-in account re-applied in seq order. Shared by the sync
// worker (after a pull, an ack, a refusal, a viewer change) and the commands (a cancelled offline
// create), so both recompute intent the same way. Runs inside the caller's rw transaction over
// writeTables(). Issue #10: the entries touching the rows are found through the outbox's
// `rowKeys` index (src/model/outbox-index.ts); the whole outbox is never read, so a rebase costs what
// the rows have pending, not what the queue holds. What an entry touches and re-applies is its
// op's: the registry binds it (src/commands/ops/registry.ts rebaseRows), so the model knows no op.
import { db } from './db';
import { getAuth, viewerId } from './meta';
import { acctsOfViewer, rowKey } from './outbox-index';
import type { OutboxEntry } from './outbox-types';
import type { LocalTable, RowRef } from './types';
import { KINDS, LOCAL_TABLES } from './kinds';

type RebasePlan<E> = { reset: RowRef[]; reapply: E[] };

/**
 * What the rebase asks of the entries' ops: the rows an entry touches, and the optimistic change of
 * entries in seq order (as applying each in turn would; a run of one op may be applied at once).
 */
type EntryIntent = { rowsOf(entry: OutboxEntry): RowRef[]; applyAll(entries: readonly OutboxEntry[]): Promise<void> };

/**
 * Which rows to reset to their server values and which pending entries to re-apply on top, in
 * seq order. Starting from `seed`, every entry touching a reset row is re-applied, and every
 * other row that entry touches is reset too (to a fixed point); otherwise re-applying an entry
 * that touches two rows would count its effect twice on the row that was not reset.
 */
export function rebasePlan<E>(seed: RowRef[], pending: { entry: E; rows: RowRef[] }[]): RebasePlan<E> {
  const reset = new Map(seed.map((ref) => [rowKey(ref), ref]));
  const chosen = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    pending.forEach((item, index) => {
      if (chosen.has(index) || !item.rows.some((ref) => reset.has(rowKey(ref)))) return;
      chosen.add(index);
      grew = true;
      for (const ref of item.rows) reset.set(rowKey(ref), ref);
    });
  }
  return { reset: [...reset.values()], reapply: pending.filter((_, i) => chosen.has(i)).map((item) => item.entry) };
}

async function resetIn<T extends LocalTable>(table: T, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const kind = KINDS[table];
  await kind.table().where('id').anyOf(ids).modify((row) => {
    row.local = kind.emptyLocal();
  });
}

/** The rows back to their server values: each kind's empty intent (src/model/kinds.ts). */
async function resetLocal(refs: RowRef[]): Promise<void> {
  for (const table of LOCAL_TABLES) await resetIn(table, refs.filter((ref) => ref.table === table).map((ref) => ref.id));
}

/** The `acct` values whose entries are shown: the signed-in account's and the untagged ones. */
async function shownAccts(): Promise<Set<number>> {
  return new Set(acctsOfViewer(viewerId(await getAuth())));
}

/** The pending entries whose intent is shown: the signed-in account's (docs/architecture/sync-protocol.md 'Outbox and sync protocol'), in seq order. */
export async function shownEntries(): Promise<OutboxEntry[]> {
  const accts = [...(await shownAccts())];
  const perAcct = await Promise.all(accts.map((acct) => db.outbox.where('acct').equals(acct).toArray()));
  return perAcct.flat().sort((a, b) => a.seq - b.seq);
}

/**
 * The shown pending entries that touch the seed rows, and the rows to reset, to the fixed point of
 * rebasePlan: the index answers 'which entries name these rows' (a superset of what their
 * `rows()` touch, so each candidate is checked against its own rows), and every row a chosen
 * entry touches is looked up in its turn.
 */
async function touchingEntries(seed: RowRef[], intent: EntryIntent): Promise<RebasePlan<OutboxEntry>> {
  const accts = await shownAccts();
  const candidates = new Map<number, { entry: OutboxEntry; rows: RowRef[] }>();
  const looked = new Set<string>();
  let frontier = seed;
  const chosen = new Map<number, OutboxEntry>();
  let reset = new Map(seed.map((ref) => [rowKey(ref), ref]));
  while (frontier.length > 0) {
    const keys = frontier.map(rowKey).filter((key) => !looked.has(key));
    for (const key of keys) looked.add(key);
    if (keys.length > 0) {
      const found = await db.outbox.where('rowKeys').anyOf(keys).toArray();
      for (const entry of found) {
        if (!candidates.has(entry.seq) && accts.has(entry.acct ?? -1)) candidates.set(entry.seq, { entry, rows: intent.rowsOf(entry) });
      }
    }
    const plan = rebasePlan([...reset.values()], [...candidates.values()]);
    for (const entry of plan.reapply) chosen.set(entry.seq, entry);
    const next = new Map(plan.reset.map((ref) => [rowKey(ref), ref]));
    frontier = plan.reset.filter((ref) => !looked.has(rowKey(ref)));
    reset = next;
  }
  return { reset: [...reset.values()], reapply: [...chosen.values()].sort((a, b) => a.seq - b.seq) };
}

/**
 * Local intent of these rows = server values + the still-pending entries re-applied. After a
 * pull a pull never undoes a local action; after an ack the acknowledged intent is in the server
 * values; after a refusal or a cancel the rebase *is* the rollback. Entries held for another
 * account are not shown: their intent is not this viewer's.
 */
export async function rebaseWith(intent: EntryIntent, seed: RowRef[], seedIsServer = false): Promise<void> {
  if (seed.length === 0) return;
  const plan = await touchingEntries(seed, intent);
  // `seedIsServer`: the caller has just put the seed rows as the server sent them, with no intent
  // (src/model/merge.ts), so writing each one's empty intent again would only cost a second write
  // of every pulled row (issue #25 P5); the other rows of the fixed point are reset as always.
  const seedKeys = seedIsServer ? new Set(seed.map(rowKey)) : null;
  await resetLocal(seedKeys ? plan.reset.filter((ref) => !seedKeys.has(rowKey(ref))) : plan.reset);
  await intent.applyAll(plan.reapply);
}
