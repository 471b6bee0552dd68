// A column written with its table's name. Drizzle writes the columns of a select over one table
// bare ("id"), also inside the raw SQL of its fields; a subquery there that joins other tables
// then finds "id" ambiguous, or binds it to the wrong table (reminder-labels.ts, moderation.ts).
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
