// Corrections of seed data that an already seeded database must get too: seed() inserts only into
// an empty database (seed.ts), so a fix of the seed's words would otherwise never reach one seeded
// before. Each fix is idempotent (it changes only rows that still differ) and runs on every seed()
// call, so once at every start (server/start.ts) and in every test server.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LIST_KEYS } from '../../common/contract';
import type { Db } from './client';
import { listItems, lists } from './schema/lists';
import { users } from './schema/users';
import { UNNAMED_GUEST } from '../../common/guest-name';
import { modernSpelling } from './seed-biblical-es';
import { almeida1911Portuguese } from './seed-fix-almeida';

const SPANISH = 3;

/** Issue #12 (REVIEW.md): the Spanish biblical prayers' 'á nuestros deudores' -> 'a nuestros deudores'. */
async function modernSpanishBiblical(db: Db): Promise<number> {
  const rows = await db.select({ id: listItems.id, text: listItems.text }).from(listItems)
    .innerJoin(lists, eq(lists.id, listItems.postListId))
    .where(and(eq(lists.key, LIST_KEYS.biblicalPrayers), eq(lists.channelId, SPANISH), isNull(lists.userId)));
  const changed = rows.filter((row) => modernSpelling(row.text) !== row.text);
  if (changed.length === 0) return 0;
  // One statement; a later updated_at so devices that hold the list pull the new words.
  const cases = sql.join(changed.map((row) => sql`when ${row.id} then ${modernSpelling(row.text)}`), sql` `);
  await db.update(listItems)
    .set({ text: sql`case ${listItems.id} ${cases} end`, updatedAt: new Date() })
    .where(inArray(listItems.id, changed.map((row) => row.id)));
  return changed.length;
}

/** Issue #26 point 3: guests made before guests had names were stored as 'Guest'; unnamed now (common/guest-name.ts). */
async function unnamedGuests(db: Db): Promise<number> {
  const renamed = await db.update(users).set({ name: UNNAMED_GUEST }).where(and(eq(users.isGuest, true), eq(users.name, 'Guest'))).returning({ id: users.id });
  return renamed.length;
}

/** Applies every seed fix; returns how many rows changed. */
export async function applySeedFixes(db: Db): Promise<number> {
  return (await modernSpanishBiblical(db)) + (await unnamedGuests(db)) + (await almeida1911Portuguese(db));
}
