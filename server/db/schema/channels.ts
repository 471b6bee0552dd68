// The channels (one per language and domain), the root every other table hangs from.
import { pgTable, smallint, text } from 'drizzle-orm/pg-core';

export const channels = pgTable('channels', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull(),
  locale: text('locale').notNull(),
  language: text('language').notNull(),
  label: text('label').notNull(),
  domain: text('domain').notNull(),
  ftsConfig: text('fts_config').notNull(),
});
