// Every row of every table of a database as text (issue #27 item 1: a restore is compared with its
// source table by table). `query` runs one statement whose rows have a `row` column.
export type TableRows = Record<string, string[]>;

export async function allTableRows(query: (text: string) => Promise<{ row: string }[]>): Promise<TableRows> {
  const tables = await query(`SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS row FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`);
  const result: TableRows = {};
  for (const { row: table } of tables) {
    const rows = (await query(`SELECT t::text AS row FROM ${table} AS t`)).map((r) => r.row).sort();
    result[table.replace(/^public\./, '')] = rows;
  }
  return result;
}
