// The notifications table (migration 0005, issue #6; reminder rows since 0009).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { posts } from './posts';
import { reminders } from './reminders';
import { users } from './users';

const NOTIFICATION_KINDS = ['prayed', 'commented', 'answered', 'reminder', 'post_update', 'group_post'] as const;

/**
 * One row per recipient, post, kind and UTC day, written by the triggers of 0005; or (0009, kind
 * 'reminder', no post) one per sent reminder and UTC day, written by the reminder scheduler; 0015
 * adds 'post_update' (an update of a request one prayed for).
 */
export const notifications = pgTable('notifications', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  actorCount: integer('actor_count').notNull().default(1),
  lastActorId: integer('last_actor_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  readAt: ts('read_at'),
  pushPending: boolean('push_pending').notNull().default(false),
  /** 0009, kind 'reminder' only: the reminder, what it named and the app address it opens. */
  reminderId: uuid('reminder_id').references(() => reminders.id, { onDelete: 'cascade' }),
  label: text('label'),
  url: text('url'),
}, (t) => [
  uniqueIndex('notifications_group_key').on(t.userId, t.postId, t.kind, t.day),
  index('notifications_user_time_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
  index('notifications_unread_idx').on(t.userId).where(sql`read_at IS NULL`),
  index('notifications_push_idx').on(t.updatedAt).where(sql`push_pending`),
  uniqueIndex('notifications_reminder_key').on(t.reminderId, t.day).where(sql`reminder_id IS NOT NULL`),
  check('notifications_kind_check', sql`kind IN ('prayed', 'commented', 'answered', 'reminder', 'post_update', 'group_post')`),
  check('notifications_subject_check', sql`(kind = 'reminder') = (reminder_id IS NOT NULL)`),
  check('notifications_actor_count_check', sql`actor_count >= 1`),
]);
