// How PGlite reads dates, times and intervals for drizzle, without the cost on every query.
// Drizzle's PGlite driver reads these types (and their arrays) as raw text, parsing them itself,
// and says so in the options of every query; PGlite then copies its whole table of ~300 parsers to
// merge them in, on every query: about a fifth of the time of a batched pray (issue #10, measured
// A/B on PGlite). Here those parsers are installed on the client once, and dropped from the
// queries drizzle sends (forDrizzle). SqlSession asks for PGlite's own parsing back
// (PGLITE_PARSERS), so what it returns is unchanged.
import { types, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { runKept } from './pglite-statements';

type Parser = (text: string, typeId?: number) => unknown;
const raw: Parser = (text) => text;

/** The types drizzle reads as text, each with the element type when it is an array type. */
const TEXT_TYPES: [number, number | undefined][] = [
  [types.TIMESTAMP, undefined], [types.TIMESTAMPTZ, undefined], [types.INTERVAL, undefined], [types.DATE, undefined],
  [1115, types.TIMESTAMP], [1185, types.TIMESTAMPTZ], [1187, types.INTERVAL], [1182, types.DATE], [1231, types.NUMERIC],
];

/** What drizzle-orm/pglite passes with each query (its session.js): raw text for all of TEXT_TYPES. */
const DRIZZLE_PARSERS: Record<number, Parser> = Object.fromEntries(TEXT_TYPES.map(([oid]) => [oid, raw]));

const pgliteParser = (oid: number): Parser => types.parsers[oid] ?? raw;

/** PGlite's own parsing of TEXT_TYPES (Date for timestamps and dates, arrays of those). */
export const PGLITE_PARSERS: Record<number, Parser> = Object.fromEntries(TEXT_TYPES.map(([oid, element]): [number, Parser] => [
  oid, element === undefined ? pgliteParser(oid) : (text) => types.arrayParser(text, pgliteParser(element), oid),
]));

/** After PGlite.create (which installs its array parsers as it starts): drizzle's parsers on top. */
export function installDrizzleParsers(client: PGlite): void {
  Object.assign(client.parsers, DRIZZLE_PARSERS);
}

function withoutParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (options?.parsers === undefined) return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

function member(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property);
  return typeof value === 'function' ? value.bind(target) : value;
}

/** What drizzle sends around a nested transaction (pg-core's savepoints sp1, sp2...). */
const SAVEPOINT = /^(savepoint|release savepoint|rollback to savepoint) sp\d+$/;

/**
 * A savepoint has no parameters and no rows: it goes by the simple query protocol (exec), one
 * message to PGlite instead of the extended protocol's parse, describe, bind, describe, execute
 * and sync. A batched push opens and releases one per mutation (issue #10 P4), so this is 2 of
 * its statements per pray. Same statement, same errors; drizzle reads nothing of the result.
 */
async function queryForDrizzle(client: PGlite, tx: Transaction, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
  if (params.length === 0 && SAVEPOINT.test(text)) {
    const [result] = await tx.exec(text);
    return result ?? { rows: [], fields: [] };
  }
  const options_ = withoutParsers(options);
  // A statement a hot path keeps prepared (pglite-statements.ts); the transaction is still open.
  if (!tx.closed) {
    const result = await runKept(client, text, params, options_);
    if (result !== undefined) return result;
  }
  return tx.query(text, params, options_);
}

function transactionForDrizzle(client: PGlite, tx: Transaction): Transaction {
  return new Proxy(tx, {
    get: (target, property) => (property === 'query'
      ? (text: string, params?: unknown[], options?: QueryOptions) => queryForDrizzle(client, target, text, params, options)
      : member(target, property)),
  });
}

/** Drizzle's top-level queries and transactions started and not yet done, per client drizzle holds. */
const inFlight = new WeakMap<object, { count: number }>();

/**
 * How many of drizzle's queries and transactions are running or waiting for PGlite's one
 * connection (GET /metrics, server/http/metrics-registry.ts); undefined: not a client of forDrizzle.
 */
export function pgliteInFlight(client: unknown): number | undefined {
  return typeof client === 'object' && client !== null ? inFlight.get(client)?.count : undefined;
}

/** The client as drizzle gets it: the same, but its queries (and its transactions') carry no parsers. */
export function forDrizzle(client: PGlite): PGlite {
  const work = { count: 0 };
  const counted = <T>(run: () => Promise<T>): Promise<T> => {
    work.count += 1;
    return run().finally(() => { work.count -= 1; });
  };
  const proxy = new Proxy(client, {
    get: (target, property) => {
      if (property === 'query') return (text: string, params?: unknown[], options?: QueryOptions) => counted(() => target.query(text, params, withoutParsers(options)));
      if (property === 'transaction') return <T>(callback: (tx: Transaction) => Promise<T>) => counted(() => target.transaction((tx) => callback(transactionForDrizzle(target, tx))));
      return member(target, property);
    },
  });
  inFlight.set(proxy, work);
  return proxy;
}
