// What a member does in prayer: each prayer, bookmarks and prayer sessions.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { listItems } from './lists';
import { posts } from './posts';
import { users } from './users';

/** Every prayer is a row (docs/product.md §10: every prayer counts), on a post or a list item. */
export const prayers = pgTable('prayers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  index('prayers_post_user_idx').on(t.postId, t.userId),
  index('prayers_item_user_idx').on(t.listItemId, t.userId),
  index('prayers_user_time_idx').on(t.userId, t.createdAt.desc()),
]);

export const bookmarks = pgTable('bookmarks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('bookmarks_user_post_key').on(t.userId, t.postId),
  uniqueIndex('bookmarks_user_item_key').on(t.userId, t.listItemId),
  index('bookmarks_user_time_idx').on(t.userId, t.createdAt.desc()),
]);
export const prayerSessions = pgTable('prayer_sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  itemsQtd: smallint('items_qtd').notNull().default(0),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  itemsPrayed: integer('items_prayed').notNull().default(0),
  durationSeconds: integer('duration_seconds').notNull().default(0),
}, (t) => [
  index('prayer_sessions_user_idx').on(t.userId, t.startedAt.desc()),
  check('prayer_sessions_items_prayed_range', sql`items_prayed BETWEEN 0 AND 1000`),
  check('prayer_sessions_duration_range', sql`duration_seconds BETWEEN 0 AND 86400`),
]);
