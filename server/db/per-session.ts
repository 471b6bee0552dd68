// A statement built once per database session (a connection's or a transaction's), by key: the
// hot statements kept prepared (domain/posts.ts the pray, domain/change-stamps.ts the stamps,
// domain/tokens.ts the session lookup). Drizzle's builder costs more than running them; the name
// makes each a prepared statement of its PostgreSQL connection (db/pglite-statements.ts on PGlite).
import type { Db } from './client';

/** `build(db, key)` once per session of `db` and key, then the same statement. */
export function perSession<K, Q>(build: (db: Db, key: K) => Q): (db: Db, key: K) => Q {
  const built = new WeakMap<object, Map<K, Q>>();
  return (db, key) => {
    let bySession = built.get(db._.session);
    if (bySession === undefined) built.set(db._.session, (bySession = new Map()));
    let query = bySession.get(key);
    if (query === undefined) bySession.set(key, (query = build(db, key)));
    return query;
  };
}
