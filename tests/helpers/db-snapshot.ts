// The whole content of a test database as one comparable value: per table, its row count and an
// md5 of all its rows. Two equal snapshots mean no row was inserted, updated or deleted in between
// (the fuzz test's "database unchanged"). Only for small test databases: it reads every row.
import type { DbHandle } from '../../server/db/client';

export type TableDigest = { rows: number; md5: string };
export type DbSnapshot = Record<string, TableDigest>;

export async function snapshotDb(handle: DbHandle): Promise<DbSnapshot> {
  return handle.withSession(async (session) => {
    const tables = await session.rows<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    );
    // One query for all tables keeps a snapshot cheap enough to take after every request.
    const parts = tables.map(({ name }, i) => {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      return `SELECT ${i} AS i, count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM ${quoted} t`;
    });
    if (parts.length === 0) return {};
    const rows = await session.rows<{ i: number; rows: number; md5: string }>(parts.join(' UNION ALL '));
    const snapshot: DbSnapshot = {};
    for (const row of rows) {
      const table = tables[row.i];
      if (table !== undefined) snapshot[table.name] = { rows: row.rows, md5: row.md5 };
    }
    return snapshot;
  });
}

/** The tables whose content differs between two snapshots, for a readable failure. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name]?.md5 !== after[name]?.md5 || before[name]?.rows !== after[name]?.rows).sort();
}
