// Members and guests (docs/product.md §3: a Guest has the same shape as a User; one table, is_guest).
import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { CHANNELS, type ApiUser, type ChannelId } from '../../common/contract';
import { DEFAULT_CHANNEL_ID } from '../../common/constants';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { prayers } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import type { UserRow } from './tokens';
import { UNNAMED_GUEST } from '../../common/guest-name';

export type NewMember = { name: string; email: string; passwordHash: string; channelId?: ChannelId | undefined; language?: string | undefined };

export function toChannelId(value: number | undefined | null): ChannelId {
  return CHANNELS.find((c) => c.id === value)?.id ?? DEFAULT_CHANNEL_ID;
}

export function channelLocale(channelId: ChannelId): string {
  return CHANNELS.find((c) => c.id === channelId)?.locale ?? 'en-US';
}

/** Stored lower-case and trimmed, so the unique index on lower(email) is the only rule. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A generated username (docs/product.md §4: people are shown by name; this is the profile's address): a slug
 * of the name and 40 random bits, within USERNAME_PATTERN (common/account-contract.ts).
 */
export function makeUsername(base: string): string {
  const slug = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return `${slug.slice(0, 19) || 'member'}.${randomBytes(5).toString('hex')}`;
}

const USERNAME_TRIES = 3;

/**
 * Writes a user row under a new generated username. A clash with a taken one is rare (40 bits)
 * but not impossible: the randomized sync soak met one after ~5,000 guests with 24 bits, as a 500
 * on guest login. Each try is its own savepoint, so a clash undoes only that write.
 */
export async function withNewUsername<T>(db: Db, base: string, write: (tx: Db, username: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => write(tx, makeUsername(base)));
    } catch (error) {
      if (attempt >= USERNAME_TRIES || !isUniqueViolation(error, 'users_username_key')) throw error;
    }
  }
}

export function utcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The caller's prayers since UTC midnight, on posts and list items alike (docs/product.md §10). */
export async function todayPrayerCount(db: Db, userId: number, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(prayers).where(and(eq(prayers.userId, userId), gte(prayers.createdAt, utcMidnight(now))));
  return row?.n ?? 0;
}

/** Who reviews reports (issue #11): server/config.ts reads MODERATOR_EMAILS, lower-cased. */
export type ModeratorConfig = { moderatorEmails: ReadonlySet<string> };

/** A member (never a guest) whose stored email is named; stored emails are normalized (normalizeEmail). */
export function isModerator(user: UserRow, config: ModeratorConfig): boolean {
  return !user.isGuest && user.deletedAt === null && user.email !== null && config.moderatorEmails.has(normalizeEmail(user.email));
}

export async function toApiUser(db: Db, user: UserRow, config: ModeratorConfig): Promise<ApiUser> {
  return {
    id: user.id,
    today_prayer_count: await todayPrayerCount(db, user.id),
    name: user.name,
    nickname: user.nickname,
    username: user.username,
    email: user.email,
    profile: { avatar: user.avatar, img_show: user.imgShow },
    channel_id: toChannelId(user.channelId),
    language: user.language,
    is_guest: user.isGuest,
    is_moderator: isModerator(user, config),
  };
}

export async function createGuest(db: Db, channelId: ChannelId, language: string | undefined): Promise<UserRow> {
  const [row] = await withNewUsername(db, 'guest', (tx, username) => tx.insert(users).values({
    isGuest: true,
    name: UNNAMED_GUEST, // shown as 'Guest 4821' in the viewer's language (common/guest-name.ts)
    username,
    channelId,
    language: language ?? channelLocale(channelId),
  }).returning());
  if (row === undefined) throw new Error('guest insert returned no row');
  return row;
}

export async function createMember(db: Db, member: NewMember): Promise<UserRow> {
  const channelId = toChannelId(member.channelId);
  const [row] = await withNewUsername(db, member.name, (tx, username) => tx.insert(users).values({
    name: member.name,
    username,
    email: normalizeEmail(member.email),
    passwordHash: member.passwordHash,
    channelId,
    language: member.language ?? channelLocale(channelId),
  }).returning());
  if (row === undefined) throw new Error('member insert returned no row');
  return row;
}

/** Registration from a guest session keeps the same row, so the guest's posts, prayers and bookmarks stay theirs. */
export async function upgradeGuest(db: Db, guestId: number, member: NewMember): Promise<UserRow> {
  const [row] = await withNewUsername(db, member.name, (tx, username) => tx.update(users).set({
    isGuest: false,
    name: member.name,
    username,
    email: normalizeEmail(member.email),
    passwordHash: member.passwordHash,
    ...(member.channelId === undefined ? {} : { channelId: toChannelId(member.channelId) }),
    ...(member.language === undefined ? {} : { language: member.language }),
    updatedAt: new Date(),
  }).where(and(eq(users.id, guestId), eq(users.isGuest, true))).returning());
  if (row === undefined) throw new Error('guest upgrade matched no row');
  return row;
}

export async function findMemberByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users)
    .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, eq(users.isGuest, false), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function touchLogin(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}
