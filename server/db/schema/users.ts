// The users table: members and guests.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels } from './channels';
import { createdAt, ts, updatedAt } from './columns';

/** Members and guests are one table (docs/product.md §3: a Guest has the same shape as a User). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  isGuest: boolean('is_guest').notNull().default(false),
  name: text('name').notNull(),
  nickname: text('nickname'),
  username: text('username').notNull().unique(),
  email: text('email'),
  passwordHash: text('password_hash'),
  avatar: text('avatar'),
  imgShow: boolean('img_show').notNull().default(true),
  channelId: smallint('channel_id').notNull().default(1).references(() => channels.id),
  language: text('language').notNull().default('en-US'),
  /** Items a prayer session shows, 1..50 (PUT user/prayer-session-items-qtd; read by the session routes). */
  prayerSessionItemsQtd: smallint('prayer_session_items_qtd').notNull().default(5),
  lastLoginAt: ts('last_login_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
}, (t) => [
  uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  check('users_member_has_email', sql`is_guest OR email IS NOT NULL`),
  check('users_session_items_qtd_range', sql`prayer_session_items_qtd BETWEEN 1 AND 50`),
]);
