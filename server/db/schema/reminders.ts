// Reminders (migration 0009, issue #13 point 2): a member's schedule for a session, a post or a
// list item.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { listItems, lists } from './lists';
import { posts } from './posts';
import { users } from './users';

const REMINDER_TARGET_KINDS = ['session', 'post', 'item'] as const;
const REMINDER_SESSION_SOURCES = ['quick', 'biblical', 'bookmarks', 'my-prayers', 'list'] as const;

/** One reminder; `nextAt` is the scheduler's only state (null: disabled or past `endsOn`). */
export const reminders = pgTable('reminders', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  targetKind: text('target_kind', { enum: REMINDER_TARGET_KINDS }).notNull(),
  sessionSource: text('session_source', { enum: REMINDER_SESSION_SOURCES }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listId: integer('list_id').references(() => lists.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  /** Bit d set: fires on weekday d (0 = Sunday). */
  days: smallint('days').notNull(),
  /** 'HH:MM', 24 h, on the wall clock of `timeZone`. */
  timeOfDay: text('time_of_day').notNull(),
  timeZone: text('time_zone').notNull(),
  endsOn: date('ends_on', { mode: 'string' }),
  enabled: boolean('enabled').notNull().default(true),
  label: text('label').notNull(),
  url: text('url').notNull(),
  nextAt: ts('next_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('reminders_user_idx').on(t.userId, t.createdAt.desc()),
  index('reminders_due_idx').on(t.nextAt).where(sql`enabled AND next_at IS NOT NULL`),
  index('reminders_post_idx').on(t.postId).where(sql`post_id IS NOT NULL`),
  index('reminders_list_idx').on(t.listId).where(sql`list_id IS NOT NULL`),
  index('reminders_item_idx').on(t.listItemId).where(sql`list_item_id IS NOT NULL`),
  check('reminders_target_check', sql`target_kind IN ('session', 'post', 'item')`),
  check('reminders_days_check', sql`days BETWEEN 1 AND 127`),
  check('reminders_time_check', sql`time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
]);
