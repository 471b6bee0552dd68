// Ids in the /lists paths (docs/product.md §2: route validation failing is a page-not-found). Unlike
// ../../-params.ts parseIdParam, a negative id is accepted: a list or item made on this device
// keeps its temporary id until the server answers (docs/architecture/sync-protocol.md 'Outbox and
// sync protocol'), and its screen must open offline; the live queries follow a temporary id to the
// real one once it is known.
import { parseIdParam } from '../../-params';

/** '42' -> 42, '-3' -> -3 (a temporary id); anything else throws notFound(). */
export function parseLocalIdParam(raw: string): number {
  if (raw.startsWith('-')) return -parseIdParam(raw.slice(1));
  return parseIdParam(raw);
}
