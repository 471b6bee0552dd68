// Named prepared statements on PGlite, for the few statements a hot path names (issue #10 P4:
// the pray of a batched push). PGlite's query() parses, describes and plans every statement
// anew, in six calls into the WASM module; PostgreSQL planning alone was a third of a pray's
// statement. A kept statement is parsed once per PGlite instance under a name (as node-postgres
// does for drizzle's named prepared queries on PostgreSQL), then run by bind, describe, execute
// and sync in one call; PostgreSQL then plans it once (its generic plan) or per call, as it
// judges. Only statements asked for are kept (keepPrepared): a generic plan is not always the
// better one, so the rest of the API keeps PGlite's ordinary query().
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The statement texts to keep prepared, each with its name. */
const kept = new Map<string, string>();

/** Marks a statement's exact text (what drizzle sends) to be run as a named prepared statement on PGlite. */
export function keepPrepared(text: string): void {
  if (!kept.has(text)) kept.set(text, `kept_${kept.size + 1}`);
}

/** The parameter types of each statement parsed on a PGlite instance, by name. */
const parsed = new WeakMap<PGlite, Map<string, number[]>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Parses the statement under its name; a failure (say, in an aborted transaction) caches nothing. */
async function paramTypes(client: PGlite, name: string, text: string): Promise<number[]> {
  let byName = parsed.get(client);
  if (byName === undefined) parsed.set(client, (byName = new Map()));
  const known = byName.get(name);
  if (known !== undefined) return known;
  const message = concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]);
  const types = parse.parseDescribeStatementResults((await client.execProtocol(message, { syncToFs: false })).messages);
  byName.set(name, types);
  return types;
}

/** As PGlite's query() serializes parameters: by the type the statement gives each one. */
function serializeParams(client: PGlite, types: number[], params: unknown[]): (string | null)[] {
  return params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const serializer = client.serializers[types[i] ?? 0];
    return serializer === undefined ? String(param) : serializer(param);
  });
}

/**
 * Runs `text` as its named statement when it is kept, else answers undefined. Only inside a
 * transaction (the caller's), so there is nothing to sync to the file system per statement, as
 * query() does outside one. The Sync goes in the same call: after an error PostgreSQL skips to it,
 * and PGlite then throws the error, as query() would.
 */
export async function runKept(client: PGlite, text: string, params: unknown[], options?: QueryOptions): Promise<Results | undefined> {
  const name = kept.get(text);
  if (name === undefined) return undefined;
  return client.runExclusive(async () => {
    const values = serializeParams(client, await paramTypes(client, name, text), params);
    const message = concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
    const [result] = parse.parseResults((await client.execProtocol(message, { syncToFs: false })).messages, client.parsers, options);
    return result ?? { rows: [], fields: [] };
  });
}
