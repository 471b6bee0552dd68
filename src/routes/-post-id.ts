// The {id} of '/community/post/{id}' (docs/product.md §2): a server id, or the temporary negative id of a
// post written offline (docs/architecture/sync-protocol.md 'Outbox and sync protocol'), so a post
// created offline has a detail page at once.
import { parseIdParam } from './-params';

/** '42' -> 42, '-3' -> -3; anything else (including '-0', '0', 'abc') throws notFound(). */
export function parsePostIdParam(raw: string): number {
  return raw.startsWith('-') ? -parseIdParam(raw.slice(1)) : parseIdParam(raw);
}
