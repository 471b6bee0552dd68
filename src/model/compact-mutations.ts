// What a large write tells the live queries of every context (docs/architecture/local-store.md
// 'Reads that follow the screen, not the store'). Dexie records, per transaction, the keys and
// index keys each write touched, and at the commit sends them to every context, where each live
// query merges them into its own set while it runs and checks them against what it read. Writes of
// 50 rows or more are recorded as the whole table (every live query of it re-runs); smaller ones
// key by key, which for a pulled run of 640 posts is 640 keys in each of the table's ten indexes:
// merging them cost the feed screen 4.3 s of a 9.8 s pull of 10,000 posts (bench P5), against
// 89,000 cursor steps when the whole table was re-read. So a large write is put in slices of fewer
// than 50 rows and its record compacted to one range per index, from its lowest key to its highest:
// a query re-runs if what it read lies in that span. A wider record only re-runs more queries; it
// never misses one.
import { Dexie, RangeSet, type IndexableType, type IntervalTree, type IntervalTreeNode } from 'dexie';

/** Fewer than Dexie's 50: the largest write it records key by key (dexie.mjs observabilityMiddleware). */
export const TRACKED_WRITE_ROWS = 40;

/** Dexie keeps the record on the IndexedDB transaction (not in its types). */
type RecordingTransaction = IDBTransaction & { mutatedParts?: Record<string, IntervalTree> };

/**
 * In the caller's rw transaction: the record of `table`'s writes so far, one range per index.
 * Outside a transaction (or before any write) there is nothing to compact.
 */
export function compactMutations(dbName: string, table: string): void {
  const transaction = Dexie.currentTransaction?.idbtrans as RecordingTransaction | undefined;
  const parts = transaction?.mutatedParts;
  if (!parts) return;
  const prefix = `idb://${dbName}/${table}/`;
  for (const [part, set] of Object.entries(parts)) {
    if (!part.startsWith(prefix)) continue;
    const span = spanOf(set);
    if (span) parts[part] = new RangeSet(span.from, span.to);
  }
}

/** The lowest and highest key of a range tree (in order: left, node, right); null when empty. */
function spanOf(tree: IntervalTree): { from: IndexableType; to: IndexableType } | null {
  if (!('from' in tree)) return null;
  let lowest: IntervalTreeNode = tree;
  while (lowest.l) lowest = lowest.l;
  let highest: IntervalTreeNode = tree;
  while (highest.r) highest = highest.r;
  return { from: lowest.from, to: highest.to };
}
