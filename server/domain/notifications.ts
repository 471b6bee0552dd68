// In-app notifications (issue #6): the list, the unread count and marking read. The rows are
// written by the triggers of server/migrations/0005_notifications.sql, and those of sent reminders
// (kind 'reminder', no post; issue #13) by server/push/reminder-scheduler.ts; this module only
// reads and marks them. Notifications of deleted posts are not listed (nor counted). A sent
// reminder's label is read now, through the visibility rule for its owner (reminder-labels.ts,
// issue #49), never a copy made when it was sent.
import { aliasedTable, and, count, desc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_EXCERPT_CHARS, type ApiNotification, type NotificationPage } from '../../common/notifications-contract';
import type { Db } from '../db/client';
import { comments } from '../db/schema/comments';
import { prayerGroups } from '../db/schema/groups';
import { notifications } from '../db/schema/notifications';
import { posts } from '../db/schema/posts';
import { postUpdates } from '../db/schema/post-updates';
import { reminders } from '../db/schema/reminders';
import { users } from '../db/schema/users';
import { notFound } from '../http/errors';
import { shownAvatar } from './avatars';
import { groupAudience } from './group-visibility';
import { COUNT_AHEAD_PAGES } from './feed';
import { pageOffset, toPage } from './paging';
import { reminderLabel, reminderOwnerLanguage, reminderSubject } from './reminder-labels';
import { PAGE_SIZE } from '../../common/constants';

const actors = aliasedTable(users, 'actors');

/**
 * Over notifications LEFT JOIN posts: a reminder's row has no post, so its deleted_at and group_id
 * read null. A group post's notifications stop when its reader leaves the group (docs/product.md §11).
 */
function visibleOf(userId: number): SQL | undefined {
  return and(eq(notifications.userId, userId), isNull(posts.deletedAt), groupAudience(userId));
}

type Row = {
  n: typeof notifications.$inferSelect;
  text: string | null;
  actorId: number | null;
  actorUsername: string | null;
  actorName: string | null;
  actorAvatar: string | null;
  commentText: string | null;
  groupId: number | null;
  groupName: string | null;
  reminder: { targetKind: 'session' | 'post' | 'item'; sessionSource: 'quick' | 'biblical' | 'bookmarks' | 'my-prayers' | 'list' | null } | null;
  reminderSubject: string | null;
  reminderLanguage: string | null;
};

function toApi(row: Row): ApiNotification {
  const { n } = row;
  const times = { created_at: n.createdAt.toISOString(), updated_at: n.updatedAt.toISOString(), read_at: n.readAt?.toISOString() ?? null };
  if (n.kind === 'reminder') {
    const label = row.reminder === null ? '' : reminderLabel({ ...row.reminder, subject: row.reminderSubject, language: row.reminderLanguage });
    return { id: n.id, kind: n.kind, reminder_id: n.reminderId ?? '', label, url: n.url ?? '', ...times };
  }
  // notifications_subject_check (0009): every other kind names its post.
  if (n.postId === null) throw new Error(`Notification ${n.id} of kind ${n.kind} has no post`);
  const lastActor = n.kind !== 'answered' && row.actorId !== null
    ? { id: row.actorId, username: row.actorUsername ?? '', name: row.actorName ?? '', avatar: row.actorAvatar }
    : null;
  return {
    id: n.id,
    kind: n.kind,
    post_id: n.postId,
    post_excerpt: (row.text ?? '').slice(0, NOTIFICATION_EXCERPT_CHARS),
    comment_excerpt: row.commentText === null ? null : row.commentText.slice(0, NOTIFICATION_EXCERPT_CHARS),
    actor_count: n.actorCount,
    last_actor: lastActor,
    ...(n.kind === 'group_post' && row.groupId !== null ? { group: { id: row.groupId, name: row.groupName ?? '' } } : {}),
    ...times,
  };
}

/** `userId` is the recipient, who sees the actor's photo only as img_show allows (avatars.ts shownAvatar). */
function selectRows(db: Db, userId: number) {
  return db.select({
    n: notifications, text: posts.text, groupId: prayerGroups.id, groupName: prayerGroups.name,
    actorId: actors.id, actorUsername: actors.username, actorName: actors.name, actorAvatar: shownAvatar(userId, actors),
    // A comment notification quotes the comment (issue #26 point 5): the latest one of its last
    // actor on the post that is still shown (comments_post_idx narrows it to the post's comments);
    // an update's quotes the post's latest update (issue #28 item 3, post_updates_post_idx).
    commentText: sql<string | null>`case when ${notifications.kind} = 'commented' then (select ${comments.text} from ${comments}
      where ${comments.postId} = ${notifications.postId} and ${comments.userId} = ${notifications.lastActorId}
        and ${comments.deletedAt} is null and ${comments.visibility} = 0 order by ${comments.id} desc limit 1)
      when ${notifications.kind} = 'post_update' then (select ${postUpdates.text} from ${postUpdates}
      where ${postUpdates.postId} = ${notifications.postId} order by ${postUpdates.id} desc limit 1) end`,
    reminder: { targetKind: reminders.targetKind, sessionSource: reminders.sessionSource },
    reminderSubject: reminderSubject(), reminderLanguage: reminderOwnerLanguage(),
  }).from(notifications)
    .leftJoin(posts, eq(posts.id, notifications.postId))
    .leftJoin(prayerGroups, eq(prayerGroups.id, posts.groupId))
    .leftJoin(actors, and(eq(actors.id, notifications.lastActorId), isNull(actors.deletedAt)))
    .leftJoin(reminders, eq(reminders.id, notifications.reminderId));
}

/**
 * Exact: the member's unread rows (notifications_unread_idx), each post a posts_pkey probe in a
 * correlated subquery (issue #50 item 3). As a join the planner hash-joined a Seq Scan of all posts
 * to the member's few unread rows whenever it guessed them many. A reminder's row has no post
 * (shown); every other row's post exists (ON DELETE CASCADE), so this is visibleOf's rule.
 */
export function unreadCountQuery(db: Db, userId: number) {
  const shown = sql`coalesce((select ${and(isNull(posts.deletedAt), groupAudience(userId))} from ${posts}
    where ${posts.id} = ${notifications.postId}), true)`;
  return db.select({ n: count() }).from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), shown));
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await unreadCountQuery(db, userId);
  return row?.n ?? 0;
}

/** The list's order, the order of notifications_user_time_idx (user_id, updated_at DESC, id DESC). */
const NEWEST_FIRST = [desc(notifications.updatedAt), desc(notifications.id)];

/**
 * How many notifications the member may see, counting at most `cap`, walked newest first on
 * notifications_user_time_idx (a posts_pkey probe each): capped like the feed's totals
 * (docs/decisions/0136-feed-totals-are-capped.md,
 * docs/decisions/0149-notification-totals-are-capped.md), so a member's thousands of notifications
 * are never all read, nor posts hash-joined whole (issue #50 item 2).
 */
export function notificationCountQuery(db: Db, userId: number, cap: number) {
  const walk = db.select({ one: sql<number>`1`.as('one') }).from(notifications)
    .leftJoin(posts, eq(posts.id, notifications.postId)).where(visibleOf(userId))
    .orderBy(...NEWEST_FIRST).limit(cap);
  return db.select({ n: count() }).from(walk.as('capped'));
}

/** A page of the list (exported for tests/server/scale-plans.test.ts, which EXPLAINs it). */
export function notificationPageQuery(db: Db, userId: number, page: number) {
  return selectRows(db, userId).where(visibleOf(userId)).orderBy(...NEWEST_FIRST).limit(PAGE_SIZE).offset(pageOffset(page));
}

/**
 * Newest change first; paged like the other lists (docs/product.md §3 Pagination), the total
 * counted as far as COUNT_AHEAD_PAGES past the page: at the cap it is a lower bound
 * (`total_is_estimate`, `last_page` at least the next page), exact within 10 pages of the end.
 */
export async function listNotifications(db: Db, userId: number, page: number): Promise<NotificationPage> {
  const cap = (page + COUNT_AHEAD_PAGES) * PAGE_SIZE + 1;
  const [[counted], rows, unread] = await Promise.all([
    notificationCountQuery(db, userId, cap), notificationPageQuery(db, userId, page), unreadCount(db, userId),
  ]);
  const total = counted?.n ?? 0;
  const found = toPage(rows.map(toApi), page, total);
  const capped = total >= cap ? { last_page: Math.max(found.last_page, page + 1), total_is_estimate: true } : {};
  return { ...found, ...capped, unread_count: unread };
}

/** Marks one of the caller's notifications read; marking it again changes nothing. */
export async function markRead(db: Db, userId: number, id: number): Promise<ApiNotification> {
  await db.update(notifications).set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
  const [row] = await selectRows(db, userId).where(and(eq(notifications.id, id), visibleOf(userId))).limit(1);
  if (row === undefined) throw notFound('Notification');
  return toApi(row);
}

/**
 * Marks read everything that had changed by `until` (the newest `updated_at` the client had
 * seen), so a "mark all read" queued offline never hides what arrived after it was tapped.
 */
export async function markAllRead(db: Db, userId: number, until: Date | undefined): Promise<void> {
  const upTo = until === undefined ? undefined : lte(notifications.updatedAt, until);
  await db.update(notifications).set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), upTo));
}
