// The caller's own settings (docs/product.md §7 User: locale, channel, session size, password; the profile
// and settings screens of docs/product.md §2). Guests may change what a device needs (locale, channel, session
// size); what identifies a person (profile, email, password) is for members only: 403.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ApiUserSettings } from '../../common/account-contract';
import { ANONYMOUS_USERNAME } from '../../common/contract';
import type { AccountsConfig } from '../accounts-config';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { authTokens } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { fieldError, httpError } from '../http/errors';
import { hashPassword, verifyPassword } from './passwords';
import { providerStatuses } from './provider-links';
import type { Session, UserRow } from './tokens';
import { normalizeEmail, toChannelId } from './users';

const MEMBERS_ONLY = 'Only members can do this. Create an account first.';
const WRONG_PASSWORD = 'The current password is not correct';
const USERNAME_TAKEN = 'This username is taken';
const EMAIL_IN_USE = 'This email is already registered';
// Names that would let someone pass for the anonymous author (contract.ts) or for the service.
const RESERVED_USERNAMES = new Set([ANONYMOUS_USERNAME, 'admin', 'administrator', 'moderator', 'support', 'system', 'guest', 'prayer', 'me']);

export function requireMember(user: UserRow): void {
  if (user.isGuest) throw httpError(403, 'auth.members_only', MEMBERS_ONLY);
}

type SettingsPatch = Partial<Pick<UserRow, 'language' | 'channelId' | 'prayerSessionItemsQtd'>>;

export async function updateSettings(db: Db, userId: number, patch: SettingsPatch): Promise<UserRow> {
  const [row] = await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (row === undefined) throw new Error('settings update matched no user');
  return row;
}

async function checkCurrentPassword(user: UserRow, current: string | undefined): Promise<void> {
  // A member who only ever signed in through a provider has no password to confirm.
  if (user.passwordHash === null) return;
  if (current === undefined || current === '' || !(await verifyPassword(current, user.passwordHash))) {
    throw fieldError('current_password', WRONG_PASSWORD, 'auth.wrong_password');
  }
}

/** Sets a new password; every other session of the member is signed out, this one stays. */
export async function changePassword(db: Db, session: Session, currentPassword: string | undefined, password: string): Promise<void> {
  requireMember(session.user);
  await checkCurrentPassword(session.user, currentPassword);
  const now = new Date();
  await db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: now }).where(eq(users.id, session.user.id));
  await db.update(authTokens).set({ revokedAt: now })
    .where(and(eq(authTokens.userId, session.user.id), ne(authTokens.id, session.token.id), isNull(authTokens.revokedAt)));
}

type ProfileInput = {
  name?: string | undefined;
  nickname?: string | null | undefined;
  username?: string | undefined;
  email?: string | undefined;
  imgShow?: boolean | undefined;
  currentPassword?: string | undefined;
};

async function checkUsername(db: Db, user: UserRow, username: string): Promise<void> {
  if (RESERVED_USERNAMES.has(username)) throw fieldError('username', USERNAME_TAKEN, 'auth.username_taken');
  const [taken] = await db.select({ id: users.id }).from(users)
    .where(and(sql`lower(${users.username}) = ${username}`, ne(users.id, user.id))).limit(1);
  if (taken !== undefined) throw fieldError('username', USERNAME_TAKEN, 'auth.username_taken');
}

async function checkEmail(db: Db, user: UserRow, email: string, currentPassword: string | undefined): Promise<void> {
  // A stolen session must not be enough to move the account to another mailbox (then reset the password).
  await checkCurrentPassword(user, currentPassword);
  const [taken] = await db.select({ id: users.id }).from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, user.id))).limit(1);
  if (taken !== undefined) throw fieldError('email', EMAIL_IN_USE, 'auth.email_taken');
}

/** PUT user/profile: only the fields sent change; username and email stay unique. */
/** A guest may choose the name shown with what they share, and nothing else of a profile (issue #26 point 3). */
function isNameOnly(input: ProfileInput): boolean {
  const { name, ...rest } = input;
  return name !== undefined && Object.values(rest).every((value) => value === undefined);
}

export async function updateProfile(db: Db, user: UserRow, input: ProfileInput): Promise<UserRow> {
  if (!isNameOnly(input)) requireMember(user);
  const patch: Partial<UserRow> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.nickname !== undefined) patch.nickname = input.nickname;
  if (input.imgShow !== undefined) patch.imgShow = input.imgShow;
  if (input.username !== undefined && input.username !== user.username) {
    await checkUsername(db, user, input.username);
    patch.username = input.username;
  }
  const email = input.email === undefined ? undefined : normalizeEmail(input.email);
  if (email !== undefined && email !== user.email) {
    await checkEmail(db, user, email, input.currentPassword);
    patch.email = email;
  }
  try {
    const [row] = await db.update(users).set({ ...patch, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
    if (row === undefined) throw new Error('profile update matched no user');
    return row;
  } catch (error) {
    // Someone took the name or address between the check and the update.
    if (isUniqueViolation(error, 'users_username_key')) throw fieldError('username', USERNAME_TAKEN, 'auth.username_taken');
    if (isUniqueViolation(error, 'users_email_lower_key')) throw fieldError('email', EMAIL_IN_USE, 'auth.email_taken');
    throw error;
  }
}

export async function getSettings(db: Db, user: UserRow, config: Pick<AccountsConfig, 'oauth'>): Promise<ApiUserSettings> {
  return {
    locale: user.language,
    channel_id: toChannelId(user.channelId),
    session_items_qtd: user.prayerSessionItemsQtd,
    img_show: user.imgShow,
    email: user.email,
    has_password: user.passwordHash !== null,
    providers: await providerStatuses(db, user.id, config),
  };
}
