// GET posts/changes (issue #10, common/sync-contract.ts PostChanges): what changed in one channel
// since a cursor, as the caller sees it, so locally held posts keep fresh counters
// (docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'Pull'). Changes are read in
// (transaction id, post id) order, only from transactions older than the oldest one still running:
// those are settled, so a cursor never passes a change that commits later
// (migrations/0006_post_changes.sql says why a sequence would). The cursor is one decimal number,
// transaction id * 2^32 + post id, opaque to clients.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ChannelId } from '../../common/contract';
import { SYNC_CHANGES_PAGE_SIZE, type PostChanges } from '../../common/sync-contract';
import type { Db } from '../db/client';
import { postChanges, posts } from '../db/schema/posts';
import { users } from '../db/schema/users';
import { notHiddenPostFor } from './hidden-people';
import { postFields, toApiPost, visibleTo, type ViewerId } from './post-view';

/** A position in the change feed: after every change of (xid, id) or before. */
export type ChangeCursor = { xid: bigint; id: number };

const ID_BITS = 32n;
const ID_MASK = (1n << ID_BITS) - 1n;
const MAX_XID = (1n << 63n) - 1n; // change_xid is a bigint
const MAX_POST_ID = 2 ** 31 - 1; // posts.id is an integer: a larger id part means "after every post of that xid"

export function encodeCursor(cursor: ChangeCursor): string {
  return ((cursor.xid << ID_BITS) + BigInt(cursor.id)).toString();
}

/** The cursor a client sent, or undefined when it cannot be one (digits only, in range). */
export function decodeCursor(text: string): ChangeCursor | undefined {
  if (!/^\d{1,30}$/.test(text)) return undefined;
  const value = BigInt(text);
  const xid = value >> ID_BITS;
  if (xid > MAX_XID) return undefined;
  return { xid, id: Math.min(Number(value & ID_MASK), MAX_POST_ID) };
}

function compare(a: ChangeCursor, b: ChangeCursor): number {
  if (a.xid !== b.xid) return a.xid < b.xid ? -1 : 1;
  return a.id - b.id;
}

/** Every transaction below this id has committed or rolled back; none will change anything again. */
export async function settledBelow(db: Db): Promise<bigint> {
  const [row] = await db.select({ xmin: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text` }).from(sql`(select 1) as one`);
  if (row === undefined) throw new Error('pg_current_snapshot returned no row');
  return BigInt(row.xmin);
}

/** The cursor to start from: everything settled so far is behind it (the client has just read the feed). */
export async function currentCursor(db: Db): Promise<string> {
  return encodeCursor({ xid: await settledBelow(db), id: 0 });
}

/** One page (plus one, to tell whether more follow) of the channel's changes after `since`, settled ones only; exported for the plan test. */
export function changesPageQuery(db: Db, channelId: ChannelId, since: ChangeCursor, settled: bigint) {
  // A row comparison is an index condition on (channel_id, change_xid, post_id): the page is one range scan.
  return db.select({ id: postChanges.postId, xid: postChanges.changeXid })
    .from(postChanges)
    .where(and(
      eq(postChanges.channelId, channelId),
      sql`(${postChanges.changeXid}, ${postChanges.postId}) > (${since.xid.toString()}::bigint, ${since.id}::integer)`,
      sql`${postChanges.changeXid} < ${settled.toString()}::bigint`,
    ))
    .orderBy(asc(postChanges.changeXid), asc(postChanges.postId))
    .limit(SYNC_CHANGES_PAGE_SIZE + 1);
}

/** The posts of a page as the caller sees them, each with whether the caller may see it at all; exported for the plan test. */
export function pagePostsQuery(db: Db, ids: number[], viewerId: ViewerId) {
  return db.select({ ...postFields(viewerId), visible: sql<boolean>`(${and(visibleTo(viewerId), notHiddenPostFor(viewerId))})` })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(inArray(posts.id, ids));
}

/**
 * One page of changes after `since`: posts the caller may see, serialized as GET posts does, and
 * the ids of posts gone from their view (deleted, archived, hidden by reports, private to someone
 * else) or removed for good.
 */
export async function listPostChanges(
  db: Db, channelId: ChannelId, viewerId: ViewerId, since: ChangeCursor, settledBefore?: bigint,
): Promise<PostChanges> {
  // A settled point the caller read already (sync/pull's) serves as well: every transaction below
  // it had finished before this read began; a later one would only reach further.
  const settled = settledBefore ?? await settledBelow(db);
  const changes = await changesPageQuery(db, channelId, since, settled);
  const page = changes.slice(0, SYNC_CHANGES_PAGE_SIZE);
  const hasMore = changes.length > SYNC_CHANGES_PAGE_SIZE;
  const rows = page.length === 0 ? [] : await pagePostsQuery(db, page.map((c) => c.id), viewerId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const result: PostChanges = { posts: [], deleted: [], cursor: '', has_more: hasMore };
  for (const change of page) {
    const row = byId.get(change.id);
    if (row?.visible === true) result.posts.push(toApiPost(row, viewerId));
    else result.deleted.push(change.id);
  }
  // A full page ends at its last change; otherwise everything settled has been read.
  const last = page.at(-1);
  const end = hasMore && last !== undefined ? { xid: last.xid, id: last.id } : { xid: settled, id: 0 };
  result.cursor = encodeCursor(compare(end, since) > 0 ? end : since);
  return result;
}
