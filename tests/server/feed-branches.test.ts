// A member's community feed read as branches (issue #28 item 7;
// docs/decisions/0190-a-member-s-community-feed-walks-only-what-it-may-show.md): the community's
// posts and each of the member's live groups, each through its own index. Checked against the rule
// written out as one plain query (community posts plus the member's live groups' posts, public or
// their own), page by page, by loadMore cursors and by type; and by plan: neither a member nor an
// outsider walks posts_feed_idx, so a busy group's posts cost nothing to those outside it. On
// PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { planUse, type CapturedQuery } from '../../bench/explain';
import { seedFeedBench } from '../../bench/feed-seed';
import { seedGroupBench } from '../../bench/group-seed';
import type { FeedType } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import { COUNT_AHEAD_PAGES, listFeed } from '../../server/domain/feed';
import { useTestDb } from '../helpers/use-test-db';

const capture: { queries: CapturedQuery[] | undefined } = { queries: undefined };
const testDb = useTestDb({ seed: true, logger: { logQuery: (query, params) => capture.queries?.push({ sql: query, params }) } });
let member: number;
let outsider: number;
let leftGroup: number;

beforeAll(async () => {
  const { handle } = testDb;
  await handle.withSession((session) => seedFeedBench(session, { posts: 1_500, users: 40, prayedEvery: 20, bookmarkedEvery: 50 }));
  // Grace is in all three groups; a busy one (several times the community's posts) and two small ones.
  await handle.withSession((session) => seedGroupBench(session, { member: 'grace@prayer.local', bigMembers: 40, bigPosts: 6_000, smallGroups: 2, smallMembers: 5, smallPosts: 300 }));
  const ids = await handle.db.execute<{ grace: number; demo: number; small: number }>(sql`select
    (select id from users where email = 'grace@prayer.local') as grace, (select id from users where email = 'demo@prayer.local') as demo,
    (select max(id) from prayer_groups where description = 'Bench group') as small`);
  const row = rowsOf<{ grace: number; demo: number; small: number }>(ids)[0];
  if (!row) throw new Error('no seeded member');
  ({ grace: member, demo: outsider, small: leftGroup } = row);
  // A group she left no longer reaches her feed (docs/product.md §11).
  await handle.db.execute(sql`update group_members set left_at = now() where group_id = ${leftGroup} and user_id = ${member}`);
  await handle.db.execute(sql`analyze`);
}, 120_000);

/** PGlite answers `{ rows }`, node-postgres an array-like result with `rows` too. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The rule, as one plain query: the order and the rows a viewer's community feed must show. */
async function expectedIds(viewerId: number, type?: FeedType): Promise<number[]> {
  const byType = type === 'REQUEST' ? sql`and p.type = 'REQUEST' and not p.atendido` : type === 'THANK' ? sql`and p.type = 'THANK'` : sql``;
  const result = await testDb.handle.db.execute<{ id: number }>(sql`select p.id from posts p
    where p.channel_id = 1 and p.deleted_at is null and p.archived_at is null and (p.visibility = 0 or p.user_id = ${viewerId}) ${byType}
      and (p.group_id is null or p.group_id in (select gm.group_id from group_members gm join prayer_groups g on g.id = gm.group_id
        where gm.user_id = ${viewerId} and gm.left_at is null and g.deleted_at is null))
      and not exists (select 1 from hidden_people h where h.user_id = ${viewerId} and h.hidden_user_id = p.user_id and not p.is_anonymous)
      and not exists (select 1 from reports r where r.reporter_id = ${viewerId} and r.post_id = p.id)
    order by p.created_at desc, p.id desc`);
  return rowsOf<{ id: number }>(result).map((r) => r.id);
}

const feed = (viewerId: number, query: { page?: number; loadMore?: number; type?: FeedType }) =>
  listFeed(testDb.handle.db, { page: query.page ?? 1, onlyNew: false, loadMore: query.loadMore, type: query.type }, 1, viewerId);

describe('a member\'s community feed, read as branches', () => {
  it('pages, counts and cursors exactly as the rule says, for a member of groups and for an outsider', { timeout: 60_000 }, async () => {
    for (const viewerId of [member, outsider]) {
      for (const type of [undefined, 'REQUEST', 'THANK'] as const) {
        const expected = await expectedIds(viewerId, type);
        expect(expected.length).toBeGreaterThan(4 * PAGE_SIZE);
        for (const page of [1, 2, 7, 12]) {
          const got = await feed(viewerId, { page, type });
          expect(got.data.map((p) => p.id)).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
          const cap = (page + COUNT_AHEAD_PAGES) * PAGE_SIZE + 1;
          expect({ total: got.total, estimate: got.total_is_estimate }).toEqual({ total: Math.min(expected.length, cap), estimate: expected.length >= cap });
        }
        // Three pages by cursor from the first, and the position a cursor gives.
        let cursor = expected[PAGE_SIZE - 1];
        for (let page = 2; page <= 4; page += 1) {
          const got = await feed(viewerId, { loadMore: cursor, type });
          expect(got.data.map((p) => p.id)).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
          expect(got.current_page).toBe(page);
          cursor = got.data.at(-1)?.id;
        }
      }
    }
    // Both sides of the cap were met: a total counted exactly (the outsider's thanks) and an estimate.
    expect((await feed(outsider, { type: 'THANK' })).total_is_estimate).toBe(false);
    expect((await feed(member, {})).total_is_estimate).toBe(true);
    // The member sees two of her groups' posts, never the one she left; the outsider none.
    const groupsSeen = async (viewerId: number) => new Set((await feed(viewerId, { page: 1 })).data.map((p) => p.group_id));
    expect([...await groupsSeen(member)].filter((g) => g !== null)).not.toContain(leftGroup);
    expect([...await groupsSeen(outsider)]).toEqual([null]);
  });

  it('walks the community\'s index and each group\'s, never posts_feed_idx past a busy group', { timeout: 30_000 }, async () => {
    for (const viewerId of [member, outsider]) {
      capture.queries = [];
      await feed(viewerId, { page: 1 });
      await feed(viewerId, { loadMore: (await expectedIds(viewerId))[PAGE_SIZE - 1] });
      const queries = capture.queries.filter((q) => q.sql.includes('"prayer_groups"'));
      capture.queries = undefined;
      expect(queries.length).toBeGreaterThanOrEqual(3);
      const plan = await testDb.handle.withSession((session) => planUse(session, queries));
      expect(plan.seqScans).toEqual([]);
      expect(plan.indexes).toContain('posts_community_feed_idx');
      expect(plan.indexes).not.toContain('posts_feed_idx');
      if (viewerId === member) expect(plan.indexes).toContain('posts_group_feed_idx');
    }
  });
});
