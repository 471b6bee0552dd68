// The Drizzle view of hidden_people (server/migrations/0008_report_details_hidden_people.sql, the
// source of truth): "Hide posts from this person" (issue #12 item 8). Re-exported by schema.ts.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema';

export const hiddenPeople = pgTable('hidden_people', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  hiddenUserId: integer('hidden_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.userId, t.hiddenUserId] }),
  check('hidden_people_not_self', sql`user_id <> hidden_user_id`),
]);
