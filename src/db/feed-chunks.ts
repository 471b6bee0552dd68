// Issue #10 'screens read windows, not tables': the unfiltered community feed as a run of chunks
// of the `feed` index (src/model/feed-key.ts), each kept current over a fixed key range. A
// write re-reads only the chunk whose range it touches: a pulled page at the end re-reads the last
// chunk, a new post at the top the first, a pray none. Growing the window reads one more chunk;
// nothing re-reads what was read before. Without chunks, each growth and each pulled page re-read
// every key up to the window's end (up to 10,000): bench SCROLL's slow frames and P5's growing
// per-page cost.
//
// Issue #25 point 4: the chunks are watched through one listener of Dexie's 'storagemutated', not
// a live query each (src/db/feed-write-reach.ts decides which chunks a write reaches, as a live
// query would). So a chunk is read once when made, not again by its live query's first run; and a
// write wholly below the open last chunk's keys (a pulled run) reads only those keys and appends
// them. Before, a pull of 10,000 posts stepped the page's key cursors about 25,000 times (bench P5).
//
// The chunks partition the channel's keys from the top down: chunk 0 runs from the top of the
// channel to its lower bound; chunk i from its lower bound (included) to chunk i-1's lower bound
// (excluded). Bounds are key values fixed when the chunk was read, so a chunk that gains rows
// keeps its range and its neighbours do not move. Only the last chunk may be open below: it
// reached the oldest post held here, and rows pulled below it land in it; once it holds
// more than two steps it is cut into chunks of a step, so no single read grows with what was pulled.
import { Dexie, liveQuery, type ObservabilitySet, type Subscription } from 'dexie';
import { db } from '../model/db';
import { feedKeyRow, type FeedKey, type FeedKeyRow } from '../model/feed-key';
import { clearReadFailure, reportReadFailure } from './live-read';
import { feedWriteOf, reachOf, widerReach, type Reach } from './feed-write-reach';

type Chunk = {
  /** The lower bound of the chunk before (excluded); null for the top of the channel. */
  upper: FeedKey | null;
  /** This chunk's own lower bound (included); null: open below, down to the oldest post held. */
  lower: FeedKey | null;
  /** Its keys, newest first, as last read. */
  keys: FeedKey[];
  rows: FeedKeyRow[];
  /** The ids of its keys, ascending (feed-write-reach's test for rows written unseen). */
  ids: number[];
  /** What writes since its last read ask of it; a read is under way while `isReading`. */
  pending: Reach;
  isReading: boolean;
};

/** What the screen reads: the rows of every chunk, newest first, and what lies below them. */
export type ChunkedFeed = {
  rows: FeedKeyRow[];
  /** The last chunk is open: no post older than these is held here. */
  isEnd: boolean;
  /** Posts held below the last chunk (counted on the index, not read); 0 when `isEnd`. */
  heldBelow: number;
};

/** The live count of the channel's posts (null while the end is read: nothing to count). */
type Total = { count: number | undefined; subscription: Subscription | null };

function sameKeys(a: readonly FeedKey[], b: readonly FeedKey[]): boolean {
  return a.length === b.length && a.every((key, i) => key.every((part, j) => part === b[i]?.[j]));
}

function makeChunk(upper: FeedKey | null, lower: FeedKey | null, keys: FeedKey[]): Chunk {
  const chunk: Chunk = { upper, lower, keys: [], rows: [], ids: [], pending: 'none', isReading: false };
  setKeys(chunk, keys);
  return chunk;
}

function setKeys(chunk: Chunk, keys: FeedKey[]): void {
  chunk.keys = keys;
  chunk.rows = keys.map(feedKeyRow);
  chunk.ids = chunk.rows.map((row) => row.id).sort((a, b) => a - b);
}

export class FeedChunks {
  private readonly chunks: Chunk[] = [];
  private readonly listeners = new Set<() => void>();
  private total: Total | null = null;
  private snapshot: ChunkedFeed | undefined;
  private isGrowing = false;
  /** Moves on at every start and dispose: a read that began before is dropped (React's StrictMode runs effects twice). */
  private generation = 0;
  private isDisposed = true;
  /** Writes of posts heard of: a chunk whose first read saw one go by reads again. */
  private writesHeard = 0;
  /** Names this feed's failed reads for the storage notice (src/db/live-read.ts). */
  private readonly failureKey = {};

  constructor(
    private readonly channelId: number,
    private readonly firstSize: number,
    private readonly step: number,
  ) {}

  /** Reads the first chunk; the snapshot is undefined until it is read. */
  async start(): Promise<void> {
    this.dispose();
    this.isDisposed = false;
    Dexie.on('storagemutated', this.onWrite);
    await this.addChunk(null, this.firstSize);
  }

  /** Reads one more chunk below the last one, unless the last one already reached the end. */
  async grow(): Promise<void> {
    const last = this.chunks.at(-1);
    if (this.isGrowing || !last?.lower) return;
    this.isGrowing = true;
    try {
      await this.addChunk(last.lower, this.step);
    } finally {
      this.isGrowing = false;
    }
  }

  /** A failed read keeps the last snapshot (issue #23: never the error page); the notice's Retry starts again. */
  getSnapshot = (): ChunkedFeed | undefined => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Stops watching; the listeners stay (a start after a dispose goes on publishing to them). */
  dispose(): void {
    this.isDisposed = true;
    this.generation += 1;
    Dexie.on.storagemutated.unsubscribe(this.onWrite);
    this.chunks.length = 0;
    this.total?.subscription?.unsubscribe();
    this.total = null;
    clearReadFailure(this.failureKey);
  }

  private range(upper: FeedKey | null, lower: FeedKey | null) {
    const from = lower ?? [this.channelId, Dexie.minKey];
    const to = upper ?? [this.channelId, Dexie.maxKey];
    return db.posts.where('feed').between(from, to, true, upper === null);
  }

  /** Reads `size` keys below `upper` into a new last chunk, then keeps it current. */
  private async addChunk(upper: FeedKey | null, size: number): Promise<void> {
    const generation = this.generation;
    const heard = this.writesHeard;
    let keys: FeedKey[];
    try {
      keys = (await this.range(upper, null).reverse().limit(size).keys()) as unknown as FeedKey[];
    } catch (error) {
      if (generation === this.generation) this.fail(error);
      return;
    }
    if (this.isDisposed || generation !== this.generation) return;
    const chunk = makeChunk(upper, keys.length < size ? null : (keys.at(-1) ?? null), keys);
    this.chunks.push(chunk);
    this.watchTotal();
    this.publish();
    // A write committed while it was read may or may not be in it: read it again.
    if (this.writesHeard !== heard) this.mark(chunk, 'all');
  }

  /** Every committed write, in this context or another (Dexie tells them all): the chunks it reaches read again. */
  private readonly onWrite = (parts: ObservabilitySet): void => {
    if (this.isDisposed) return;
    const write = feedWriteOf(db.name, parts);
    if (!write) return;
    this.writesHeard += 1;
    const minKey: FeedKey = [this.channelId, Dexie.minKey] as unknown as FeedKey;
    const maxKey: FeedKey = [this.channelId, Dexie.maxKey] as unknown as FeedKey;
    for (const chunk of this.chunks) {
      const bounds = { from: chunk.lower ?? minKey, to: chunk.upper ?? maxKey, keys: chunk.keys, ids: chunk.ids, isOpen: chunk.lower === null };
      const reach = reachOf(write, bounds);
      if (reach !== 'none') this.mark(chunk, reach);
    }
  };

  private mark(chunk: Chunk, reach: Reach): void {
    chunk.pending = widerReach(chunk.pending, reach);
    if (!chunk.isReading) void this.refresh(chunk);
  }

  /** Reads a chunk again while writes ask for it: all of it, or (`below`) only what lies under its last key. */
  private async refresh(chunk: Chunk): Promise<void> {
    const generation = this.generation;
    chunk.isReading = true;
    try {
      while (chunk.pending !== 'none' && this.chunks.includes(chunk) && generation === this.generation) {
        const lowest = chunk.keys.at(-1);
        const isBelow = chunk.pending === 'below' && lowest !== undefined;
        chunk.pending = 'none';
        const read = isBelow ? this.range(lowest, null) : this.range(chunk.upper, chunk.lower);
        const keys = (await read.reverse().keys()) as unknown as FeedKey[];
        if (!this.chunks.includes(chunk) || generation !== this.generation) return;
        const next = isBelow ? [...chunk.keys, ...keys] : keys;
        if (sameKeys(next, chunk.keys)) continue;
        setKeys(chunk, next);
        // A chunk still asked for reads again before it is cut (the cut pieces would not know what the write reached).
        if (chunk.pending === 'none' && this.cutOpenChunk(chunk)) return;
        this.publish();
      }
    } catch (error) {
      if (generation === this.generation) this.fail(error);
    } finally {
      chunk.isReading = false;
    }
  }

  /** An open last chunk that grew past two steps is cut into closed chunks of a step, the rest open: nothing is read again. */
  private cutOpenChunk(chunk: Chunk): boolean {
    if (chunk.lower !== null || chunk !== this.chunks.at(-1) || chunk.keys.length <= 2 * this.step) return false;
    const { keys } = chunk;
    let upper = chunk.upper;
    this.chunks.pop();
    for (let start = 0; start < keys.length; start += this.step) {
      const piece = keys.slice(start, start + this.step);
      const isLast = start + this.step >= keys.length;
      const lower = isLast ? null : (piece.at(-1) ?? null);
      this.chunks.push(makeChunk(upper, lower, piece));
      upper = lower;
    }
    this.watchTotal();
    this.publish();
    return true;
  }

  /**
   * Keeps the count of the channel's posts while the last chunk is closed, for the feed's size
   * (aria-setsize): what lies below is that count less the rows read. Counting is linear in the
   * keys counted, so it is one live query for the whole channel, not one per chunk boundary (a
   * count per growth was 4% of bench SCROLL), and none once the end is read (the rows are the size).
   */
  private watchTotal(): void {
    const isEnd = this.chunks.at(-1)?.lower === null;
    if (isEnd) {
      this.total?.subscription?.unsubscribe();
      this.total = null;
      return;
    }
    if (this.total) return;
    const total: Total = { count: undefined, subscription: null };
    this.total = total;
    total.subscription = liveQuery(() => this.range(null, null).count()).subscribe({
      next: (count) => {
        if (this.total !== total) return;
        total.count = count;
        this.publish();
      },
      error: (error: unknown) => this.fail(error),
    });
  }

  private fail(error: unknown): void {
    reportReadFailure(this.failureKey, () => void this.start(), error);
  }

  private publish(): void {
    if (this.isDisposed) return;
    const last = this.chunks.at(-1);
    const isEnd = last?.lower === null;
    const rows = this.chunks.flatMap((chunk) => chunk.rows);
    // Until the channel is counted: at least one post lies below (the last chunk is closed).
    const held = this.total?.count ?? rows.length + 1;
    this.snapshot = { rows, isEnd, heldBelow: isEnd ? 0 : Math.max(0, held - rows.length) };
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
