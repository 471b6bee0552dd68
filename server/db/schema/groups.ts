// Prayer groups (issue #28; docs/product.md §11 Prayer groups), the Drizzle view of migration 0013.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { GROUP_NOTIFY_LEVELS } from '../../../common/group-contract';
import { bytea } from './accounts';
import { channels } from './channels';
import { createdAt, ts, updatedAt } from './columns';
import { users } from './users';

export const prayerGroups = pgTable('prayer_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  channelId: smallint('channel_id').notNull().references(() => channels.id),
  name: text('name').notNull(),
  description: text('description'),
  /** A picture served by this server (a path under /api/v1), or none. */
  picture: text('picture'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: ts('deleted_at'),
});

/** A membership; kept with left_at when its member leaves or is removed (removed_by: the admin). */
export const groupMembers = pgTable('group_members', {
  groupId: integer('group_id').notNull().references(() => prayerGroups.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['admin', 'moderator', 'member'] }).notNull().default('member'),
  joinedAt: ts('joined_at').notNull().defaultNow(),
  updatedAt: updatedAt(),
  leftAt: ts('left_at'),
  removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
  /** 0016: which of the group's new posts notify this member (docs/product.md §11 'Notifications'). */
  notify: text('notify', { enum: GROUP_NOTIFY_LEVELS }).notNull().default('all'),
}, (t) => [
  primaryKey({ columns: [t.groupId, t.userId] }),
  index('group_members_user_idx').on(t.userId, t.groupId).where(sql`left_at IS NULL`),
  check('group_members_role', sql`role IN ('admin', 'moderator', 'member')`),
  check('group_members_notify', sql`notify IN ('all', 'requests', 'none')`),
]);

export const groupInvites = pgTable('group_invites', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  groupId: integer('group_id').notNull().references(() => prayerGroups.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  expiresAt: ts('expires_at'),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  revokedAt: ts('revoked_at'),
}, (t) => [
  uniqueIndex('group_invites_live_key').on(t.groupId).where(sql`revoked_at IS NULL`),
  check('group_invites_max_uses', sql`max_uses IS NULL OR max_uses > 0`),
]);

export const groupJoinRequests = pgTable('group_join_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  groupId: integer('group_id').notNull().references(() => prayerGroups.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'approved', 'declined'] }).notNull().default('pending'),
  createdAt: createdAt(),
  decidedAt: ts('decided_at'),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('group_join_requests_pending_key').on(t.groupId, t.userId).where(sql`status = 'pending'`),
  index('group_join_requests_queue_idx').on(t.groupId, t.createdAt).where(sql`status = 'pending'`),
  check('group_join_requests_status', sql`status IN ('pending', 'approved', 'declined')`),
]);

/** 0018: a group's picture, in the database like user_avatars (docs/decisions/0199-group-pictures-are-uploaded-served-under-an-unguessable-name.md). */
export const groupPictures = pgTable('group_pictures', {
  groupId: integer('group_id').primaryKey().references(() => prayerGroups.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
}, () => [check('group_pictures_content_type_check', sql`content_type IN ('image/png', 'image/jpeg', 'image/webp')`)]);
