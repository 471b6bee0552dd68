// Seeds the lists of seed-lists-data.ts (docs/architecture/server.md 'Reference server' 'Seed
// data'). Idempotent on its own: a biblical list that exists for its channel, or a member's list
// with the same name, is skipped; so it can run again on a seeded database. Prayer times are whole
// days in the past, so the demo member's today_prayer_count still starts at 0 (seed.ts). Counters
// are set from the rows inserted (tests/server/lists-seed.test.ts checks they match). Every test
// server seeds, so all lists, all items, all prayers and all bookmarks go in one statement each.
import { inArray } from 'drizzle-orm';
import { LIST_KEYS, VISIBILITY } from '../../common/contract';
import type { Db } from './client';
import { listItems, lists } from './schema/lists';
import { bookmarks, prayers } from './schema/prayers';
import { users } from './schema/users';
import { BIBLICAL_LISTS, SEED_LISTS, type SeedListItem } from './seed-lists-data';

const DAY_MS = 24 * 60 * 60 * 1000;

type ListValues = typeof lists.$inferInsert;
type ItemPlan = SeedListItem & { reference?: string };
type ListPlan = { list: ListValues; items: ItemPlan[] };

/** One name for a list, whether planned or read back: owner (or 'system'), channel, name. */
const listKey = (l: { userId?: number | null; channelId: number; name: string }) => `${l.userId ?? 'system'}:${l.channelId}:${l.name}`;

async function memberIds(db: Db): Promise<Map<string, number>> {
  const keys = [...new Set(SEED_LISTS.flatMap((l) => [l.owner, ...l.items.flatMap((i) => [...(i.prayedBy ?? []), ...(i.bookmarkedBy ?? [])])]))];
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, keys));
  return new Map(rows.map((r) => [r.username, r.id]));
}

function idOf(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`seed lists: no id for '${key}'`);
  return id;
}

function plans(ids: Map<string, number>, now: Date): ListPlan[] {
  const biblicalAt = new Date(now.getTime() - 60 * DAY_MS);
  const biblical = BIBLICAL_LISTS.map((b): ListPlan => ({
    list: {
      channelId: b.channelId, key: LIST_KEYS.biblicalPrayers, name: b.name, description: b.description,
      visibility: VISIBILITY.PUBLIC, itemCount: b.prayers.length, createdAt: biblicalAt, updatedAt: biblicalAt,
    },
    items: b.prayers,
  }));
  const members = SEED_LISTS.map((l): ListPlan => {
    const createdAt = new Date(now.getTime() - l.daysAgo * DAY_MS);
    return {
      list: {
        userId: idOf(ids, l.owner), channelId: l.channelId, key: l.key ?? null, name: l.name, description: l.description,
        visibility: l.visibility, gardenPosition: l.garden ?? null, itemCount: l.items.length, createdAt, updatedAt: createdAt,
      },
      items: l.items,
    };
  });
  return [...biblical, ...members];
}

/** Called by seed() inside its transaction, after the seed members exist. */
export async function seedLists(db: Db, now = new Date()): Promise<void> {
  const ids = await memberIds(db);
  const existing = new Set((await db.select({ userId: lists.userId, channelId: lists.channelId, name: lists.name }).from(lists)).map(listKey));
  const todo = plans(ids, now).filter((p) => !existing.has(listKey(p.list)));
  if (todo.length === 0) return;
  const listRows = await db.insert(lists).values(todo.map((p) => p.list))
    .returning({ id: lists.id, userId: lists.userId, channelId: lists.channelId, name: lists.name });
  const listIds = new Map(listRows.map((r) => [listKey(r), r.id]));
  const entries = todo.flatMap((p) => p.items.map((item, i) => ({ plan: p, item, position: i + 1, listId: idOf(listIds, listKey(p.list)) })));
  const itemRows = await db.insert(listItems).values(entries.map(({ plan, item, position, listId }) => ({
    postListId: listId, userId: plan.list.userId ?? null, title: item.title ?? null, text: item.text, reference: item.reference ?? null,
    position, prayedCount: item.prayedBy?.length ?? 0, createdAt: plan.list.createdAt, updatedAt: plan.list.createdAt,
  }))).returning({ id: listItems.id, postListId: listItems.postListId, position: listItems.position });
  const itemIds = new Map(itemRows.map((r) => [`${r.postListId}:${r.position}`, r.id]));
  const seeded = entries.map((e) => ({ ...e, itemId: idOf(itemIds, `${e.listId}:${e.position}`), at: e.plan.list.createdAt ?? now }));
  // One day apart after the list was made, never later than yesterday.
  const prayerRows = seeded.flatMap((e) => (e.item.prayedBy ?? []).map((key, n) => ({
    userId: idOf(ids, key), listItemId: e.itemId, createdAt: new Date(Math.min(e.at.getTime() + (n + 1) * DAY_MS, now.getTime() - DAY_MS)),
  })));
  if (prayerRows.length > 0) await db.insert(prayers).values(prayerRows);
  const bookmarkRows = seeded.flatMap((e) => (e.item.bookmarkedBy ?? []).map((key) => ({ userId: idOf(ids, key), listItemId: e.itemId, createdAt: e.at })));
  if (bookmarkRows.length > 0) await db.insert(bookmarks).values(bookmarkRows);
}
