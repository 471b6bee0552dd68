// What an account holds besides its user row: sign-in tokens, password resets, provider links,
// push tokens, the avatar and account-deletion requests.
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { users } from './users';

/** Opaque bearer tokens, stored only as sha256 (docs/architecture/server.md 'Reference server'). */
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

// 0004 accounts: avatars and account-deletion requests (docs/product.md §2 /profile/delete, §7 User).
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres returns a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Avatars in the database, so API processes stay stateless (docs/architecture/server.md 'Reference server' 'Scale'). */
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
