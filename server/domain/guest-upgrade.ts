// Registration from a guest session (issue #12 point 7,
// docs/decisions/0065-guests-keep-their-prayers-upgrade-in-place-not-moving-rows.md): the guest's
// user row itself becomes the member (upgradeGuest in users.ts), so every row that points at it
// (posts, prayers, comments, notes, bookmarks, lists, list items, reports, push tokens, group
// memberships and join requests of docs/product.md §11) stays theirs without moving anything, and
// entries still queued on the device go out under the same user id with the member's new token.
//
// A register whose answer was lost (the connection dropped after the commit) is retried by the
// device with the same guest token, which the first attempt revoked. That retry is recognised
// here: the token belonged to this very user before it was upgraded, and the password matches,
// so the answer is the same account with a fresh token instead of 'This email is already
// registered' (which would leave the device with a dead guest token and no member token).
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTokens } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { verifyPassword } from './passwords';
import { hashToken, type UserRow } from './tokens';

/** The member a revoked guest token was upgraded into, or undefined when the token is anything else. */
async function upgradedOwner(db: Db, token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNotNull(authTokens.revokedAt), eq(users.isGuest, false)))
    .limit(1);
  return row?.user;
}

/**
 * A repeated register from a guest session already upgraded: the same email (the member's) and a
 * password that verifies. Anything else is not a retry, and the caller answers as usual.
 */
export async function retriedUpgrade(db: Db, bearer: string | undefined, member: UserRow, password: string): Promise<boolean> {
  if (bearer === undefined || member.passwordHash === null || member.deletedAt !== null) return false;
  const owner = await upgradedOwner(db, bearer);
  if (owner?.id !== member.id) return false;
  return verifyPassword(password, member.passwordHash);
}
