// Account deletion by mailed link (docs/product.md §2 /profile/delete/{guid}/{user_id}/{hash}/{code},
// /help/delete-my-account-and-data). The member asks (signed in); the link carries a random guid,
// the user id, an HMAC of both (APP_SECRET) and a one-time code stored only as sha256. Opening it
// deletes the account and everything it owns. The link itself is the proof, like a password reset
// link, so no session is needed; a session of someone else is refused.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AccountLinkResponse, MessageResponse } from '../../common/account-contract';
import type { AccountsConfig } from '../accounts-config';
import type { Db } from '../db/client';
import { accountDeletionRequests } from '../db/schema/accounts';
import { listItems, lists } from '../db/schema/lists';
import { users } from '../db/schema/users';
import { httpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import { requireMember } from './account-settings';
import { appUrl, randomCode, safeEqual, sha256, sign } from './signed-links';
import type { UserRow } from './tokens';
import { toChannelId } from './users';

const DELETE_LINK_TTL_HOURS = 24;
export const INVALID_LINK = 'This link is invalid or has expired';
const ACCOUNT_DELETED = 'Your account and all of its data were deleted';
export const LINK_OF_ANOTHER_ACCOUNT = 'This link belongs to another account. Sign out, then open it again.';

export type LinkDeps = { config: Pick<AccountsConfig, 'publicUrl' | 'appSecret' | 'dataDir'>; mailer: Mailer };

export async function requestDeletion(db: Db, deps: LinkDeps, user: UserRow, now = new Date()): Promise<AccountLinkResponse> {
  requireMember(user);
  const guid = randomUUID();
  const code = randomCode();
  const expiresAt = new Date(now.getTime() + DELETE_LINK_TTL_HOURS * 3_600_000);
  await db.insert(accountDeletionRequests).values({ guid, userId: user.id, codeHash: sha256(code), expiresAt, createdAt: now });
  const hash = sign(deps.config, 'delete', guid, user.id);
  const link = appUrl(deps.config, toChannelId(user.channelId), `/profile/delete/${guid}/${user.id}/${hash}/${code}`);
  // Sent inside the caller's transaction: if the mail cannot go, no request is recorded either.
  await deps.mailer.send({ to: user.email ?? '', ...renderMail('deleteAccount', user.language, link, DELETE_LINK_TTL_HOURS) });
  return { message: 'We sent a confirmation link to your email', expires_at: expiresAt.toISOString() };
}

/**
 * Removes the account. Counters other people see are corrected first (prayers on their posts and
 * items, visible comments, comment likes, items in their lists), then the user row goes and every
 * row it owns follows by ON DELETE CASCADE (posts, prayers, comments, notes, bookmarks, lists,
 * reports, sessions, tokens, provider links, push tokens, avatar, idempotency keys).
 */
async function deleteAccountData(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE posts p SET prayed_count = greatest(p.prayed_count - x.n, 0)
    FROM (SELECT post_id, count(*)::int AS n FROM prayers WHERE user_id = ${userId} AND post_id IS NOT NULL GROUP BY post_id) x
    WHERE p.id = x.post_id AND p.user_id <> ${userId}`);
  await db.execute(sql`UPDATE list_items li SET prayed_count = greatest(li.prayed_count - x.n, 0)
    FROM (SELECT list_item_id, count(*)::int AS n FROM prayers WHERE user_id = ${userId} AND list_item_id IS NOT NULL GROUP BY list_item_id) x
    WHERE li.id = x.list_item_id AND li.user_id IS DISTINCT FROM ${userId}`);
  // commentCount counts live PUBLIC comments (domain/comments.ts).
  await db.execute(sql`UPDATE posts p SET comment_count = greatest(p.comment_count - x.n, 0)
    FROM (SELECT post_id, count(*)::int AS n FROM comments
          WHERE user_id = ${userId} AND post_id IS NOT NULL AND deleted_at IS NULL AND visibility = 0 GROUP BY post_id) x
    WHERE p.id = x.post_id AND p.user_id <> ${userId}`);
  await db.execute(sql`UPDATE comments c SET like_count = greatest(c.like_count - 1, 0)
    FROM comment_likes l WHERE l.comment_id = c.id AND l.user_id = ${userId} AND c.user_id <> ${userId}`);
  const touchedLists = await db.selectDistinct({ id: listItems.postListId }).from(listItems)
    .innerJoin(lists, eq(lists.id, listItems.postListId))
    .where(and(eq(listItems.userId, userId), sql`${lists.userId} IS DISTINCT FROM ${userId}`));
  await db.delete(users).where(eq(users.id, userId));
  // config.qtd of lists that held the member's items: recounted as active items (domain/lists.ts).
  for (const { id } of touchedLists) {
    await db.update(lists).set({ itemCount: sql`(SELECT count(*)::int FROM list_items WHERE post_list_id = ${id} AND deleted_at IS NULL)` })
      .where(eq(lists.id, id));
  }
}

type DeleteConfirmInput = { guid: string; userId: number; hash: string; code: string };

/** Validates the link and deletes; opening a used link again answers 'deleted' again (a lost response). */
export async function confirmDeletion(db: Db, config: LinkDeps['config'], input: DeleteConfirmInput, sessionUserId: number | undefined, now = new Date()): Promise<MessageResponse> {
  const invalid = httpError(422, 'auth.invalid_link', INVALID_LINK);
  if (!safeEqual(input.hash, sign(config, 'delete', input.guid, input.userId))) throw invalid;
  const [request] = await db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.guid, input.guid)).limit(1);
  if (request === undefined || request.userId !== input.userId || !safeEqual(request.codeHash, sha256(input.code))) throw invalid;
  if (sessionUserId !== undefined && sessionUserId !== input.userId) {
    throw httpError(403, 'auth.link_of_another_account', LINK_OF_ANOTHER_ACCOUNT);
  }
  if (request.usedAt !== null) return { message: ACCOUNT_DELETED };
  if (request.expiresAt.getTime() <= now.getTime()) throw invalid;
  const [claimed] = await db.update(accountDeletionRequests).set({ usedAt: now })
    .where(and(eq(accountDeletionRequests.id, request.id), isNull(accountDeletionRequests.usedAt))).returning({ id: accountDeletionRequests.id });
  if (claimed !== undefined) await deleteAccountData(db, input.userId);
  return { message: ACCOUNT_DELETED };
}
