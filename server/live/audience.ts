// Who may learn of a change, asked of the database at send time (issue #48 point 5; docs/api.md
// 'Live'): the one visibility rule of the pull, never a copy of it. `visiblePairs` evaluates
// post-view.ts visibleTo and hidden-people.ts notHiddenPostFor (which holds group-visibility.ts
// groupAudience) for every viewer this process holds a stream of, in ONE statement per window:
// the viewer is a column of an unnest, passed to the rule as an SQL expression.
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { groupMembers } from '../db/schema/groups';
import { posts } from '../db/schema/posts';
import { notHiddenPostFor } from '../domain/hidden-people';
import { visibleTo } from '../domain/post-view';

/** An int[] parameter as text ('{1,2,3}'): one parameter however many ids (drizzle would spread a JS array into one parameter each). */
function intArray(values: Iterable<number>): string {
  return `{${[...values].filter((v) => Number.isInteger(v)).join(',')}}`;
}

/** "viewer:post" for every (viewer, post) of the given ones where the viewer may see the post now. */
export async function visiblePairs(db: Db, postIds: number[], viewerIds: number[]): Promise<Set<string>> {
  if (postIds.length === 0 || viewerIds.length === 0) return new Set();
  const viewer = sql`v.id`;
  const rows = await db
    .select({ viewer: sql<number>`v.id`, post: posts.id })
    .from(posts)
    .crossJoin(sql`unnest(${intArray(viewerIds)}::int[]) as v(id)`)
    .where(and(sql`${posts.id} = any(${intArray(postIds)}::int[])`, visibleTo(viewer), notHiddenPostFor(viewer)));
  return new Set(rows.map((row) => `${String(row.viewer)}:${String(row.post)}`));
}

/** "user:group" for every given user who is a live member of a given group now (groups' pulls go to them only). */
export async function liveMemberPairs(db: Db, groupIds: number[], userIds: number[]): Promise<Set<string>> {
  if (groupIds.length === 0 || userIds.length === 0) return new Set();
  const rows = await db.select({ user: groupMembers.userId, group: groupMembers.groupId }).from(groupMembers)
    .where(and(
      sql`${groupMembers.groupId} = any(${intArray(groupIds)}::int[])`,
      sql`${groupMembers.userId} = any(${intArray(userIds)}::int[])`,
      isNull(groupMembers.leftAt),
    ));
  return new Set(rows.map((row) => `${String(row.user)}:${String(row.group)}`));
}
