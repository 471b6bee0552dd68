// Which chunks of the feed (src/db/feed-chunks.ts) a committed write reaches, from what Dexie tells
// every context of it ('storagemutated': per index, the ranges of keys written, old and new; under
// ':dels', the rows written whose old values it did not see). The same test Dexie's live queries
// make for a read of an index's keys (its range on the index, its rows' ids under ':dels'), so a
// chunk misses no write a live query of it would have seen. It adds one thing a live query cannot
// say: that a write lies wholly below a chunk's last key, where an open last chunk reads only the
// keys below and keeps what it holds (issue #25 point 4: pulled pages are not re-read).
import { cmp, type IndexableType, type IntervalTree, type IntervalTreeNode, type ObservabilitySet } from 'dexie';
import type { FeedKey } from '../model/feed-key';

/** What a write did to the posts' feed index and to rows Dexie could not see. */
export type FeedWrite = { isAll: boolean; feed: IntervalTreeNode[]; dels: IntervalTreeNode[] };

/** How a write reaches a chunk: not at all; only below its last key; or anywhere in it. */
export type Reach = 'none' | 'below' | 'all';

export type ChunkBounds = {
  /** Highest key of the range (from the chunk above), lowest (its own), both inclusive here: a wider test only re-reads more. */
  to: IndexableType;
  from: IndexableType;
  /** The chunk's keys, newest first (the last is its lowest key read). */
  keys: readonly FeedKey[];
  /** The ids of those keys, ascending. */
  ids: readonly number[];
  /** Open below: rows written under its last key land in it. */
  isOpen: boolean;
};

function nodesOf(tree: IntervalTree | undefined): IntervalTreeNode[] {
  const nodes: IntervalTreeNode[] = [];
  const walk = (node: IntervalTreeNode | null | undefined) => {
    if (!node) return;
    walk(node.l);
    nodes.push(node);
    walk(node.r);
  };
  if (tree && 'from' in tree) walk(tree);
  return nodes;
}

/** The write's parts for the posts table of `dbName`; null when it wrote no post. */
export function feedWriteOf(dbName: string, parts: ObservabilitySet): FeedWrite | null {
  if ((parts as { all?: unknown }).all) return { isAll: true, feed: [], dels: [] };
  const prefix = `idb://${dbName}/posts/`;
  const feed = nodesOf(parts[`${prefix}feed`]);
  const dels = nodesOf(parts[`${prefix}:dels`]);
  return feed.length === 0 && dels.length === 0 ? null : { isAll: false, feed, dels };
}

const overlaps = (node: IntervalTreeNode, from: IndexableType, to: IndexableType) => cmp(node.from, to) <= 0 && cmp(node.to, from) >= 0;

/** Some id of `ids` (ascending) lies in the node's range. */
function holdsAnId(node: IntervalTreeNode, ids: readonly number[]): boolean {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (cmp(ids[mid], node.from) < 0) low = mid + 1;
    else high = mid;
  }
  return low < ids.length && cmp(ids[low], node.to) <= 0;
}

export function reachOf(write: FeedWrite, chunk: ChunkBounds): Reach {
  if (write.isAll || write.dels.some((node) => holdsAnId(node, chunk.ids))) return 'all';
  const touched = write.feed.filter((node) => overlaps(node, chunk.from, chunk.to));
  if (touched.length === 0) return 'none';
  const lowest = chunk.keys.at(-1);
  // Only keys under what an open chunk holds: it reads those, and keeps what it has.
  if (chunk.isOpen && lowest !== undefined && touched.every((node) => cmp(node.to, lowest) < 0)) return 'below';
  return 'all';
}

/** The stronger of two reaches (a chunk marked by two writes reads for both). */
export function widerReach(a: Reach, b: Reach): Reach {
  return a === 'all' || b === 'all' ? 'all' : a === 'below' || b === 'below' ? 'below' : 'none';
}
