// Sessions of members and guests (docs/product.md §4 Authentication, §6 Roles, §8;
// docs/architecture/server.md 'Reference server' Tokens).
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthResponse, ChannelId, GuestAuthResponse } from '../../common/contract';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { authTokens } from '../db/schema/accounts';
import { fieldError, httpError, HttpError, NOT_LOGGED_IN, UNAUTHENTICATED } from '../http/errors';
import { hashPassword, verifyPassword } from './passwords';
import { retriedUpgrade } from './guest-upgrade';
import { findSession, isRefreshable, issueToken, revokeAllTokens, type Session, type SessionConfig, type UserRow } from './tokens';
import { createGuest, createMember, findMemberByEmail, toApiUser, touchLogin, upgradeGuest, type NewMember } from './users';

type GuestLoginInput = { guestToken?: string | undefined; channelId: ChannelId; language?: string | undefined };
type RegisterInput = Omit<NewMember, 'passwordHash'> & { password: string };
type LoginInput = { email: string; password: string };

const BAD_CREDENTIALS = 'These credentials do not match our records';
const EMAIL_TAKEN = 'This email is already registered';
// Compared against when the email is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

/** New guest, or the guest whose (refreshable) token is presented logs in again with a new token. */
export async function guestLogin(db: Db, lifetimes: SessionConfig, input: GuestLoginInput): Promise<GuestAuthResponse> {
  let guest: UserRow;
  if (input.guestToken === undefined) {
    guest = await createGuest(db, input.channelId, input.language);
  } else {
    const session = await findSession(db, input.guestToken);
    if (session === undefined || !session.user.isGuest || !isRefreshable(session)) throw httpError(401, 'auth.invalid_guest_token', 'Invalid guest token');
    guest = session.user;
  }
  const authorization = await issueToken(db, guest.id, lifetimes);
  return { authorization, guest: await toApiUser(db, guest, lifetimes) };
}

/**
 * Rotation: the old token is revoked by a conditional update, so two refreshes racing with the
 * same token cannot both succeed. Accepted while within refresh_until even if expired.
 */
export async function refreshSession(db: Db, lifetimes: SessionConfig, token: string | undefined, kind: 'member' | 'guest'): Promise<AuthResponse> {
  const session = token === undefined ? undefined : await findSession(db, token);
  if (session === undefined || session.user.isGuest !== (kind === 'guest') || !isRefreshable(session)) {
    throw new HttpError(401, UNAUTHENTICATED);
  }
  const revoked = await db.update(authTokens).set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, session.token.id), isNull(authTokens.revokedAt))).returning({ id: authTokens.id });
  if (revoked.length === 0) throw new HttpError(401, UNAUTHENTICATED);
  const authorization = await issueToken(db, session.user.id, lifetimes);
  return { authorization, user: await toApiUser(db, session.user, lifetimes) };
}

/**
 * Registration. When the request carries an active guest token, the guest row itself becomes the
 * member (same id), so everything the guest posted, prayed and bookmarked is kept, and the guest's
 * tokens are revoked (docs/product.md §4: registration clears the guest state).
 */
export async function register(db: Db, lifetimes: SessionConfig, input: RegisterInput, bearer: string | undefined): Promise<AuthResponse> {
  const existing = await findMemberByEmail(db, input.email);
  if (existing !== undefined) {
    // The same guest's register again (its answer was lost): the account it became (guest-upgrade.ts).
    if (!(await retriedUpgrade(db, bearer, existing, input.password))) throw fieldError('email', EMAIL_TAKEN, 'auth.email_taken');
    return { authorization: await issueToken(db, existing.id, lifetimes), user: await toApiUser(db, existing, lifetimes) };
  }
  const member: NewMember = { ...input, passwordHash: await hashPassword(input.password) };
  const guestSession = bearer === undefined ? undefined : await findSession(db, bearer);
  // Expired but still refreshable is still this guest (as guest/refresh would accept): adopted too.
  const adoptGuest = guestSession !== undefined && guestSession.user.isGuest && isRefreshable(guestSession);
  try {
    const user = adoptGuest ? await upgradeGuest(db, guestSession.user.id, member) : await createMember(db, member);
    if (adoptGuest) await revokeAllTokens(db, user.id);
    const authorization = await issueToken(db, user.id, lifetimes);
    return { authorization, user: await toApiUser(db, user, lifetimes) };
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw fieldError('email', EMAIL_TAKEN, 'auth.email_taken');
    throw error;
  }
}

export async function login(db: Db, lifetimes: SessionConfig, input: LoginInput): Promise<AuthResponse> {
  const user = await findMemberByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await unknownUserHash()));
  if (user === undefined || !ok) throw httpError(401, 'auth.invalid_credentials', BAD_CREDENTIALS);
  await touchLogin(db, user.id);
  const authorization = await issueToken(db, user.id, lifetimes);
  return { authorization, user: await toApiUser(db, user, lifetimes) };
}

/**
 * docs/product.md §8: logout without a session is a 422 'You are not logged in'. A token that expired but is
 * still refreshable counts as a session here: revoking it is exactly what logout is for.
 */
export async function logout(db: Db, token: string | undefined): Promise<void> {
  const session: Session | undefined = token === undefined ? undefined : await findSession(db, token);
  if (session === undefined || !isRefreshable(session)) throw httpError(422, 'auth.not_logged_in', NOT_LOGGED_IN);
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.id, session.token.id));
}
