// Members and guests (SPEC §3: a Guest has the same shape as a User; one table, is_guest).
import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { CHANNELS, type ApiUser, type ChannelId } from '../../common/contract';
import { DEFAULT_CHANNEL_ID } from '../../common/constants';
import type { Db } from '../db/client';
import { prayers, users } from '../db/schema';
import type { UserRow } from './tokens';

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

export function makeUsername(base: string): string {
  const slug = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${slug.slice(0, 24) || 'member'}-${randomBytes(3).toString('hex')}`;
}

export function utcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The caller's prayers since UTC midnight, on posts and list items alike (DESIGN.md §7). */
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
  const [row] = await db.insert(users).values({
    isGuest: true,
    name: 'Guest',
    username: makeUsername('guest'),
    channelId,
    language: language ?? channelLocale(channelId),
  }).returning();
  if (row === undefined) throw new Error('guest insert returned no row');
  return row;
}

export async function createMember(db: Db, member: NewMember): Promise<UserRow> {
  const channelId = toChannelId(member.channelId);
  const [row] = await db.insert(users).values({
    name: member.name,
    username: makeUsername(member.name),
    email: normalizeEmail(member.email),
    passwordHash: member.passwordHash,
    channelId,
    language: member.language ?? channelLocale(channelId),
  }).returning();
  if (row === undefined) throw new Error('member insert returned no row');
  return row;
}

/** Registration from a guest session keeps the same row, so the guest's posts, prayers and bookmarks stay theirs. */
export async function upgradeGuest(db: Db, guestId: number, member: NewMember): Promise<UserRow> {
  const [row] = await db.update(users).set({
    isGuest: false,
    name: member.name,
    username: makeUsername(member.name),
    email: normalizeEmail(member.email),
    passwordHash: member.passwordHash,
    ...(member.channelId === undefined ? {} : { channelId: toChannelId(member.channelId) }),
    ...(member.language === undefined ? {} : { language: member.language }),
    updatedAt: new Date(),
  }).where(and(eq(users.id, guestId), eq(users.isGuest, true))).returning();
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
