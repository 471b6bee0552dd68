// Seeds the lists of seed-lists-data.ts (DESIGN.md §6 'Seed data'). Idempotent on its own: a
// biblical list that exists for its channel, or a member's list with the same name, is skipped;
// so it can run again on a seeded database. Prayer times are whole days in the past, so the demo
// member's today_prayer_count still starts at 0 (seed.ts). Counters are set from the rows inserted
// (tests/server/lists-seed.test.ts checks they match).
import { inArray } from 'drizzle-orm';
import { LIST_KEYS, VISIBILITY } from '../../common/contract';
import type { Db } from './client';
import { bookmarks, listItems, lists, prayers, users } from './schema';
import { BIBLICAL_LISTS, SEED_LISTS, type BiblicalList, type SeedList } from './seed-lists-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What is already there, so a second run skips it: `${channel}:${key}` for system lists, `${user}:${name}` for the rest. */
async function existingLists(db: Db): Promise<Set<string>> {
  const rows = await db.select({ channelId: lists.channelId, userId: lists.userId, key: lists.key, name: lists.name }).from(lists);
  return new Set(rows.map((r) => (r.userId === null ? `${r.channelId}:${r.key ?? ''}` : `${r.userId}:${r.name}`)));
}

async function seedBiblicalList(db: Db, list: BiblicalList, now: Date): Promise<void> {
  const createdAt = new Date(now.getTime() - 60 * DAY_MS);
  const [row] = await db.insert(lists).values({
    channelId: list.channelId, key: LIST_KEYS.biblicalPrayers, name: list.name, description: list.description,
    visibility: VISIBILITY.PUBLIC, itemCount: list.prayers.length, createdAt, updatedAt: createdAt,
  }).returning({ id: lists.id });
  if (row === undefined) throw new Error('seed list insert returned no row');
  await db.insert(listItems).values(list.prayers.map((p, i) => ({
    postListId: row.id, title: p.title, text: p.text, reference: p.reference, position: i + 1, createdAt, updatedAt: createdAt,
  })));
}

async function memberIds(db: Db): Promise<Map<string, number>> {
  const keys = [...new Set(SEED_LISTS.flatMap((l) => [l.owner, ...l.items.flatMap((i) => [...(i.prayedBy ?? []), ...(i.bookmarkedBy ?? [])])]))];
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, keys));
  return new Map(rows.map((r) => [r.username, r.id]));
}

function idOf(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`seed lists name unknown member '${key}'`);
  return id;
}

async function seedMemberList(db: Db, list: SeedList, ids: Map<string, number>, now: Date): Promise<void> {
  const owner = idOf(ids, list.owner);
  const createdAt = new Date(now.getTime() - list.daysAgo * DAY_MS);
  const [row] = await db.insert(lists).values({
    userId: owner, channelId: list.channelId, key: list.key ?? null, name: list.name, description: list.description,
    visibility: list.visibility, gardenPosition: list.garden ?? null, itemCount: list.items.length, createdAt, updatedAt: createdAt,
  }).returning({ id: lists.id });
  if (row === undefined) throw new Error('seed list insert returned no row');
  const items = await db.insert(listItems).values(list.items.map((item, i) => ({
    postListId: row.id, userId: owner, title: item.title ?? null, text: item.text, position: i + 1,
    prayedCount: item.prayedBy?.length ?? 0, createdAt, updatedAt: createdAt,
  }))).returning({ id: listItems.id, position: listItems.position });
  // One day apart after the list was made, never later than yesterday.
  const prayerRows = items.flatMap((inserted) => (list.items[inserted.position - 1]?.prayedBy ?? []).map((key, n) => ({
    userId: idOf(ids, key), listItemId: inserted.id,
    createdAt: new Date(Math.min(createdAt.getTime() + (n + 1) * DAY_MS, now.getTime() - DAY_MS)),
  })));
  if (prayerRows.length > 0) await db.insert(prayers).values(prayerRows);
  const bookmarkRows = items.flatMap((inserted) => (list.items[inserted.position - 1]?.bookmarkedBy ?? [])
    .map((key) => ({ userId: idOf(ids, key), listItemId: inserted.id, createdAt })));
  if (bookmarkRows.length > 0) await db.insert(bookmarks).values(bookmarkRows);
}

/** Called by seed() inside its transaction, after the seed members exist. */
export async function seedLists(db: Db, now = new Date()): Promise<void> {
  const existing = await existingLists(db);
  for (const list of BIBLICAL_LISTS) {
    if (!existing.has(`${list.channelId}:${LIST_KEYS.biblicalPrayers}`)) await seedBiblicalList(db, list, now);
  }
  const ids = await memberIds(db);
  for (const list of SEED_LISTS) {
    if (!existing.has(`${idOf(ids, list.owner)}:${list.name}`)) await seedMemberList(db, list, ids, now);
  }
}
