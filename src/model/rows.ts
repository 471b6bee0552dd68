// The writes of server rows and real ids into the local database, one machinery for every kind
// of row (src/model/kinds.ts). Plain Dexie code run inside the caller's rw transaction over
// writeTables(): the drain (an ack, through its OpContext), a pull and a command (a cancelled
// offline create) merge, forget and re-key a row the same way. The caller then rebases what it
// wrote (src/model/rebase.ts), which re-applies the still-pending intent.
import { Dexie, type InsertType, type Table } from 'dexie';
import { db } from './db';
import { getMeta, mappedId, setMeta } from './meta';
import type { TargetIds } from './outbox-types';
import type { LocalTable } from './types';
import { childrenOf, KINDS, LOCAL_TABLES, type Kind, type RowOf, type ServerRowOf } from './kinds';
import { forgetGroupAdmin } from './group-admin-cache';
import { compactMutations, TRACKED_WRITE_ROWS } from './compact-mutations';
import { isDense, spanOf } from './key-span';

function tableOf<T extends LocalTable>(table: T): Table<RowOf[T], number, InsertType<RowOf[T], 'id'>> {
  return KINDS[table].table();
}

/** Dexie keeps the last rows read with `cache` on the IndexedDB transaction (not in its types). */
type CachingTransaction = IDBTransaction & { _cache?: { keys: readonly unknown[]; values: readonly unknown[] } | null };

/** A pulled slice's ids spread over at most 4 times their number are read as one span. */
const SLICE_SPREAD = 4;

/**
 * The rows a put is about to replace. Dexie's hooks (src/model/db.ts keepDerivedFields) read them
 * again before the put; left in the transaction's cache, they find them there: each row is read
 * once, not twice (a pulled run of 640 posts: 640 reads fewer). Keys close together are read as
 * one span (one request for a slice of 40, not 40; issue #25 P5) and left in the cache as the
 * hooks will ask for them, in the put's order.
 */
async function readReplaced<Row extends { id: number }>(table: Table<Row, number, InsertType<Row, 'id'>>, keys: number[]): Promise<(Row | undefined)[]> {
  const transaction = Dexie.currentTransaction;
  if (!transaction) return table.bulkGet(keys);
  if (isDense(keys, SLICE_SPREAD)) {
    const { lower, upper } = spanOf(keys);
    const held = await table.where(':id').between(lower, upper, true, true).toArray();
    const byId = new Map(held.map((row) => [row.id, row]));
    const values = keys.map((key) => byId.get(key));
    (transaction.idbtrans as CachingTransaction)._cache = { keys, values };
    return values;
  }
  // The core answers rows as stored: the table's Row type (no reading hooks are declared).
  return (await table.core.getMany({ trans: transaction.idbtrans, keys, cache: 'immutable' })) as (Row | undefined)[];
}

/** Put in slices of fewer than 50 rows, a large write's record then compacted (src/model/compact-mutations.ts). */
async function putMerged<Row extends { id: number; local: object }, Server extends { id: number }>(
  kind: Kind<Row, Server>, incoming: Server[],
): Promise<void> {
  const table = kind.table();
  const isLarge = incoming.length > TRACKED_WRITE_ROWS;
  for (let start = 0; start < incoming.length; start += TRACKED_WRITE_ROWS) {
    const slice = incoming.slice(start, start + TRACKED_WRITE_ROWS);
    const existing = await readReplaced(table, slice.map((row) => row.id));
    await table.bulkPut(slice.map((row, i) => kind.merge(existing[i], row)));
    // After each slice: Dexie merges the next slice's keys into this record, kept one range an index.
    if (isLarge) compactMutations(db.name, table.name);
  }
}

/** Rows as the server sent them, merged over the local ones (src/model/merge.ts): no intent left. */
export async function putServerRows<T extends LocalTable>(table: T, incoming: ServerRowOf[T][]): Promise<void> {
  await putMerged(KINDS[table], incoming);
}

/** The server says these rows are gone (or they were never sent): they go, with what belongs to them. */
export async function forgetRows(table: LocalTable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  for (const child of childrenOf(table)) {
    await forgetRows(child.table, await tableOf(child.table).where(child.field).anyOf(ids).primaryKeys());
  }
  await tableOf(table).bulkDelete(ids);
  // Issue #28: what the admin screen read of a group (its members, its requests) goes with it.
  if (table === 'groups') await forgetGroupAdmin(ids);
}

const TARGET_FIELDS = LOCAL_TABLES.map((table) => KINDS[table].targetField);

/**
 * Temporary ids come from one sequence (src/commands/commit.ts nextTempId), so a value names one
 * entity whatever target field holds it. Only the entries naming it are read (the outbox's `ids`
 * index); the hooks of src/model/db.ts re-index them.
 */
async function rewriteTargets(tempId: number, realId: number): Promise<void> {
  await db.outbox.where('ids').equals(tempId).modify((entry) => {
    const ids: TargetIds = entry.target;
    for (const field of TARGET_FIELDS) if (ids[field] === tempId) ids[field] = realId;
  });
}

/**
 * A row made offline got its real id (the create's ack), in the caller's transaction: the
 * temporary row goes (the caller puts the server's), the rows belonging to it and every pending
 * entry follow the real id, and the kind's id map remembers it for screens holding the old one.
 */
export async function rewriteTempId(table: LocalTable, tempId: number, realId: number): Promise<void> {
  await tableOf(table).delete(tempId);
  for (const child of childrenOf(table)) {
    await tableOf(child.table).where(child.field).equals(tempId).modify((row) => {
      Object.assign(row, { [child.field]: realId });
    });
  }
  await rewriteTargets(tempId, realId);
  const { idMap } = KINDS[table];
  if (!idMap) return;
  const map = (await getMeta(idMap)) ?? {};
  await setMeta(idMap, { ...map, [String(tempId)]: realId });
}

/** The id a row has now: a temporary id whose row has since got its real one is followed. */
export async function currentId(table: LocalTable, id: number): Promise<number> {
  const { idMap } = KINDS[table];
  if (!idMap || id > 0 || (await tableOf(table).get(id))) return id;
  return (await mappedId(idMap, id)) ?? id;
}
