// The change stamps' logs (migrations/0024_change_stamps.sql; docs/architecture/change-stamps.md
// 'Change stamps'): written by triggers only, read by server/domain/change-stamps.ts in raw SQL;
// declared here so the schema mirrors every table (tests/server/schema.test.ts).
import { bigint, boolean, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

export const memberChanges = pgTable('member_changes', {
  userId: integer('user_id').notNull(),
  changeXid: bigint('change_xid', { mode: 'bigint' }).notNull(),
  /** The sections the transaction moved, as bits (domain/sync-sections.ts SECTION_BITS; -1: all; migration 0026). */
  sections: integer('sections').notNull().default(-1),
}, (t) => [primaryKey({ columns: [t.userId, t.changeXid] })]);

export const groupChanges = pgTable('group_changes', {
  groupId: integer('group_id').notNull(),
  changeXid: bigint('change_xid', { mode: 'bigint' }).notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.changeXid] })]);

/** One row: rows of the logs below `horizon` may have been pruned; `mark` is the next horizon. */
export const changeLogHorizon = pgTable('change_log_horizon', {
  one: boolean('one').primaryKey().default(true),
  horizon: bigint('horizon', { mode: 'bigint' }).notNull(),
  mark: bigint('mark', { mode: 'bigint' }).notNull(),
});
