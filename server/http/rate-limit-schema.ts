// The abuse limit's counters (migration 0010, issue #14 point 5): read and written only by
// server/http/rate-limit-store.ts, with its own SQL; declared so the schema lists every table.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('rate_limits_reset_idx').on(t.resetAt)]);
