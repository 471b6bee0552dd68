// The outbox's counts, kept in a meta row by every write of the outbox
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol', issue #25 point 2): the sync
// status and the session's prayers today read one row, not a count of the queue. IndexedDB counts a
// range by walking it, and those two reads run again after every tap and every settle, so with
// 5,000 entries queued each tap cost a walk of 5,000 index entries (three counts: 0.5 ms at 500,
// 1.0 ms at 5,000, 2.3 ms at 20,000 in Chromium here). A Dexie middleware under the hooks (which
// set `acct`) and above the observability layer (so the row's readers hear of it) changes the row
// in the same transaction as the write, in whichever context writes; a transaction that may write
// the outbox takes `meta` with it.
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, Middleware } from 'dexie';
import { TODAY_PRAY_OPS } from './list-outbox-types';

/** Per `acct` (src/model/outbox-index.ts): entries queued, and of them prays that count today. */
export type QueueCounts = Record<string, { all: number; prays: number }>;

export type Counted = { acct?: number; op?: string };

const PRAY_OPS: ReadonlySet<string> = new Set(TODAY_PRAY_OPS);

function add(counts: QueueCounts, entry: Counted, sign: 1 | -1): void {
  if (entry.acct === undefined) return;
  const acct = String(entry.acct);
  const now = counts[acct] ?? { all: 0, prays: 0 };
  counts[acct] = { all: now.all + sign, prays: now.prays + (entry.op !== undefined && PRAY_OPS.has(entry.op) ? sign : 0) };
}

/** The counts `before` gives way to `after` make, over `base`. */
export function countsAfter(base: QueueCounts, before: readonly (Counted | undefined)[], after: readonly (Counted | undefined)[]): QueueCounts {
  const counts = { ...base };
  for (const entry of before) if (entry) add(counts, entry, -1);
  for (const entry of after) if (entry) add(counts, entry, 1);
  for (const [acct, count] of Object.entries(counts)) if (count.all <= 0) delete counts[acct];
  return counts;
}

/** Counts one write of the outbox in its transaction and makes it (src/model/queue-counter.ts). */
export type QueueCounter = (outbox: DBCoreTable, meta: DBCoreTable, req: DBCoreMutateRequest) => Promise<DBCoreMutateResponse>;

let counter: QueueCounter | null = null;

/** Installed by the contexts that write the outbox (the commands, the sync engine, the service worker). */
export function setQueueCounter(count: QueueCounter): void {
  counter = count;
}

/**
 * The middleware itself is on every database, from the start (Dexie builds its stack when it
 * opens); the counting it calls is loaded with what writes the outbox, outside the first screen's
 * JavaScript (issue #14's budget). A write with no counter installed fails: the counts would drift.
 * An upgrade passes (version 12 counts the queue afresh).
 */
export function queueCountsMiddleware(outboxTable: string, metaTable: string): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'QueueCounts',
    // Under HooksMiddleware (2), whose creating hook sets `acct`; over Observability (0).
    level: 1,
    create: (core) => ({
      ...core,
      transaction: (stores, mode, options) =>
        core.transaction(mode === 'readwrite' && stores.includes(outboxTable) && !stores.includes(metaTable) ? [...stores, metaTable] : stores, mode, options),
      table: (name) => {
        const table = core.table(name);
        if (name !== outboxTable) return table;
        const meta = core.table(metaTable);
        return {
          ...table,
          mutate: (req) => {
            if ((req.trans as unknown as IDBTransaction).mode === 'versionchange') return table.mutate(req);
            if (!counter) return Promise.reject(new Error('A write of the outbox before its counter was installed (src/model/queue-counter.ts)'));
            return counter(table, meta, req);
          },
        };
      },
    }),
  };
}
