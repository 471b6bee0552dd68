// Comments (and their likes) and private notes, on a post or a list item.
import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { listItems } from './lists';
import { posts } from './posts';
import { users } from './users';

export const comments = pgTable('comments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  visibility: smallint('visibility').notNull().default(0),
  likeCount: integer('like_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
}, (t) => [index('comments_post_idx').on(t.postId, t.createdAt), index('comments_item_idx').on(t.listItemId, t.createdAt)]);

export const commentLikes = pgTable('comment_likes', {
  commentId: integer('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.commentId, t.userId] })]);

/** Notes are private to their author (docs/architecture/server.md 'Reference server'). */
export const notes = pgTable('notes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
}, (t) => [index('notes_user_post_idx').on(t.userId, t.postId), index('notes_user_item_idx').on(t.userId, t.listItemId)]);
