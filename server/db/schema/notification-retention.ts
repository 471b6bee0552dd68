// Where the notification retention's per-member walk is (migrations/0025_notification_retention.sql;
// server/domain/notification-retention.ts, raw SQL); declared so the schema mirrors every table.
import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';

export const notificationRetention = pgTable('notification_retention', {
  one: boolean('one').primaryKey().default(true),
  afterUserId: integer('after_user_id').notNull(),
});
