// Updates of a request by its author (migration 0015, issue #28 item 3); hard deleted.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { posts } from './posts';

export const postUpdates = pgTable('post_updates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  postId: integer('post_id').notNull().references(() => posts.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  createdAt: createdAt(),
}, (t) => [index('post_updates_post_idx').on(t.postId, t.createdAt, t.id)]);
