// How a feed walks its rows (docs/architecture/server.md 'Reference server'; issue #28 item 7,
// docs/decisions/0190-a-member-s-community-feed-walks-only-what-it-may-show.md). A feed is counted
// and paged by one of two sources with the same answers:
// - `indexSource`: one walk of an index in feed order, filtering each row (a visitor's feed, a
//   group's feed, every feed type);
// - `branchSource`: a signed-in member's community feed, read as branches: the community's posts
//   (posts_community_feed_idx) and each of the member's live groups (posts_group_feed_idx), each cut
//   at the walk's cap. One index walk with a membership check per row passed over every post of a
//   busy group the member is not in (a page's capped count stepped over ~4,500 of them); the
//   branches read only rows the member may see, at most (groups + 1) x cap of them.
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { groupMembers, prayerGroups } from '../db/schema/groups';
import { posts } from '../db/schema/posts';
import { users } from '../db/schema/users';
import { postFields, selectPosts, type PostRow, type ViewerId } from './post-view';

/** A feed's order: its sort key, then id, both descending (the order of its indexes). */
export type FeedOrder = [SQL, SQL];

export function keyOrder(key: PgColumn): FeedOrder {
  return [desc(key), desc(posts.id)];
}

/** The first `cap` matching rows in feed order, as `select 1`: what a capped count counts. */
function firstRows(db: Db, where: SQL | undefined, order: FeedOrder, cap: number) {
  return db.select({ one: sql<number>`1`.as('one') }).from(posts).where(where).orderBy(...order).limit(cap);
}

export type FeedSource = {
  /** How many rows match, with `also` (a cursor's bound) added, counting at most `cap`. */
  count(also: SQL | undefined, cap: number): Promise<number>;
  /**
   * Rows offset..offset+limit in feed order. With `totals`, read in the same statement (undefined
   * when the page is past the last row, as there is no row to carry them): the capped count of
   * the same walk, and with `aheadAt` the id of the row at that position of the walk (null past its end).
   */
  rows(also: SQL | undefined, limit: number, offset: number, totals?: Totals): Promise<{ rows: PostRow[]; total?: number; aheadId?: number | null }>;
};

/** What a page's statement also reads: its walk's count up to `cap`, and the id at position `aheadAt` (0-based, below `cap`). */
export type Totals = { cap: number; aheadAt?: number };

type Found = PostRow & { feedTotal: number; aheadId: number | null };

function withTotals(found: Found[], cap: number): { rows: PostRow[]; total?: number; aheadId?: number | null } {
  const [first] = found;
  return { rows: found, ...(first === undefined ? {} : { total: Math.min(first.feedTotal, cap), aheadId: first.aheadId }) };
}

/**
 * count(*) of at most `cap` matching rows, read in feed (index) order. An exact count of a whole
 * channel is a Seq Scan, the main cost of a page at 100,000 posts (~90-170 ms); this one stops
 * after `cap` index entries, so its cost follows the page asked for, not the channel's size.
 */
export async function cappedCount(db: Db, where: SQL | undefined, order: FeedOrder, cap: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(firstRows(db, where, order, cap).as('capped'));
  return row?.n ?? 0;
}

export function indexSource(db: Db, viewerId: ViewerId, filter: SQL | undefined, order: FeedOrder): FeedSource {
  return {
    count: (also, cap) => cappedCount(db, and(filter, also), order, cap),
    async rows(also, limit, offset, totals) {
      const where = and(filter, also);
      if (totals === undefined) return { rows: await selectPosts(db, viewerId).where(where).orderBy(...order).limit(limit).offset(offset) };
      // The count and the ahead id are uncorrelated scalar subqueries, which PostgreSQL runs once
      // (InitPlans) and repeats on every row (issue #14 point 4: round trips less per page, one snapshot).
      const capped = firstRows(db, where, order, totals.cap);
      const ahead = totals.aheadAt === undefined ? sql`null`
        : sql`(${db.select({ id: posts.id }).from(posts).where(where).orderBy(...order).limit(1).offset(totals.aheadAt)})`;
      const found = await db.select({
        ...postFields(viewerId), feedTotal: sql<number>`(select count(*)::int from (${capped}) as capped)`, aheadId: sql<number | null>`${ahead}`,
      }).from(posts).innerJoin(users, eq(users.id, posts.userId))
        .where(where).orderBy(...order).limit(limit).offset(offset);
      return withTotals(found, totals.cap);
    },
  };
}

export function branchSource(db: Db, viewerId: number, filter: SQL | undefined, key: PgColumn): FeedSource {
  const order = keyOrder(key);
  /** (id, at) of the first `cap` matching rows of the community and of each live group of the member. */
  const branches = (also: SQL | undefined, cap: number): SQL => {
    const walk = (where: SQL) => db.select({ id: posts.id, at: sql`${key}`.as('at') }).from(posts).where(and(filter, also, where)).orderBy(...order).limit(cap);
    return sql`(${walk(isNull(posts.groupId))}) union all (select rows.id, rows.at from ${groupMembers} mine
      join ${prayerGroups} pg on pg.id = mine.group_id cross join lateral (${walk(sql`${posts.groupId} = mine.group_id`)}) as rows
      where mine.user_id = ${viewerId} and mine.left_at is null and pg.deleted_at is null)`;
  };
  return {
    async count(also, cap) {
      const [row] = await db.select({ n: count() }).from(sql`(${branches(also, cap)}) as feed`);
      return Math.min(row?.n ?? 0, cap);
    },
    async rows(also, limit, offset, totals) {
      // The branches are read once (a CTE used thrice is materialized); the page is cut from them
      // before its rows are fetched, so only those are looked up.
      const walked = Math.max(offset + limit, totals?.cap ?? 0, (totals?.aheadAt ?? -1) + 1);
      const feed = db.$with('feed', { id: sql<number>`id`, at: sql<Date>`at` }).as(branches(also, walked));
      const page = sql`(select id, at from ${feed} order by at desc, id desc limit ${limit} offset ${offset}) as page`;
      const ahead = totals?.aheadAt === undefined ? sql`null` : sql`(select id from ${feed} order by at desc, id desc limit 1 offset ${totals.aheadAt})`;
      const found = await db.with(feed).select({
        ...postFields(viewerId), feedTotal: sql<number>`(select count(*)::int from ${feed})`, aheadId: sql<number | null>`${ahead}`,
      }).from(page).innerJoin(posts, sql`${posts.id} = page.id`).innerJoin(users, eq(users.id, posts.userId))
        .orderBy(sql`page.at desc`, sql`page.id desc`);
      return totals === undefined ? { rows: found } : withTotals(found, totals.cap);
    },
  };
}
