// Prayer lists and their items; an item may point at a post.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channels } from './channels';
import { prayerGroups } from './groups';
import { channelRegconfig, createdAt, ts, tsvector, updatedAt } from './columns';
import { posts } from './posts';
import { users } from './users';

/** docs/product.md §3 List; user_id null for the system lists (biblical prayers) of a channel. */
export const lists = pgTable('lists', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  channelId: smallint('channel_id').notNull().references(() => channels.id),
  key: text('key'),
  name: text('name').notNull(),
  description: text('description'),
  isCommunity: boolean('is_community').notNull().default(false),
  visibility: smallint('visibility').notNull().default(2),
  itemCount: integer('item_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  archivedAt: ts('archived_at'),
  /** 0003: order in the channel's garden of prayer (curated public lists); null = not in it. */
  gardenPosition: integer('garden_position'),
  /** 0017 (issue #28 item 4): the prayer group the list belongs to, for good; null = the owner's own list. */
  groupId: integer('group_id').references(() => prayerGroups.id, { onDelete: 'cascade' }),
  searchVector: tsvector('search_vector').generatedAlwaysAs(
    sql`to_tsvector(${channelRegconfig('channel_id')}, name || ' ' || coalesce(description, ''))`,
  ),
  /** 0023 (issue #50 item 4): the community count, kept by the triggers of prayers (rows of listPrayerPeople). */
  prayedPeople: integer('prayed_people').notNull().default(0),
}, (t) => [
  index('lists_user_idx').on(t.userId),
  index('lists_channel_key_idx').on(t.channelId, t.key),
  index('lists_garden_idx').on(t.channelId, t.gardenPosition).where(sql`garden_position IS NOT NULL`),
  index('lists_public_idx').on(t.channelId, t.updatedAt.desc()).where(sql`visibility = 0`),
  index('lists_search_idx').using('gin', t.searchVector),
  index('lists_group_idx').on(t.groupId, t.updatedAt.desc(), t.id.desc()).where(sql`group_id IS NOT NULL`),
  uniqueIndex('lists_system_key').on(t.channelId, t.key).where(sql`user_id IS NULL AND key IS NOT NULL`),
  uniqueIndex('lists_user_key').on(t.userId, t.key).where(sql`user_id IS NOT NULL AND key IS NOT NULL`),
  index('lists_most_prayed_idx').on(t.channelId, t.prayedPeople.desc(), t.updatedAt.desc(), t.id.desc())
    .where(sql`visibility = 0 AND archived_at IS NULL AND group_id IS NULL AND user_id IS NOT NULL`),
]);

/** 0023: per list and person, how many of their prayers are on its items (written only by triggers). */
export const listPrayerPeople = pgTable('list_prayer_people', {
  listId: integer('list_id').notNull().references(() => lists.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull(),
  prayers: integer('prayers').notNull(),
}, (t) => [primaryKey({ columns: [t.listId, t.userId] })]);

/** docs/product.md §3 List item; deleted_at is the archived marker (docs/product.md §3), a delete removes the row. */
export const listItems = pgTable('list_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  postListId: integer('post_list_id').notNull().references(() => lists.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
  title: text('title'),
  text: text('text').notNull(),
  reference: text('reference'),
  position: integer('position').notNull().default(0),
  prayedCount: integer('prayed_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
}, (t) => [index('list_items_list_idx').on(t.postListId, t.position)]);
