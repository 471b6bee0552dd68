// Moderation: members' reports and the people a member hides.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { comments } from './comments';
import { listItems } from './lists';
import { posts } from './posts';
import { users } from './users';

/** One report per reporter and target; 3 distinct members' unreviewed reports hide the target (docs/product.md §10, 0007). */
export const reports = pgTable('reports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  reporterId: integer('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  createdAt: createdAt(),
  /** Set by a moderator's decision on the target (0007): a reviewed report no longer counts nor waits. */
  reviewedAt: ts('reviewed_at'),
  /** The reporter's own words, optional, at most 500 characters (0008). */
  details: text('details'),
}, (t) => [
  check('reports_details_length', sql`details IS NULL OR char_length(details) <= 500`),
  uniqueIndex('reports_post_key').on(t.reporterId, t.postId),
  uniqueIndex('reports_comment_key').on(t.reporterId, t.commentId),
  uniqueIndex('reports_item_key').on(t.reporterId, t.listItemId),
  index('reports_post_idx').on(t.postId).where(sql`post_id IS NOT NULL`),
  index('reports_comment_idx').on(t.commentId).where(sql`comment_id IS NOT NULL`),
  index('reports_pending_idx').on(t.createdAt).where(sql`reviewed_at IS NULL`),
]);

/** "Hide posts from this person" (issue #12 item 8; migration 0008). */
export const hiddenPeople = pgTable('hidden_people', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  hiddenUserId: integer('hidden_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.hiddenUserId] }),
  check('hidden_people_not_self', sql`user_id <> hidden_user_id`),
]);
