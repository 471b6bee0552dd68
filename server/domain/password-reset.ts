// Forgotten passwords (docs/product.md §7 auth/check-email, auth/forgot-password, auth/reset-password; docs/product.md §2
// /password-reset/{token}). Reset tokens are 192 random bits, mailed once and stored only as
// sha256; each works once, for RESET_TTL_MINUTES, and only the newest one of a member works.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AuthResponse } from '../../common/contract';
import type { AccountsConfig } from '../accounts-config';
import type { Db } from '../db/client';
import { passwordResets } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { fieldError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import { hashPassword } from './passwords';
import { appUrl, randomCode, sha256 } from './signed-links';
import { issueToken, revokeAllTokens, type SessionConfig } from './tokens';
import { findMemberByEmail, toApiUser, toChannelId } from './users';

const RESET_TTL_MINUTES = 60;
/** The same answer whether or not the email is known (docs/product.md §7 forgot-password). */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, we sent a link to reset the password.';
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired';

export async function emailExists(db: Db, email: string): Promise<boolean> {
  return (await findMemberByEmail(db, email)) !== undefined;
}

type ResetMailDeps = { config: Pick<AccountsConfig, 'publicUrl'>; mailer: Mailer };

/** Issues and mails a reset link when the email belongs to a member; does nothing otherwise. */
export async function requestPasswordReset(db: Db, deps: ResetMailDeps, email: string, now = new Date()): Promise<void> {
  const user = await findMemberByEmail(db, email);
  const to = user?.email;
  if (user === undefined || to === undefined || to === null) return;
  const token = randomCode();
  await db.transaction(async (tx) => {
    // Only the newest link works: a member who asks twice must not have two live keys to the account.
    await tx.update(passwordResets).set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000), createdAt: now,
    });
  });
  const link = appUrl(deps.config, toChannelId(user.channelId), `/password-reset/${encodeURIComponent(token)}`);
  await deps.mailer.send({ to, ...renderMail('passwordReset', user.language, link, RESET_TTL_MINUTES / 60) });
}

/**
 * Consumes the token (a conditional update, so two concurrent resets cannot both use it), sets the
 * password, signs every other session out and signs this one in.
 */
export async function resetPassword(db: Db, lifetimes: SessionConfig, token: string, password: string, now = new Date()): Promise<AuthResponse> {
  const [used] = await db.update(passwordResets).set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  if (used === undefined) throw fieldError('token', INVALID_RESET_LINK, 'auth.invalid_reset_link');
  const [user] = await db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: now })
    .where(and(eq(users.id, used.userId), eq(users.isGuest, false), isNull(users.deletedAt))).returning();
  if (user === undefined) throw fieldError('token', INVALID_RESET_LINK, 'auth.invalid_reset_link');
  await revokeAllTokens(db, user.id, now);
  const authorization = await issueToken(db, user.id, lifetimes, now);
  return { authorization, user: await toApiUser(db, user, lifetimes) };
}
