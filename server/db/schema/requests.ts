// Request bookkeeping: stored mutation responses (idempotency) and the abuse limit's counters.
import { index, integer, json, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'Exactly once': the stored response of a mutation, scoped to the caller. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: smallint('status_code').notNull(),
  // json, not jsonb: a replay returns the stored body byte for byte (jsonb would reorder keys).
  response: json('response').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)]);

/**
 * The abuse limit's counters (migration 0010, issue #14 point 5): read and written only by
 * server/http/rate-limit-store.ts, with its own SQL; declared so the schema lists every table.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('rate_limits_reset_idx').on(t.resetAt)]);
