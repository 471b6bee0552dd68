// Embedded database only: it tests PGlite in a DATA_DIR, whatever TEST_DATABASE_URL says, so the
// PostgreSQL pass leaves it out (scripts/server-suite-pg.sh).
// server/db/pglite-parsers.ts: drizzle's type parsers live on the PGlite client instead of riding
// on every query (issue #10 speed). Nothing anyone reads may change: SqlSession parses as PGlite
// does by default, drizzle reads dates as before, in and out of transactions.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/db/client';
import { posts } from '../../server/db/schema/posts';
import { migratedTemplate } from '../helpers/pglite-template';

const TYPED = `select '2024-05-06 07:08:09.123+00'::timestamptz as tz, '2024-05-06 07:08:09'::timestamp as ts, '2024-05-06'::date as d,
  '1 day 02:00'::interval as i, 1.5::numeric as n, array['2024-05-06 07:08:09.123+00'::timestamptz] as tzs,
  array['2024-05-06'::date] as ds, array['1 day'::interval] as "is", array[1.5::numeric] as ns, '{"a":1}'::json as j`;

let handle: DbHandle;
let plain: PGlite;
beforeAll(async () => {
  handle = await createDb('memory://', { loadDataDir: await migratedTemplate() });
  plain = await PGlite.create();
});
afterAll(async () => {
  await handle.close();
  await plain.close();
});

describe('PGlite parsers', () => {
  it('SqlSession reads every type exactly as a plain PGlite client does', async () => {
    const mine = await handle.withSession((s) => s.rows(TYPED));
    expect(mine).toEqual((await plain.query(TYPED)).rows);
    expect((mine[0] as { tz: unknown }).tz).toBeInstanceOf(Date);
  });

  it('drizzle reads dates through the schema in and out of a transaction, and raw text in raw SQL', async () => {
    const at = new Date('2024-05-06T07:08:09.123Z');
    const inserted = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into users (name, username, email) values ('P', 'parser-p', 'p@example.test')`);
      const [row] = await tx.insert(posts).values({ userId: sql`(select id from users where username = 'parser-p')`, channelId: 1, type: 'REQUEST', text: 'Dates', createdAt: at })
        .returning({ createdAt: posts.createdAt });
      return row?.createdAt;
    });
    expect(inserted).toEqual(at);
    const [read] = await handle.db.select({ createdAt: posts.createdAt, day: sql<string>`${posts.createdAt}::date` }).from(posts).where(sql`${posts.text} = 'Dates'`);
    expect(read).toEqual({ createdAt: at, day: '2024-05-06' });
  });
});
