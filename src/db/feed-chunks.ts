// Issue #10 'screens read windows, not tables': the unfiltered community feed as a run of chunks
// of the `feed` index (src/model/feed-key.ts), each its own live query over a fixed key range. A
// write re-reads only the chunk whose range it touches: a pulled page at the end re-reads the last
// chunk, a new post at the top the first, a pray none. Growing the window reads one more chunk;
// nothing re-reads what was read before. Without chunks, each growth and each pulled page re-read
// every key up to the window's end (up to 10,000): bench SCROLL's slow frames and P5's growing
// per-page cost.
//
// The chunks partition the channel's keys from the top down: chunk 0 runs from the top of the
// channel to its lower bound; chunk i from its lower bound (included) to chunk i-1's lower bound
// (excluded). Bounds are key values fixed when the chunk was read, so a chunk that gains rows
// keeps its range and its neighbours do not move. Only the last chunk may be open below: it
// reached the oldest post held here, and rows pulled below it land in it; once it holds
// more than two steps it is cut in two, so no single read grows with what was pulled.
import { Dexie, liveQuery, type Subscription } from 'dexie';
import { db } from '../model/db';
import { feedKeyRow, type FeedKey, type FeedKeyRow } from '../model/feed-key';
import { clearReadFailure, reportReadFailure } from './live-read';

type Chunk = {
  /** The lower bound of the chunk before (excluded); null for the top of the channel. */
  upper: FeedKey | null;
  /** This chunk's own lower bound (included); null: open below, down to the oldest post held. */
  lower: FeedKey | null;
  /** Its keys, newest first: the read that made it, then each result of its live query. */
  keys: FeedKey[];
  rows: FeedKeyRow[];
  subscription: Subscription | null;
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

export class FeedChunks {
  private readonly chunks: Chunk[] = [];
  private readonly listeners = new Set<() => void>();
  private total: Total | null = null;
  private snapshot: ChunkedFeed | undefined;
  private isGrowing = false;
  /** Moves on at every start and dispose: a read that began before is dropped (React's StrictMode runs effects twice). */
  private generation = 0;
  private isDisposed = true;
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

  /** Ends every live query; the listeners stay (a start after a dispose goes on publishing to them). */
  dispose(): void {
    this.isDisposed = true;
    this.generation += 1;
    for (const chunk of this.chunks) chunk.subscription?.unsubscribe();
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

  /** Reads `size` keys below `upper` into a new last chunk, then keeps it live. */
  private async addChunk(upper: FeedKey | null, size: number): Promise<void> {
    const generation = this.generation;
    let keys: FeedKey[];
    try {
      keys = (await this.range(upper, null).reverse().limit(size).keys()) as unknown as FeedKey[];
    } catch (error) {
      if (generation === this.generation) this.fail(error);
      return;
    }
    if (this.isDisposed || generation !== this.generation) return;
    const lower = keys.length < size ? null : (keys.at(-1) ?? null);
    this.appendChunk({ upper, lower, keys, rows: keys.map(feedKeyRow), subscription: null });
    this.watchTotal();
    this.publish();
  }

  private appendChunk(chunk: Chunk): void {
    this.chunks.push(chunk);
    this.watch(chunk);
  }

  private watch(chunk: Chunk): void {
    const { upper, lower } = chunk;
    const read = async () => (await this.range(upper, lower).reverse().keys()) as unknown as FeedKey[];
    chunk.subscription = liveQuery(read).subscribe({
      next: (keys) => {
        if (!this.chunks.includes(chunk)) return;
        // Its first result repeats the read that made the chunk: nothing to show again.
        if (sameKeys(keys, chunk.keys)) return;
        chunk.keys = keys;
        chunk.rows = keys.map(feedKeyRow);
        if (!this.cutOpenChunk(chunk)) this.publish();
      },
      error: (error: unknown) => this.fail(error),
    });
  }

  /** An open last chunk that grew past two steps is cut into closed chunks of a step, the rest open. */
  private cutOpenChunk(chunk: Chunk): boolean {
    if (chunk.lower !== null || chunk !== this.chunks.at(-1) || chunk.keys.length <= 2 * this.step) return false;
    chunk.subscription?.unsubscribe();
    const { keys } = chunk;
    let upper = chunk.upper;
    this.chunks.pop();
    for (let start = 0; start < keys.length; start += this.step) {
      const piece = keys.slice(start, start + this.step);
      const isLast = start + this.step >= keys.length;
      const lower = isLast ? null : (piece.at(-1) ?? null);
      this.appendChunk({ upper, lower, keys: piece, rows: piece.map(feedKeyRow), subscription: null });
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
