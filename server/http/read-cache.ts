// Issue #14 point 4: a cache of GET /posts answers
// (docs/decisions/0147-a-read-cache-for-the-feed.md). A feed page is read far more often than
// anything changes (the sync worker's pulls, every tab, every pull-to-refresh), and on PGlite the
// database engine alone costs ~4.7 ms of the one server thread per page
// (bench/results/issue14-http-after.txt). An answer is kept under a *write generation*, which every
// non-GET request advances once it has committed and before its answer leaves: a reader reads the
// generation before it queries, so a page stored under a generation can only be older than the
// writes that advanced it, and is never served after them.
//   - PGlite (one process,
//   docs/decisions/0139-pglite-is-single-process-the-data-dir-lock-is-a-pid-file.md): the
//   generation is a counter.
//   - PostgreSQL (several API processes): a sequence. nextval never blocks a writer and is never
//     rolled back; `last_value` is the same for every process, read with one indexless query.
// Nothing outside a request writes what a feed page shows (the reminder scheduler writes
// notifications only): a background job that does must call bump() too.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, DbHandle } from '../db/client';
import { firstRow } from '../db/first-row';

export type WriteGeneration = {
  /** The generation now; read before the data it guards. */
  current(): Promise<number>;
  /** Called after a write has committed, before its answer is sent. */
  bump(): Promise<void>;
};

export function memoryGeneration(): WriteGeneration {
  let generation = 0;
  return {
    current: () => Promise.resolve(generation),
    bump: () => {
      generation += 1;
      return Promise.resolve();
    },
  };
}

/** The sequence of migration 0011, shared by every process on one PostgreSQL. */
function sequenceGeneration(db: Db): WriteGeneration {
  return {
    async current() {
      const row = firstRow(await db.execute(sql`SELECT last_value FROM api_write_generation`), 'the write generation');
      return Number(row.last_value);
    },
    async bump() {
      await db.execute(sql`SELECT nextval('api_write_generation')`);
    },
  };
}

export function writeGenerationFor(db: Db, kind: DbHandle['kind']): WriteGeneration {
  return kind === 'postgres' ? sequenceGeneration(db) : memoryGeneration();
}

/** `bytes`: the answer's JSON length, what it holds in memory within a small factor. */
type Entry<T> = { value: T; validUntil: number; bytes: number };

/** At most this many answers are kept; past it the oldest is dropped (a Map keeps insertion order). */
const READ_CACHE_ENTRIES = 2_000;
/**
 * And at most this much JSON (issue #27 item 5, docs/deploy.md 'Small servers'): a page of 20
 * long requests is ~100 KB, so 2,000 of them could hold 200 MB; a page of short ones is ~11 KB.
 */
const READ_CACHE_BYTES = 8 * 1024 * 1024;

export class ReadCache {
  private generation = -1;
  private readonly entries = new Map<string, Entry<unknown>>();
  private bytes = 0;

  constructor(
    private readonly writes: WriteGeneration, private readonly enabled = true,
    private readonly maxEntries = READ_CACHE_ENTRIES, private readonly maxBytes = READ_CACHE_BYTES,
  ) {}

  /**
   * The answer kept under `key` for the current generation, else `load()`'s, kept when it says
   * until when it holds (a session's expiry): `validUntil` in ms, or null not to keep it.
   */
  async get<T>(key: string, load: () => Promise<{ value: T; validUntil: number | null }>, now = Date.now): Promise<T> {
    if (!this.enabled) return (await load()).value;
    const generation = await this.writes.current();
    if (generation !== this.generation) {
      this.entries.clear();
      this.bytes = 0;
      this.generation = generation;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.validUntil > now()) return hit.value as T;
    const loaded = await load();
    // Only if no write came between: an entry is never stored under a newer generation than it read.
    if (loaded.validUntil !== null && this.generation === generation) this.keep(key, loaded.value, loaded.validUntil);
    return loaded.value;
  }

  private keep(key: string, value: unknown, validUntil: number): void {
    this.drop(key);
    const bytes = JSON.stringify(value).length;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, validUntil, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.drop(oldest.value);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The JSON length of the answers kept. */
  get keptBytes(): number {
    return this.bytes;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every request that may write advances the generation once it is done, before its answer is sent. */
export function registerWriteGeneration(api: FastifyInstance, writes: WriteGeneration): void {
  api.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_METHODS.has(request.method)) await writes.bump();
    return payload;
  });
}
