// db.execute() answers in each driver's own shape (node-postgres' QueryResult, PGlite's Results):
// both carry `rows`. The first row of such an answer, checked, for raw SQL outside drizzle's builder.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function firstRow(result: unknown, what: string): Record<string, unknown> {
  const rows: unknown = isRecord(result) ? result.rows : undefined;
  const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
  if (!isRecord(row)) throw new Error(`${what} returned no row`);
  return row;
}
