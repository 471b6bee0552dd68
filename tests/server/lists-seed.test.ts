// The seeded lists (docs/architecture/server.md 'Reference server' 'Seed data'): a biblical prayers
// list in each channel with the Lord's Prayer in its language, community lists, the demo member's
// list; counters that match their rows; and seedLists() that adds nothing when run again.
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../common/constants';
import { listItems, lists } from '../../server/db/schema/lists';
import { seedLists } from '../../server/db/seed-lists';
import { BIBLICAL_LISTS, SEED_LISTS } from '../../server/db/seed-lists-data';
import { useTestDb } from '../helpers/use-test-db';

const testDb = useTestDb({ seed: true });

const LORDS_PRAYER = { 1: 'Our Father which art in heaven', 2: 'Pai nosso, que estás nos céus', 3: 'Padre nuestro que estás en los cielos' } as const;

async function rows<T>(text: string): Promise<T[]> {
  return testDb.handle.withSession((s) => s.rows<T>(text));
}

describe('seed data', () => {
  it.each(BIBLICAL_LISTS.map((l) => [l.channelId, l] as const))('channel %i: 30+ prayers within the item limit, with references, the Lord\'s Prayer first', (channelId, list) => {
    expect(list.prayers.length).toBeGreaterThanOrEqual(30);
    expect(list.prayers[0]?.text).toContain(LORDS_PRAYER[channelId]);
    for (const p of list.prayers) {
      expect(p.text.length).toBeLessThanOrEqual(TEXT_LIMITS.request);
      expect(p.reference).toMatch(/\d+:\d+/);
      expect(p.title.length).toBeGreaterThan(0);
    }
  });

  it('has the same prayers in every language (one translation of each)', () => {
    const counts = BIBLICAL_LISTS.map((l) => l.prayers.length);
    expect(new Set(counts).size).toBe(1);
  });

  it('has community lists of 5 to 10 items in every channel, and a personal list for the demo member', () => {
    for (const channelId of [1, 2, 3]) {
      const community = SEED_LISTS.filter((l) => l.channelId === channelId && l.visibility === 0);
      expect(community.length).toBeGreaterThanOrEqual(3);
      for (const l of community) expect(l.items.length).toBeGreaterThanOrEqual(5);
      for (const l of community) expect(l.items.length).toBeLessThanOrEqual(10);
    }
    expect(SEED_LISTS.find((l) => l.owner === 'demo')).toMatchObject({ key: 'my-prayers', visibility: 2 });
  });
});

describe('seeded database', () => {
  it('has one biblical list per channel whose item count matches its items', async () => {
    const found = await rows<{ channel_id: number; item_count: number; items: number }>(`
      SELECT l.channel_id, l.item_count, (SELECT count(*)::int FROM list_items i WHERE i.post_list_id = l.id) AS items
      FROM lists l WHERE l.key = 'biblical-prayers' AND l.user_id IS NULL ORDER BY l.channel_id`);
    expect(found.map((r) => r.channel_id)).toEqual([1, 2, 3]);
    for (const r of found) expect(r.item_count).toBe(r.items);
  });

  it('keeps every item prayed_count equal to its prayer rows, and seeds no prayer today', async () => {
    const mismatched = await rows<{ id: number }>(`
      SELECT i.id FROM list_items i
      WHERE i.prayed_count <> (SELECT count(*) FROM prayers p WHERE p.list_item_id = i.id)`);
    expect(mismatched).toEqual([]);
    const today = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM prayers WHERE list_item_id IS NOT NULL AND created_at >= date_trunc('day', now())`);
    expect(today[0]?.n).toBe(0);
  });

  it('adds nothing when seedLists runs again', async () => {
    const before = await testDb.handle.db.select({ lists: count() }).from(lists);
    const itemsBefore = await testDb.handle.db.select({ n: count() }).from(listItems);
    await testDb.handle.db.transaction((tx) => seedLists(tx));
    expect(await testDb.handle.db.select({ lists: count() }).from(lists)).toEqual(before);
    expect(await testDb.handle.db.select({ n: count() }).from(listItems)).toEqual(itemsBefore);
    const [garden] = await testDb.handle.db.select({ n: count() }).from(lists).where(sql`garden_position IS NOT NULL`);
    expect(garden?.n).toBe(9);
  });
});
