// Notifications of new posts in a prayer group (issue #28 item 6; docs/product.md §11 'Notifications';
// docs/decisions/0191-group-posts-notify-the-members-as-each-one-chose.md): each live member but
// the author, as their own setting for the group allows ('all', 'requests' only, 'none'), gets a
// 'group_post' row; push where they registered a device (push_pending, sent by server/push/dispatch.ts
// after the commit); a member who hid the author hears nothing of their signed posts, as their feeds
// show none (docs/product.md §11). One INSERT ... SELECT over the group's members, whatever their number.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ApiGroup, GroupNotifyLevel } from '../../common/group-contract';
import type { Db } from '../db/client';
import { groupMembers } from '../db/schema/groups';
import { requireGroup, requireRole } from './groups';

/**
 * Called in the post's own transaction by createPost (server/domain/posts.ts) for a group's post.
 * An anonymous post names no actor (its author stays anonymous, as on the card). A group that was
 * deleted meanwhile notifies nobody (the post was refused before this ran anyway).
 */
export async function notifyGroupPost(db: Db, postId: number): Promise<void> {
  await db.execute(sql`insert into notifications (user_id, post_id, kind, day, actor_count, last_actor_id, created_at, updated_at, push_pending)
    select gm.user_id, p.id, 'group_post', (p.created_at at time zone 'UTC')::date, 1,
           case when p.is_anonymous then null else p.user_id end, p.created_at, p.created_at,
           exists (select 1 from push_tokens t where t.user_id = gm.user_id)
    from posts p
    join prayer_groups g on g.id = p.group_id and g.deleted_at is null
    join group_members gm on gm.group_id = p.group_id and gm.left_at is null and gm.user_id <> p.user_id
    where p.id = ${postId} and p.deleted_at is null
      and (gm.notify = 'all' or (gm.notify = 'requests' and p.type = 'REQUEST'))
      and (p.is_anonymous or not exists (select 1 from hidden_people h where h.user_id = gm.user_id and h.hidden_user_id = p.user_id))
    on conflict (user_id, post_id, kind, day) do nothing`);
}

/** PUT group/{id}/notify: the caller's own setting for a group they are a live member of (else 404). */
export async function setGroupNotify(db: Db, groupId: number, userId: number, level: GroupNotifyLevel): Promise<ApiGroup> {
  await requireRole(db, groupId, userId);
  await db.update(groupMembers).set({ notify: level, updatedAt: new Date() })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), isNull(groupMembers.leftAt)));
  return requireGroup(db, groupId, userId);
}
