// The Drizzle view of post_changes (server/migrations/0006_post_changes.sql, the source of
// truth). Re-exported by server/db/schema.ts so the schema test checks it too.
import { bigint, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';

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
