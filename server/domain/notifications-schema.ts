// The Drizzle view of the notifications table (server/migrations/0005_notifications.sql, the
// source of truth). Re-exported by server/db/schema.ts so the schema test checks it too.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { posts, users } from '../db/schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const NOTIFICATION_KINDS = ['prayed', 'commented', 'answered'] as const;

/** One row per recipient, post, kind and UTC day; written by the triggers of 0005. */
export const notifications = pgTable('notifications', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  actorCount: integer('actor_count').notNull().default(1),
  lastActorId: integer('last_actor_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  readAt: ts('read_at'),
  pushPending: boolean('push_pending').notNull().default(false),
}, (t) => [
  uniqueIndex('notifications_group_key').on(t.userId, t.postId, t.kind, t.day),
  index('notifications_user_time_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
  index('notifications_unread_idx').on(t.userId).where(sql`read_at IS NULL`),
  index('notifications_push_idx').on(t.updatedAt).where(sql`push_pending`),
  check('notifications_kind_check', sql`kind IN ('prayed', 'commented', 'answered')`),
  check('notifications_actor_count_check', sql`actor_count >= 1`),
]);
