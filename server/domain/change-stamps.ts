// Change stamps (issue #50 item 2; docs/architecture/change-stamps.md 'Change stamps',
// migrations/0024_change_stamps.sql): whether anything a pull without `full` would answer has
// changed since a cursor, asked in ONE statement without reading any section. The topics are the
// live channel's (server/live/routing.ts): the channel (its post change feed, post_changes), the
// member (member_changes) and each of the member's live groups (group_changes). Positions are
// transaction ids, settled as the post change feed's are (domain/post-changes.ts settledBelow):
// every transaction below `settled` had finished when the statement ran, so nothing it did can
// appear later.
import { sql } from 'drizzle-orm';
import type { ChannelId } from '../../common/contract';
import type { Db } from '../db/client';
import { firstRow } from '../db/first-row';
import { perSession } from '../db/per-session';
import { keepPrepared } from '../db/pglite-statements';
import type { ChangeCursor } from './post-changes';

export type StampQuestion = { channelId: ChannelId; viewer: number | null; posts: ChangeCursor; stamp: bigint };

/**
 * `settled`: pg_snapshot_xmin of the statement's own snapshot; `posts`: the channel's feed has a
 * change after `posts`; `mine`: the sections (sync-sections.ts SECTION_BITS; -1 all, 0 none) that
 * changes of the member or of a live group of theirs at or after `stamp` moved; `changed`: either;
 * `pruned`: rows below `stamp` may be gone (the answer cannot be trusted).
 */
export type StampAnswer = { settled: bigint; changed: boolean; pruned: boolean; posts: boolean; mine: number };

function prepareStampsQuery(db: Db, member: boolean) {
  const viewer = sql.placeholder('viewer');
  const stamp = sql.placeholder('stamp');
  // The sections the member's changes moved, merged; a change of a group of theirs moves them all.
  const mine = member ? sql`(coalesce((select bit_or(sections) from member_changes where user_id = ${viewer}::integer and change_xid >= ${stamp}::bigint), 0)
    | case when exists (select 1 from group_members gm where gm.user_id = ${viewer}::integer and gm.left_at is null
      and exists (select 1 from group_changes gc where gc.group_id = gm.group_id and gc.change_xid >= ${stamp}::bigint)) then -1 else 0 end)` : sql`0`;
  const query = db.select({
    settled: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
    horizon: sql<string>`(select horizon from change_log_horizon)::text`,
    // The first change after the position in the index's order, not exists(): kept prepared, its
    // generic plan (which cannot see the position) judged exists() a Seq Scan of post_changes
    // that stops early, and read all 1,000,000 rows (55 ms; bench:scale).
    posts: sql<boolean>`(select true from post_changes where channel_id = ${sql.placeholder('channel')}::smallint
      and (change_xid, post_id) > (${sql.placeholder('postsXid')}::bigint, ${sql.placeholder('postsId')}::integer)
      order by channel_id, change_xid, post_id limit 1) is not null`,
    mine: sql<number>`${mine}`,
  }).from(sql`(select 1) as one`).prepare(member ? 'ask_stamps_member' : 'ask_stamps_visitor');
  keepPrepared(query.getQuery().sql);
  return query;
}

/**
 * The stamps' statement, built once per database session and kept prepared (as tokens.ts's
 * find_session): an idle poll is this and the session lookup, nothing else (issue #50 item 2). Its
 * plan is the same whatever the member: probes of primary keys and of post_changes_feed_idx.
 */
const stampsQuery = perSession(prepareStampsQuery);

/** One statement: a probe of post_changes_feed_idx, of member_changes's key, and of group_changes's key per live membership. */
export async function askStamps(db: Db, q: StampQuestion): Promise<StampAnswer> {
  const [row] = await stampsQuery(db, q.viewer !== null).execute({
    viewer: q.viewer ?? 0, stamp: q.stamp.toString(), channel: q.channelId, postsXid: q.posts.xid.toString(), postsId: q.posts.id,
  });
  if (row === undefined) throw new Error('the stamps query returned no row');
  const mine = Number(row.mine);
  return { settled: BigInt(row.settled), changed: row.posts || mine !== 0, pruned: q.stamp < BigInt(row.horizon ?? '0'), posts: row.posts, mine };
}

/** Below this many rows a prune batch was the last (docs/architecture/change-stamps.md 'Change stamps'). */
export const PRUNE_BATCH_ROWS = 1000;

/**
 * The pruning of member_changes and group_changes, one step per housekeeping tick
 * (domain/housekeeping.ts): the horizon moves to the mark the previous tick set, the mark to what is
 * settled now, and rows below the horizon are deleted, at most PRUNE_BATCH_ROWS of each table a
 * statement and `batches` statements. A cursor stays trusted for one to two ticks after its
 * position was last moved (each pull with nothing new moves it); an older one is answered by
 * reading its sections. Returns the rows deleted.
 */
export async function pruneChangeStamps(db: Db, batches: number): Promise<number> {
  const moved = firstRow(await db.execute(sql`update change_log_horizon
    set horizon = mark, mark = pg_snapshot_xmin(pg_current_snapshot())::text::bigint returning horizon::text as horizon`), 'the change log horizon');
  const horizon = String(moved.horizon);
  let deleted = 0;
  for (const table of ['member_changes', 'group_changes'] as const) {
    for (let batch = 0; batch < batches; batch += 1) {
      const row = firstRow(await db.execute(sql`with gone as (
        delete from ${sql.identifier(table)} where ctid in (
          select ctid from ${sql.identifier(table)} where change_xid < ${horizon}::bigint limit ${PRUNE_BATCH_ROWS})
        returning 1) select count(*)::int as n from gone`), 'a change log prune');
      const n = Number(row.n);
      deleted += n;
      if (n < PRUNE_BATCH_ROWS) break;
    }
  }
  return deleted;
}
