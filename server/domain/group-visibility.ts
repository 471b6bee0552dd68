// Who may see a group's posts (issue #28; docs/product.md §11 Prayer groups): its live members,
// while the group lives; nobody else, their author included once they have left. The one
// predicate every read of posts goes through (post-view.ts visibleTo), so the feeds, a post, its
// comments, prayers and notes, search, the sessions, posts/changes and sync/pull all agree.
// The same rule for a group's lists (issue #28 item 4): groupListAudience, inside list-view.ts
// listVisibleTo, so every list route, its items, comments, notes and sessions agree.
import { sql, type SQL } from 'drizzle-orm';
import { groupMembers, prayerGroups } from '../db/schema/groups';
import { lists } from '../db/schema/lists';
import { posts } from '../db/schema/posts';
import type { ViewerParam } from './post-view';

/** True for a community post, and for a group post whose group `viewerId` is a live member of (a group_members primary key probe). */
export function groupAudience(viewerId: ViewerParam): SQL {
  if (viewerId === null) return sql`${posts.groupId} is null`;
  return sql`(${posts.groupId} is null or exists (select 1 from ${groupMembers} gm join ${prayerGroups} pg on pg.id = gm.group_id
    where gm.group_id = ${posts.groupId} and gm.user_id = ${viewerId} and gm.left_at is null and pg.deleted_at is null))`;
}

/** True for a group's list whose group `viewerId` is a live member of; false for every other list (the caller says what else may see it). */
export function groupListAudience(viewerId: ViewerParam): SQL {
  if (viewerId === null) return sql`false`;
  return sql`exists (select 1 from ${groupMembers} gm join ${prayerGroups} pg on pg.id = gm.group_id
    where gm.group_id = ${lists.groupId} and gm.user_id = ${viewerId} and gm.left_at is null and pg.deleted_at is null)`;
}
