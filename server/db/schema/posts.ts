// Posts (prayer requests and thanks) and the last change of each, which GET posts/changes reads.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { channels } from './channels';
import { channelRegconfig, createdAt, ts, tsvector, updatedAt } from './columns';
import { prayerGroups } from './groups';
import { users } from './users';

export const posts = pgTable('posts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  channelId: smallint('channel_id').notNull().references(() => channels.id),
  type: text('type', { enum: ['REQUEST', 'THANK'] }).notNull(),
  text: text('text').notNull(),
  answerText: text('answer_text'),
  atendido: boolean('atendido').notNull().default(false),
  isAnonymous: boolean('is_anonymous').notNull().default(false),
  visibility: smallint('visibility').notNull().default(0),
  // Counters kept in the same transaction as the prayer/comment, so feeds never count rows.
  prayedCount: integer('prayed_count').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  updatedAnswerAt: ts('updated_answer_at'),
  archivedAt: ts('archived_at'),
  deletedAt: ts('deleted_at'),
  /** 0014: the prayer group it was posted in (docs/product.md §11), null for the community; never changes. */
  groupId: integer('group_id').references(() => prayerGroups.id, { onDelete: 'cascade' }),
  /** 0015: its live updates (post_updates), kept with them; the post view reads them only when > 0. */
  updateCount: integer('update_count').notNull().default(0),
  searchVector: tsvector('search_vector').generatedAlwaysAs(
    sql`to_tsvector(${channelRegconfig('channel_id')}, text || ' ' || coalesce(answer_text, ''))`,
  ),
}, (t) => [
  index('posts_feed_idx').on(t.channelId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at IS NULL`),
  index('posts_answer_idx').on(t.channelId, t.updatedAnswerAt.desc(), t.id.desc()).where(sql`atendido AND deleted_at IS NULL`),
  index('posts_user_idx').on(t.userId, t.createdAt.desc()),
  index('posts_search_idx').using('gin', t.searchVector),
  index('posts_group_feed_idx').on(t.groupId, t.createdAt.desc(), t.id.desc()).where(sql`group_id IS NOT NULL AND deleted_at IS NULL`),
  // 0019: the community's own posts, the first branch of a member's community feed (domain/feed-source.ts).
  index('posts_community_feed_idx').on(t.channelId, t.createdAt.desc(), t.id.desc()).where(sql`group_id IS NULL AND deleted_at IS NULL`),
  check('posts_text_length', sql`char_length(text) BETWEEN 1 AND 2000`),
  check('posts_type_check', sql`type IN ('REQUEST', 'THANK')`),
  check('posts_visibility_check', sql`visibility IN (0, 1, 2, 4)`),
]);

/**
 * The last change of each post (insert, update or delete), by transaction id; written by the
 * trigger of 0006. No foreign key: the row outlives a post deleted for good, which is how
 * GET posts/changes learns of it.
 */
export const postChanges = pgTable('post_changes', {
  postId: integer('post_id').primaryKey(),
  channelId: smallint('channel_id').notNull(),
  changeXid: bigint('change_xid', { mode: 'bigint' }).notNull(),
}, (t) => [index('post_changes_feed_idx').on(t.channelId, t.changeXid, t.postId)]);
