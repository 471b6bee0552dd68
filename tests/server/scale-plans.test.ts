// Reads that must stay small as the data grows (issue #50 items 1-4;
// docs/decisions/0148-a-rare-word-is-searched-from-the-text-index.md,
// docs/decisions/0149-notification-totals-are-capped.md,
// docs/decisions/0150-community-lists-ranked-by-a-kept-count.md). A database is seeded with SQL
// (100,000 posts, a member with 5,000 notifications and 3,000 prayers, 5,000 lists of which 1,000
// community ones), ANALYZEd, and the statements the server sends for a rare-word search, the
// notifications list with its counts (what a returning sync/pull reads for its notification section
// and unread count: sync-sections.ts, sync-pull.ts) and the community lists' ranking are captured
// through the Drizzle logger (the exact SQL and parameters) and run under EXPLAIN (ANALYZE, FORMAT
// JSON): each may touch only a bounded number of rows (rows produced plus rows removed by a filter,
// over every node and loop), so a plan that scans what grows fails here. PostgreSQL only (the plans
// are PostgreSQL's, the engine of scale; seeding 100,000 posts in PGlite's WASM engine would take
// most of a minute of the unit suite). The kept list count is checked on both.
import type { Logger } from 'drizzle-orm/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askStamps } from '../../server/domain/change-stamps';
import { listFeed, SEARCH_CANDIDATE_CAP } from '../../server/domain/feed';
import { listIndex } from '../../server/domain/list-discovery';
import { listNotifications, unreadCount } from '../../server/domain/notifications';
import type { SqlSession } from '../../server/db/client';
import { openTestDb, type TestDb } from '../helpers/test-db';

type Captured = { sql: string; params: unknown[] };
type PlanNode = {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** Rows a statement touched: produced by each node (per loop × loops) and removed by its filters. */
function rowsTouched(node: PlanNode): number {
  const loops = node['Actual Loops'] ?? 1;
  const own = (node['Actual Rows'] ?? 0) * loops + (node['Rows Removed by Filter'] ?? 0)
    + (node['Rows Removed by Join Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsTouched(child), 0);
}

async function explain(session: SqlSession, query: Captured, generic = false): Promise<{ rows: number; plan: PlanNode }> {
  // A statement the server keeps prepared may be run with its generic plan, blind to its parameters.
  if (generic) await session.exec(`SET plan_cache_mode = force_generic_plan; PREPARE generic_probe AS ${query.sql}`);
  // EXECUTE under EXPLAIN takes no bound parameters: its arguments are written as literals.
  const args = query.params.map((param) => `'${String(param).replaceAll("'", "''")}'`).join(', ');
  const text = generic ? `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE generic_probe(${args})` : `EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`;
  const [row] = await session.rows<Record<string, unknown>>(text, generic ? [] : query.params).finally(async () => {
    if (generic) await session.exec('DEALLOCATE generic_probe; RESET plan_cache_mode');
  });
  const cell = Object.values(row ?? {})[0];
  const parsed: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const plan = (parsed as { Plan: PlanNode }[])[0]?.Plan;
  if (plan === undefined) throw new Error('EXPLAIN returned no plan');
  return { rows: rowsTouched(plan), plan };
}

const IS_POSTGRES = (process.env.TEST_DATABASE_URL ?? '') !== '';
/** Rows one statement may touch: a page, its capped count (221) and their lookups, never the 100,000. */
const BOUND = 2_000;

const SEED = `
INSERT INTO users (name, username, email, channel_id)
  SELECT 'Scale ' || g, 'scale' || g, 'scale' || g || '@example.test', 1 FROM generate_series(1, 1000) g;
CREATE TEMP TABLE scale_users AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM users WHERE username LIKE 'scale%';
ALTER TABLE posts DISABLE TRIGGER USER;
INSERT INTO posts (user_id, channel_id, type, text, created_at)
  SELECT u.id, 1, 'REQUEST',
    'Please pray for my ' || (ARRAY['family', 'job', 'health', 'friend'])[1 + g % 4] || CASE WHEN g % 5000 = 7 THEN ' zebracorn' ELSE '' END,
    now() - g * interval '1 minute'
  FROM generate_series(1, 100000) g JOIN scale_users u ON u.n = 1 + g % 1000;
ALTER TABLE posts ENABLE TRIGGER USER;
ALTER TABLE notifications DISABLE TRIGGER USER;
INSERT INTO notifications (user_id, post_id, kind, day, actor_count, last_actor_id, created_at, updated_at, read_at)
  SELECT (SELECT id FROM scale_users WHERE n = 1), p.id, 'prayed', current_date, 1, (SELECT id FROM scale_users WHERE n = 2),
    now() - g * interval '1 hour', now() - g * interval '1 hour', CASE WHEN g > 20 THEN now() END
  FROM generate_series(1, 5000) g JOIN posts p ON p.id = (SELECT min(id) FROM posts) + g * 19;
ALTER TABLE notifications ENABLE TRIGGER USER;
INSERT INTO prayers (user_id, post_id)
  SELECT (SELECT id FROM scale_users WHERE n = 1), (SELECT min(id) FROM posts) + g * 31 FROM generate_series(1, 3000) g;
INSERT INTO lists (user_id, channel_id, name, visibility, item_count, updated_at)
  SELECT u.id, 1, 'List ' || g, CASE WHEN g % 5 = 0 THEN 0 ELSE 2 END, 2, now() - g * interval '1 minute'
  FROM generate_series(1, 5000) g JOIN scale_users u ON u.n = 1 + g % 1000;
INSERT INTO list_items (post_list_id, user_id, text, position)
  SELECT l.id, l.user_id, 'Item ' || i, i FROM lists l CROSS JOIN generate_series(1, 2) i WHERE l.name LIKE 'List %';
INSERT INTO prayers (user_id, list_item_id)
  SELECT u.id, li.id FROM list_items li JOIN lists l ON l.id = li.post_list_id AND l.visibility = 0
  JOIN scale_users u ON u.n = 1 + (li.id % 7) + 1 WHERE li.id % 3 = 0;
ANALYZE;
`;

describe.skipIf(!IS_POSTGRES)('reads at scale touch a bounded number of rows (PostgreSQL)', () => {
  let testDb: TestDb;
  let captured: Captured[] = [];
  let member = 0;
  let viewer = 0;
  const logger: Logger = { logQuery: (sql, params) => void captured.push({ sql, params }) };

  beforeAll(async () => {
    testDb = await openTestDb(logger);
    await testDb.handle.withSession((s) => s.exec(SEED));
    const [ids] = await testDb.handle.withSession((s) => s.rows<{ member: number; viewer: number }>(
      "SELECT min(id) AS member, min(id) + 500 AS viewer FROM users WHERE username LIKE 'scale%'"));
    member = Number(ids?.member);
    viewer = Number(ids?.viewer);
  }, 60_000);
  afterAll(async () => testDb.dispose());

  /** Runs `read`, EXPLAINs each statement it sent, and returns the most rows one of them touched. */
  async function touched(read: () => Promise<unknown>, generic = false): Promise<{ most: number; statements: number }> {
    captured = [];
    await read();
    const sent = captured.filter((query) => /^\s*(select|with)\b/i.test(query.sql));
    captured = [];
    let most = 0;
    for (const query of sent) {
      const { rows } = await testDb.handle.withSession((s) => explain(s, query, generic));
      most = Math.max(most, rows);
    }
    return { most, statements: sent.length };
  }

  it('a rare word is searched from the text index, for a visitor and for a member', async () => {
    const search = { search: 'zebracorn', page: 1, onlyNew: false };
    const guest = await listFeed(testDb.handle.db, search, 1, null);
    expect(guest.total).toBe(20);
    const times = guest.data.map((post) => post.created_at);
    expect(times).toEqual([...times].sort().reverse());
    for (const viewerId of [null, viewer]) {
      const { most, statements } = await touched(() => listFeed(testDb.handle.db, search, 1, viewerId));
      expect(statements).toBeGreaterThanOrEqual(2);
      expect(most).toBeLessThanOrEqual(BOUND);
    }
  });

  it('a common word still finds its page in feed order, and its total is capped', async () => {
    expect(SEARCH_CANDIDATE_CAP).toBeLessThan(25_000);
    const page = await listFeed(testDb.handle.db, { search: 'family', page: 1, onlyNew: false }, 1, viewer);
    expect(page.data).toHaveLength(20);
    expect(page.total_is_estimate).toBe(true);
    // The planner's statistics know the word as common (a quarter of the posts), so no candidates
    // are read (SEARCH_CANDIDATE_CAP + 1 of them would be): the page walks the feed's index to its
    // capped count, about four rows for each of its 221.
    const { most, statements } = await touched(() => listFeed(testDb.handle.db, { search: 'family', page: 1, onlyNew: false }, 1, viewer));
    // One read (the estimate before it is an EXPLAIN, which reads nothing), fewer rows than the candidates alone would be.
    expect(statements).toBe(1);
    expect(most).toBeLessThan(SEARCH_CANDIDATE_CAP);
  });

  it('the notifications list, its capped total and the unread count (a returning pull reads the same)', async () => {
    const page = await listNotifications(testDb.handle.db, member, 1);
    expect(page.data).toHaveLength(20);
    expect(page).toMatchObject({ total: 221, total_is_estimate: true, last_page: 12, unread_count: 20 });
    const { most, statements } = await touched(async () => {
      await listNotifications(testDb.handle.db, member, 1);
      await unreadCount(testDb.handle.db, member);
    });
    expect(statements).toBe(4);
    expect(most).toBeLessThanOrEqual(BOUND);
  });

  it('an idle poll\'s stamps, kept prepared, probe their indexes even in the generic plan', async () => {
    // 100,000 post changes, 50,000 member changes, 20,000 group changes, all older than the cursor
    // (the seed's temporary table belongs to another pooled connection: users are found by name).
    await testDb.handle.withSession((s) => s.exec(`
      INSERT INTO post_changes (post_id, channel_id, change_xid) SELECT id, 1, id FROM posts ON CONFLICT (post_id) DO NOTHING;
      INSERT INTO member_changes (user_id, change_xid) SELECT u.id, g FROM users u CROSS JOIN generate_series(1, 50) g
        WHERE u.username LIKE 'scale%' ON CONFLICT DO NOTHING;
      INSERT INTO prayer_groups (name, created_by, channel_id) VALUES ('Scale group', ${member}, 1);
      INSERT INTO group_members (group_id, user_id, role) SELECT max(id), ${member}, 'member' FROM prayer_groups;
      INSERT INTO group_changes (group_id, change_xid) SELECT (SELECT max(id) FROM prayer_groups), g FROM generate_series(1, 20000) g ON CONFLICT DO NOTHING;
      ANALYZE post_changes, member_changes, group_changes, group_members;`));
    const [top] = await testDb.handle.withSession((s) => s.rows<{ xid: string; now: string }>(
      'SELECT max(change_xid)::text AS xid, pg_current_xact_id()::text AS now FROM post_changes'));
    const posts = { xid: BigInt(top?.xid ?? '0'), id: 2_147_483_647 };
    // A cursor taken after every change above (the seeded positions run past this new database's transaction ids).
    const question = { channelId: 1 as const, viewer: member, posts, stamp: BigInt(Math.max(Number(top?.now), Number(top?.xid), 20_000)) + 1n };
    expect((await askStamps(testDb.handle.db, question)).changed).toBe(false);
    expect((await askStamps(testDb.handle.db, { ...question, stamp: 50n })).changed).toBe(true);
    for (const viewerId of [member, null]) {
      const { most, statements } = await touched(() => askStamps(testDb.handle.db, { ...question, viewer: viewerId }), true);
      expect(statements).toBe(1);
      expect(most).toBeLessThanOrEqual(10);
    }
  });

  it('the community lists, most prayed first, read from the kept count', async () => {
    const index = await listIndex(testDb.handle.db, 1, viewer, { page: 1 });
    const counts = index.community.data.map((list) => list.qtd);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(index.community.total_is_estimate).toBe(true);
    const { most } = await touched(() => listIndex(testDb.handle.db, 1, viewer, { page: 1 }));
    expect(most).toBeLessThanOrEqual(BOUND);
  });
});

describe('the kept community count of a list (migration 0023)', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterAll(async () => testDb.dispose());

  const sql = <T>(text: string) => testDb.handle.withSession((s) => s.rows<T>(text));
  /** Every list whose kept count differs from count(DISTINCT person) of its items' prayers. */
  const drifted = () => sql<{ id: number }>(`SELECT l.id FROM lists l WHERE l.prayed_people <> (SELECT count(DISTINCT p.user_id)
    FROM prayers p JOIN list_items li ON li.id = p.list_item_id WHERE li.post_list_id = l.id)`);

  it('follows prayers added, an item deleted, an account deleted and a list deleted', async () => {
    await testDb.handle.withSession((s) => s.exec(`
      INSERT INTO users (name, username, email) SELECT 'Kept ' || g, 'kept' || g, 'kept' || g || '@example.test' FROM generate_series(1, 4) g;
      INSERT INTO lists (user_id, channel_id, name, visibility) SELECT id, 1, 'Kept list of ' || name, 0 FROM users WHERE username IN ('kept1', 'kept2');
      INSERT INTO list_items (post_list_id, user_id, text) SELECT l.id, l.user_id, 'Item ' || i FROM lists l CROSS JOIN generate_series(1, 3) i WHERE l.name LIKE 'Kept list%';
      -- kept2, kept3 and kept4 pray every item twice, in one statement; kept3 once more alone.
      INSERT INTO prayers (user_id, list_item_id) SELECT u.id, li.id FROM users u CROSS JOIN list_items li CROSS JOIN generate_series(1, 2)
        WHERE u.username IN ('kept2', 'kept3', 'kept4') AND li.text LIKE 'Item %';
      INSERT INTO prayers (user_id, list_item_id) SELECT u.id, min(li.id) FROM users u, list_items li WHERE u.username = 'kept3' GROUP BY u.id;`));
    const counts = () => sql<{ name: string; prayed_people: number }>("SELECT name, prayed_people FROM lists WHERE name LIKE 'Kept list%' ORDER BY name");
    expect((await counts()).map((row) => Number(row.prayed_people))).toEqual([3, 3]);
    expect(await drifted()).toEqual([]);

    await sql("DELETE FROM list_items WHERE id IN (SELECT min(id) FROM list_items WHERE text LIKE 'Item %')");
    expect(await drifted()).toEqual([]);
    await sql("DELETE FROM users WHERE username = 'kept4'");
    expect((await counts()).map((row) => Number(row.prayed_people))).toEqual([2, 2]);
    expect(await drifted()).toEqual([]);
    // kept2's account takes their own list (and its items) and their prayers on kept1's.
    await sql("DELETE FROM users WHERE username = 'kept2'");
    expect((await counts()).map((row) => Number(row.prayed_people))).toEqual([1]);
    expect(await drifted()).toEqual([]);
    await sql("DELETE FROM lists WHERE name LIKE 'Kept list%'");
    expect(await sql("SELECT 1 FROM list_prayer_people p LEFT JOIN lists l ON l.id = p.list_id WHERE l.id IS NULL")).toEqual([]);
  });
});
