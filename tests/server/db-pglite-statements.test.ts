// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// server/db/pglite-statements.ts (issue #10 P4): a statement kept prepared on PGlite answers
// exactly as PGlite's query() does (rows, types, parameters), and its errors are the same errors,
// after which the transaction goes on from its savepoint as before.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/db/client';
import { isUniqueViolation } from '../../server/db/pg-errors';
import { keepPrepared } from '../../server/db/pglite-statements';
import { migratedTemplate } from '../helpers/pglite-template';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb('memory://', { loadDataDir: await migratedTemplate() });
  await handle.db.execute(sql`create table kept_test (id int primary key, at timestamptz, body json, flag boolean)`);
});
afterAll(async () => handle.close());

const at = '2024-05-06T07:08:09.123Z';
const textOf = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query).sql;
/** Db is typed for both drivers, so a raw result is unknown here: PGlite's has rows. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
/** The same statement twice: one text kept, the other (an extra space) run by query(). */
const select = (gap: string) => sql`select ${1}::int as n, ${at}::timestamptz as tz, ${'{"b":[1,2]}'}::json as j,${sql.raw(gap)}${true}::boolean as f, ${null}::text as x, array[${at}::timestamptz] as tzs`;
const insert = (id: number) => sql`insert into kept_test (id, at, body, flag) values (${id}, ${at}::timestamptz, ${'{"a":1}'}::json, ${false}) returning id, at, body, flag`;

describe('PGlite kept statements', () => {
  it('answers as query() does, in a transaction, run after run', async () => {
    keepPrepared(textOf(select(' ')));
    const [kept, plain] = await handle.db.transaction(async (tx) => {
      const runs: Record<string, unknown>[][] = [];
      for (let i = 0; i < 7; i += 1) runs.push(rowsOf(await tx.execute(select(' ')))); // past PostgreSQL's 5 custom plans
      expect(runs.every((r) => JSON.stringify(r) === JSON.stringify(runs[0]))).toBe(true);
      return [runs[0], rowsOf(await tx.execute(select('')))];
    });
    const named = rowsOf(await handle.db.execute(sql`select statement from pg_prepared_statements where name like 'kept_%'`));
    expect(named.map((r) => String(r.statement))).toContain(textOf(select(' ')));
    expect(kept).toEqual(plain);
    expect(kept?.[0]).toMatchObject({ n: 1, tz: '2024-05-06 07:08:09.123+00', f: true, x: null, j: { b: [1, 2] } });
  });

  it('throws the error query() throws, and the transaction goes on from the savepoint', async () => {
    keepPrepared(textOf(insert(1)));
    const ids = await handle.db.transaction(async (tx) => {
      await tx.execute(insert(1));
      const duplicate = await tx.transaction((sp) => sp.execute(insert(1))).then(() => undefined, (error: unknown) => error);
      expect(isUniqueViolation(duplicate)).toBe(true);
      await tx.execute(insert(2));
      return rowsOf(await tx.execute(sql`select id from kept_test order by id`)).map((r) => r.id);
    });
    expect(ids).toEqual([1, 2]);
  });
});
