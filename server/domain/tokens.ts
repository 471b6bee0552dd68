// Opaque bearer tokens (docs/architecture/server.md 'Reference server'): 256 random bits handed to
// the client once, stored only as sha256. A token authenticates until expires_at; until
// refresh_until it may still be exchanged for a new one (refresh rotates: the old token is revoked
// in the same transaction).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuthToken } from '../../common/contract';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { authTokens } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { perSession } from '../db/per-session';

export type UserRow = typeof users.$inferSelect;
type TokenRow = typeof authTokens.$inferSelect;
export type Session = { token: TokenRow; user: UserRow };
type TokenLifetimes = Pick<AppConfig, 'tokenTtlSeconds' | 'refreshWindowSeconds'>;
/** What a sign-in answer needs: token lifetimes, and who moderates (ApiUser.is_moderator, issue #11). */
export type SessionConfig = TokenLifetimes & Pick<AppConfig, 'moderatorEmails'>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(db: Db, userId: number, lifetimes: TokenLifetimes, now = new Date()): Promise<AuthToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + lifetimes.tokenTtlSeconds * 1000);
  const refreshUntil = new Date(now.getTime() + Math.max(lifetimes.refreshWindowSeconds, lifetimes.tokenTtlSeconds) * 1000);
  await db.insert(authTokens).values({ userId, tokenHash: hashToken(token), expiresAt, refreshUntil, createdAt: now });
  return { token, expires_at: expiresAt.toISOString(), refresh_until: refreshUntil.toISOString() };
}

function prepareSessionQuery(db: Db) {
  return db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, sql.placeholder('tokenHash')), isNull(authTokens.revokedAt), isNull(users.deletedAt)))
    .limit(1)
    .prepare('find_session');
}

/**
 * The session lookup runs on every authenticated request: built once per database session, not
 * per request (issue #14 point 4: drizzle's query building was the largest share of a GET posts on
 * PostgreSQL, bench/results/issue14-http-after.txt); on PostgreSQL the name also makes it a
 * prepared statement of each connection. Its plan is the same for every token: the
 * auth_tokens token_hash index.
 */
const sessionQuery = perSession((db: Db, _one: 'find_session') => prepareSessionQuery(db));

/** The unrevoked session of a raw token, whatever its expiry; callers decide what they accept. */
export async function findSession(db: Db, token: string): Promise<Session | undefined> {
  const [row] = await sessionQuery(db, 'find_session').execute({ tokenHash: hashToken(token) });
  return row;
}

export function isActive(session: Session, now = new Date()): boolean {
  return session.token.expiresAt.getTime() > now.getTime();
}

export function isRefreshable(session: Session, now = new Date()): boolean {
  return session.token.refreshUntil.getTime() > now.getTime();
}

export async function revokeAllTokens(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}
