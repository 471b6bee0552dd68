// Column helpers shared by the tables of server/db/schema/ (the Drizzle view of server/migrations/*.sql).
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Millisecond precision: clients send back `since` as an ISO string (ms), so stored times must not carry µs. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The FTS configuration of a channel (docs/architecture/server.md 'Reference server'): 1 english, 2 portuguese, 3 spanish. */
export const channelRegconfig = (channelColumn: string) =>
  sql.raw(`(CASE ${channelColumn} WHEN 2 THEN 'portuguese'::regconfig WHEN 3 THEN 'spanish'::regconfig ELSE 'english'::regconfig END)`);
