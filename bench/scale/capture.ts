// The SQL behind a slow route: the statements of one request, captured through the Drizzle logger
// of the server's own database handle (as bench/explain.ts), each run again under EXPLAIN (ANALYZE,
// BUFFERS) in a transaction that is rolled back, so a write explained changes nothing; the slowest
// one's plan is what the report prints.
import pg from 'pg';
import type { Logger } from 'drizzle-orm/logger';

export type Captured = { sql: string; params: unknown[] };
export type Explained = { sql: string; params: unknown[]; ms: number; plan: string; error?: string };

/** A logger that records while `on`. */
export class Capture implements Logger {
  on = false;
  queries: Captured[] = [];

  logQuery(sql: string, params: unknown[]): void {
    if (this.on) this.queries.push({ sql, params });
  }

  async during(fn: () => Promise<void>): Promise<Captured[]> {
    this.queries = [];
    this.on = true;
    try {
      await fn();
    } finally {
      this.on = false;
    }
    return this.queries;
  }
}

const EXPLAINABLE = /^\s*(select|with|insert|update|delete)\b/i;

/** Every statement EXPLAIN (ANALYZE, BUFFERS)ed, slowest first. */
export async function explainAll(url: string, queries: Captured[]): Promise<Explained[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const explained: Explained[] = [];
  try {
    await client.query('BEGIN');
    for (const query of queries.filter((q) => EXPLAINABLE.test(q.sql))) {
      await client.query('SAVEPOINT one');
      try {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
        explained.push({ ...query, ms, plan });
        await client.query('RELEASE SAVEPOINT one');
      } catch (error) {
        explained.push({ ...query, ms: 0, plan: '', error: error instanceof Error ? error.message : String(error) });
        await client.query('ROLLBACK TO SAVEPOINT one');
      }
    }
    await client.query('ROLLBACK');
  } finally {
    await client.end();
  }
  return explained.sort((a, b) => b.ms - a.ms);
}

/** The statement in one line, its parameters after it (JSON), both cut to `max` characters. */
export function oneLine(query: Captured, max = 4000): string {
  const text = query.sql.replace(/\s+/g, ' ').trim();
  const params = JSON.stringify(query.params);
  return `${text.length > max ? `${text.slice(0, max)}...` : text}\n    params: ${params.length > 400 ? `${params.slice(0, 400)}...` : params}`;
}
