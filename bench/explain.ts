// Which indexes a query's plan uses on `posts`, and whether it reads the table sequentially.
// The plan is PostgreSQL's own (EXPLAIN (FORMAT JSON)) of the exact SQL and parameters the server
// sent, captured through the Drizzle logger, so the check cannot drift from the code.
import type { SqlSession } from '../server/db/client';

export type CapturedQuery = { sql: string; params: unknown[] };
/** `seqScans` holds the start of each query whose plan reads the table sequentially. */
export type PlanUse = { indexes: string[]; seqScans: string[] };

type PlanNode = { 'Node Type'?: string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function walk(node: PlanNode, use: PlanUse, table: string, sql: string): void {
  const type = node['Node Type'] ?? '';
  const relation = node['Relation Name'];
  const index = node['Index Name'];
  if (type === 'Seq Scan' && relation === table) use.seqScans.push(sql.replace(/\s+/g, ' ').slice(0, 120));
  // Bitmap Index Scan names only the index; the schema prefixes every posts index with `posts_`.
  if (index !== undefined && (relation === table || index.startsWith(`${table}_`))) use.indexes.push(index);
  for (const child of node.Plans ?? []) walk(child, use, table, sql);
}

function planRoot(rows: Record<string, unknown>[]): PlanNode {
  const cell = Object.values(rows[0] ?? {})[0];
  const parsed: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const first = Array.isArray(parsed) ? (parsed[0] as { Plan?: PlanNode } | undefined) : undefined;
  if (first?.Plan === undefined) throw new Error('EXPLAIN returned no plan');
  return first.Plan;
}

/** Merged over every captured query that reads `table`. */
export async function planUse(session: SqlSession, queries: CapturedQuery[], table = 'posts'): Promise<PlanUse> {
  const use: PlanUse = { indexes: [], seqScans: [] };
  for (const query of queries) {
    if (!/^\s*(select|with)\b/i.test(query.sql) || !query.sql.includes(`"${table}"`)) continue;
    const rows = await session.rows<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
    walk(planRoot(rows), use, table, query.sql);
  }
  return { indexes: [...new Set(use.indexes)].sort(), seqScans: [...new Set(use.seqScans)] };
}
