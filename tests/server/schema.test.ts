// The Drizzle schema (server/db/schema/) must mirror the SQL migrations, the source of truth:
// every table, column, index and check named in TypeScript exists in the migrated database.
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../server/db/schema';
import { useTestDb } from '../helpers/use-test-db';

const testDb = useTestDb();

const tables = Object.values(schema).flatMap((value) => (value instanceof PgTable ? [getTableConfig(value)] : []));

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return testDb.handle.withSession((s) => s.rows<T>(text, params));
}

describe('schema.ts mirrors the migrations', () => {
  it('declares every table of the database', async () => {
    const inDb = (await rows<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_migrations'",
    )).map((r) => r.table_name).sort();
    expect(tables.map((t) => t.name).sort()).toEqual(inDb);
  });

  it.each(tables.map((t) => [t.name, t] as const))('%s: same columns, nullability, indexes and checks', async (name, table) => {
    const columns = await rows<{ column_name: string; is_nullable: string }>(
      "SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1", [name],
    );
    const dbColumns = Object.fromEntries(columns.map((c) => [c.column_name, c.is_nullable === 'NO']));
    const tsColumns = Object.fromEntries(table.columns.map((c) => [c.name, c.notNull || c.primary]));
    expect(tsColumns).toEqual(dbColumns);

    const indexes = new Set((await rows<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE tablename = $1', [name])).map((r) => r.indexname));
    for (const index of table.indexes) expect(indexes).toContain(index.config.name);
    const checks = new Set((await rows<{ conname: string }>(
      "SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c'", [name],
    )).map((r) => r.conname));
    for (const c of table.checks) expect(checks).toContain(c.name);
  });
});
