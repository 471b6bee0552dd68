// Counting the outbox's writes into its counts row (src/model/queue-counts.ts, issue #25): loaded
// by the contexts that write the outbox, outside the first screen's JavaScript. Before a write it
// reads what the write replaces or removes (a settled run of acks: one read of its span), makes the
// write, and puts the row as the change leaves it, all in the write's transaction.
import { Dexie, type DBCoreKeyRange, type DBCoreMutateRequest, type DBCoreTable, type DBCoreTransaction } from 'dexie';
import { isDense, spanOf } from './key-span';
import type { MetaRow } from './meta-types';
import { countsAfter, setQueueCounter, type Counted } from './queue-counts';

/**
 * The row's writes of one transaction, one after another (two writes of the outbox in it must not
 * both read the old row). Dexie promises throughout: the layers below read the transaction's zone
 * (Dexie's PSD), which a native promise's callback does not keep.
 */
const chains = new WeakMap<DBCoreTransaction, PromiseLike<unknown>>();

function inOrder<T>(trans: DBCoreTransaction, step: () => PromiseLike<T>): Promise<T> {
  const next = Dexie.Promise.resolve(chains.get(trans)).then(step, step);
  chains.set(trans, next);
  return next;
}

function entriesBefore(outbox: DBCoreTable, req: DBCoreMutateRequest): PromiseLike<(Counted | undefined)[]> {
  if (req.type === 'add') return Dexie.Promise.resolve([]);
  if (req.type === 'deleteRange') return entriesIn(outbox, req.trans, req.range);
  // Aligned with the write's values: a put without a key (a new entry) replaces nothing.
  const keys: unknown[] = req.type === 'delete' ? req.keys : (req.keys ?? req.values.map((value: { seq?: unknown }) => value.seq));
  const known = keys.filter((key): key is number => typeof key === 'number');
  if (req.type === 'delete' && isDense(known, RUN_SPREAD, RUN_MIN)) {
    // A settled run of acks: one read of its span, the entries between it kept out.
    const { lower, upper } = spanOf(known);
    const wanted = new Set(known);
    const span = { type: 2 /* DBCoreRangeType.Range */, lower, upper, lowerOpen: false, upperOpen: false } as const;
    return entriesIn(outbox, req.trans, span).then((entries) => entries.filter((entry) => wanted.has(entry.seq)));
  }
  return Dexie.Promise.resolve(outbox.getMany({ trans: req.trans, keys: known, cache: 'immutable' })).then((found: (Counted | undefined)[]) => {
    let next = 0;
    return keys.map((key) => (typeof key === 'number' ? found[next++] : undefined));
  });
}

/** A run of at least RUN_MIN seqs spread over under RUN_SPREAD times their number. */
const RUN_MIN = 50;
const RUN_SPREAD = 2;

/** The entries in a range of seqs. */
function entriesIn(outbox: DBCoreTable, trans: DBCoreTransaction, range: DBCoreKeyRange): PromiseLike<(Counted & { seq: number })[]> {
  const query = { index: outbox.schema.primaryKey, range };
  return Dexie.Promise.resolve(outbox.query({ trans, values: true, query })).then(({ result }) => result as (Counted & { seq: number })[]);
}

/** What the write put in place of `before`; a value it failed to write leaves its old one counted. */
function changed(req: DBCoreMutateRequest, before: (Counted | undefined)[], failures: Record<number, unknown>) {
  if (req.type !== 'add' && req.type !== 'put') return { gone: before, added: [] };
  const isKept = (_value: unknown, i: number) => !(i in failures);
  return { gone: req.type === 'put' ? before.filter(isKept) : [], added: (req.values as Counted[]).filter(isKept) };
}

setQueueCounter((table, meta, req) =>
  inOrder(req.trans, () =>
    entriesBefore(table, req).then((before) =>
      Dexie.Promise.resolve(table.mutate(req)).then((result) =>
        Dexie.Promise.resolve(meta.get({ trans: req.trans, key: 'queueCounts' })).then((row: MetaRow | undefined) => {
          const { gone, added } = changed(req, before, result.failures);
          const counts = countsAfter(row?.value.queueCounts ?? {}, gone, added);
          const values = [{ key: 'queueCounts', value: { queueCounts: counts } } satisfies MetaRow];
          return Dexie.Promise.resolve(meta.mutate({ type: 'put', trans: req.trans, values })).then(() => result);
        }),
      ),
    ),
  ),
);
