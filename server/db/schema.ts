// The Drizzle schema of the whole product (SPEC §3), typed view of server/migrations/*.sql.
// The SQL migrations are the source of truth for the database; this file must mirror them
// (columns, and the indexes the queries rely on) so that queries are typed.
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, check, customType, index, integer, json, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Millisecond precision: clients send back `since` as an ISO string (ms), so stored times must not carry µs. */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The FTS configuration of a channel (DESIGN.md §6): 1 english, 2 portuguese, 3 spanish. */
export const channelRegconfig = (channelColumn: string) =>
  sql.raw(`(CASE ${channelColumn} WHEN 2 THEN 'portuguese'::regconfig WHEN 3 THEN 'spanish'::regconfig ELSE 'english'::regconfig END)`);

export const channels = pgTable('channels', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull(),
  locale: text('locale').notNull(),
  language: text('language').notNull(),
  label: text('label').notNull(),
  domain: text('domain').notNull(),
  ftsConfig: text('fts_config').notNull(),
});

/** Members and guests are one table (SPEC §3: a Guest has the same shape as a User). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  isGuest: boolean('is_guest').notNull().default(false),
  name: text('name').notNull(),
  nickname: text('nickname'),
  username: text('username').notNull().unique(),
  email: text('email'),
  passwordHash: text('password_hash'),
  avatar: text('avatar'),
  imgShow: boolean('img_show').notNull().default(true),
  channelId: smallint('channel_id').notNull().default(1).references(() => channels.id),
  language: text('language').notNull().default('en-US'),
  /** Items a prayer session shows, 1..50 (PUT user/prayer-session-items-qtd; read by the session routes). */
  prayerSessionItemsQtd: smallint('prayer_session_items_qtd').notNull().default(5),
  lastLoginAt: ts('last_login_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
}, (t) => [
  uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  check('users_member_has_email', sql`is_guest OR email IS NOT NULL`),
  check('users_session_items_qtd_range', sql`prayer_session_items_qtd BETWEEN 1 AND 50`),
]);

/** Opaque bearer tokens, stored only as sha256 (DESIGN.md §6). */
export const authTokens = pgTable('auth_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  refreshUntil: ts('refresh_until').notNull(),
  createdAt: createdAt(),
  revokedAt: ts('revoked_at'),
}, (t) => [index('auth_tokens_user_idx').on(t.userId)]);

export const passwordResets = pgTable('password_resets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
}, (t) => [index('password_resets_user_idx').on(t.userId)]);

export const userProviders = pgTable('user_providers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  providerUserId: text('provider_user_id').notNull(),
  email: text('email'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('user_providers_provider_key').on(t.provider, t.providerUserId),
  uniqueIndex('user_providers_user_provider_key').on(t.userId, t.provider),
]);

export const pushTokens = pgTable('push_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  extra: jsonb('extra'),
  platform: text('platform'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('push_tokens_user_idx').on(t.userId)]);

export const posts = pgTable('posts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  channelId: smallint('channel_id').notNull().references(() => channels.id),
  type: text('type', { enum: ['REQUEST', 'THANK'] }).notNull(),
  text: text('text').notNull(),
  answerText: text('answer_text'),
  atendido: boolean('atendido').notNull().default(false),
  isAnonymous: boolean('is_anonymous').notNull().default(false),
  visibility: smallint('visibility').notNull().default(0),
  // Counters kept in the same transaction as the prayer/comment, so feeds never count rows.
  prayedCount: integer('prayed_count').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  updatedAnswerAt: ts('updated_answer_at'),
  archivedAt: ts('archived_at'),
  deletedAt: ts('deleted_at'),
  searchVector: tsvector('search_vector').generatedAlwaysAs(
    sql`to_tsvector(${channelRegconfig('channel_id')}, text || ' ' || coalesce(answer_text, ''))`,
  ),
}, (t) => [
  index('posts_feed_idx').on(t.channelId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at IS NULL`),
  index('posts_answer_idx').on(t.channelId, t.updatedAnswerAt.desc(), t.id.desc()).where(sql`atendido AND deleted_at IS NULL`),
  index('posts_user_idx').on(t.userId, t.createdAt.desc()),
  index('posts_search_idx').using('gin', t.searchVector),
  check('posts_text_length', sql`char_length(text) BETWEEN 1 AND 2000`),
  check('posts_type_check', sql`type IN ('REQUEST', 'THANK')`),
  check('posts_visibility_check', sql`visibility IN (0, 1, 2, 4)`),
]);

/** SPEC §3 List; user_id null for the system lists (biblical prayers) of a channel. */
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
  searchVector: tsvector('search_vector').generatedAlwaysAs(
    sql`to_tsvector(${channelRegconfig('channel_id')}, name || ' ' || coalesce(description, ''))`,
  ),
}, (t) => [
  index('lists_user_idx').on(t.userId),
  index('lists_channel_key_idx').on(t.channelId, t.key),
  index('lists_garden_idx').on(t.channelId, t.gardenPosition).where(sql`garden_position IS NOT NULL`),
  index('lists_public_idx').on(t.channelId, t.updatedAt.desc()).where(sql`visibility = 0`),
  index('lists_search_idx').using('gin', t.searchVector),
  uniqueIndex('lists_system_key').on(t.channelId, t.key).where(sql`user_id IS NULL AND key IS NOT NULL`),
  uniqueIndex('lists_user_key').on(t.userId, t.key).where(sql`user_id IS NOT NULL AND key IS NOT NULL`),
]);

/** SPEC §3 List item; deleted_at is the archived marker (SPEC §3), a delete removes the row. */
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

/** Every prayer is a row (DESIGN.md §7: every prayer counts), on a post or a list item. */
export const prayers = pgTable('prayers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  index('prayers_post_user_idx').on(t.postId, t.userId),
  index('prayers_item_user_idx').on(t.listItemId, t.userId),
  index('prayers_user_time_idx').on(t.userId, t.createdAt.desc()),
]);

export const bookmarks = pgTable('bookmarks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('bookmarks_user_post_key').on(t.userId, t.postId),
  uniqueIndex('bookmarks_user_item_key').on(t.userId, t.listItemId),
  index('bookmarks_user_time_idx').on(t.userId, t.createdAt.desc()),
]);

export const comments = pgTable('comments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  visibility: smallint('visibility').notNull().default(0),
  likeCount: integer('like_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
}, (t) => [index('comments_post_idx').on(t.postId, t.createdAt), index('comments_item_idx').on(t.listItemId, t.createdAt)]);

export const commentLikes = pgTable('comment_likes', {
  commentId: integer('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.commentId, t.userId] })]);

/** Notes are private to their author (DESIGN.md §6). */
export const notes = pgTable('notes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
}, (t) => [index('notes_user_post_idx').on(t.userId, t.postId), index('notes_user_item_idx').on(t.userId, t.listItemId)]);

/** One report per reporter and target; 3 distinct members' unreviewed reports hide the target (DESIGN.md §7, 0007). */
export const reports = pgTable('reports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  reporterId: integer('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
  listItemId: integer('list_item_id').references(() => listItems.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  createdAt: createdAt(),
  /** Set by a moderator's decision on the target (0007): a reviewed report no longer counts nor waits. */
  reviewedAt: ts('reviewed_at'),
  /** The reporter's own words, optional, at most 500 characters (0008). */
  details: text('details'),
}, (t) => [
  check('reports_details_length', sql`details IS NULL OR char_length(details) <= 500`),
  uniqueIndex('reports_post_key').on(t.reporterId, t.postId),
  uniqueIndex('reports_comment_key').on(t.reporterId, t.commentId),
  uniqueIndex('reports_item_key').on(t.reporterId, t.listItemId),
  index('reports_post_idx').on(t.postId).where(sql`post_id IS NOT NULL`),
  index('reports_comment_idx').on(t.commentId).where(sql`comment_id IS NOT NULL`),
  index('reports_pending_idx').on(t.createdAt).where(sql`reviewed_at IS NULL`),
]);

export const prayerSessions = pgTable('prayer_sessions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  itemsQtd: smallint('items_qtd').notNull().default(0),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  itemsPrayed: integer('items_prayed').notNull().default(0),
  durationSeconds: integer('duration_seconds').notNull().default(0),
}, (t) => [
  index('prayer_sessions_user_idx').on(t.userId, t.startedAt.desc()),
  check('prayer_sessions_items_prayed_range', sql`items_prayed BETWEEN 0 AND 1000`),
  check('prayer_sessions_duration_range', sql`duration_seconds BETWEEN 0 AND 86400`),
]);

/** DESIGN.md §4 'Exactly once': the stored response of a mutation, scoped to the caller. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: smallint('status_code').notNull(),
  // json, not jsonb: a replay returns the stored body byte for byte (jsonb would reorder keys).
  response: json('response').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)]);

// 0004 accounts: avatars and account-deletion requests (SPEC §2 /profile/delete, §7 User).
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres returns a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Avatars in the database, so API processes stay stateless (DESIGN.md §6 'Scale'). */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
}, () => [check('user_avatars_content_type_check', sql`content_type IN ('image/png', 'image/jpeg', 'image/webp')`)]);

/** user_id is not a foreign key: the row outlives the deleted account, so a repeated confirm still answers. */
export const accountDeletionRequests = pgTable('account_deletion_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  guid: text('guid').notNull().unique(),
  userId: integer('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
}, (t) => [index('account_deletion_requests_user_idx').on(t.userId)]);

// The notifications (issue #6) and reminders (issue #13) tables live beside their domain code; exported here with the rest.
export { notifications } from '../domain/notifications-schema';
export { postChanges } from '../domain/post-changes-schema';
export { hiddenPeople } from '../domain/hidden-people-schema';
export { reminders } from '../domain/reminders-schema';
export { rateLimits } from '../http/rate-limit-schema';
