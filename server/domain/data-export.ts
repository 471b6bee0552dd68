// "Download my data" (docs/product.md §2 /profile/download/{guid}/{time}/{user_id}/{hash}). The member asks
// (signed in) and gets a mailed link; the link is stateless: time is when it was issued (Unix
// seconds) and hash an HMAC of guid, time and user id, valid DOWNLOAD_LINK_TTL_HOURS. Opening it
// returns everything the account holds, as JSON.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AccountLinkResponse } from '../../common/account-contract';
import type { Db } from '../db/client';
import { pushTokens, userProviders } from '../db/schema/accounts';
import { comments, notes } from '../db/schema/comments';
import { listItems, lists } from '../db/schema/lists';
import { reports } from '../db/schema/moderation';
import { posts } from '../db/schema/posts';
import { bookmarks, prayers, prayerSessions } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import { httpError } from '../http/errors';
import { renderMail } from '../mail/templates';
import { requireMember } from './account-settings';
import { INVALID_LINK, type LinkDeps } from './account-deletion';
import { listReminders } from './reminders';
import { appUrl, safeEqual, sign } from './signed-links';
import type { UserRow } from './tokens';
import { toChannelId } from './users';

const DOWNLOAD_LINK_TTL_HOURS = 48;

export async function requestDownload(deps: LinkDeps, user: UserRow, now = new Date()): Promise<AccountLinkResponse> {
  requireMember(user);
  const guid = randomUUID();
  const time = Math.floor(now.getTime() / 1000);
  const hash = sign(deps.config, 'download', guid, time, user.id);
  const link = appUrl(deps.config, toChannelId(user.channelId), `/profile/download/${guid}/${time}/${user.id}/${hash}`);
  await deps.mailer.send({ to: user.email ?? '', ...renderMail('downloadData', user.language, link, DOWNLOAD_LINK_TTL_HOURS) });
  const expiresAt = new Date((time + DOWNLOAD_LINK_TTL_HOURS * 3600) * 1000);
  return { message: 'We sent a download link to your email', expires_at: expiresAt.toISOString() };
}

type DownloadLink = { guid: string; time: number; userId: number; hash: string };

export function verifyDownloadLink(config: LinkDeps['config'], link: DownloadLink, now = new Date()): void {
  const nowSeconds = now.getTime() / 1000;
  const fresh = link.time <= nowSeconds + 300 && link.time + DOWNLOAD_LINK_TTL_HOURS * 3600 > nowSeconds;
  if (!safeEqual(link.hash, sign(config, 'download', link.guid, link.time, link.userId)) || !fresh) throw httpError(422, 'auth.invalid_link', INVALID_LINK);
}

async function profileOf(db: Db, userId: number) {
  const [user] = await db.select({
    id: users.id, name: users.name, nickname: users.nickname, username: users.username, email: users.email,
    avatar: users.avatar, img_show: users.imgShow, channel_id: users.channelId, language: users.language,
    session_items_qtd: users.prayerSessionItemsQtd, created_at: users.createdAt, last_login_at: users.lastLoginAt,
  }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).limit(1);
  return user;
}

/** Everything stored about the member, as JSON-ready rows (secrets such as hashes and tokens left out). */
export async function exportUserData(db: Db, userId: number, now = new Date()) {
  const user = await profileOf(db, userId);
  // The link outlived the account (deleted since): nothing to download.
  if (user === undefined) throw httpError(422, 'auth.invalid_link', INVALID_LINK);
  const ownLists = await db.select({ id: lists.id, name: lists.name, description: lists.description, key: lists.key, visibility: lists.visibility, created_at: lists.createdAt, archived_at: lists.archivedAt })
    .from(lists).where(eq(lists.userId, userId));
  return {
    exported_at: now.toISOString(),
    user,
    providers: await db.select({ provider: userProviders.provider, email: userProviders.email, linked_at: userProviders.createdAt }).from(userProviders).where(eq(userProviders.userId, userId)),
    posts: await db.select({
      id: posts.id, type: posts.type, text: posts.text, answer_text: posts.answerText, atendido: posts.atendido, is_anonymous: posts.isAnonymous,
      visibility: posts.visibility, channel_id: posts.channelId, created_at: posts.createdAt, updated_at: posts.updatedAt, deleted_at: posts.deletedAt,
    }).from(posts).where(eq(posts.userId, userId)),
    comments: await db.select({ id: comments.id, post_id: comments.postId, list_item_id: comments.listItemId, text: comments.text, created_at: comments.createdAt, deleted_at: comments.deletedAt })
      .from(comments).where(eq(comments.userId, userId)),
    notes: await db.select({ id: notes.id, post_id: notes.postId, list_item_id: notes.listItemId, text: notes.text, created_at: notes.createdAt, deleted_at: notes.deletedAt })
      .from(notes).where(eq(notes.userId, userId)),
    prayers: await db.select({ post_id: prayers.postId, list_item_id: prayers.listItemId, created_at: prayers.createdAt }).from(prayers).where(eq(prayers.userId, userId)),
    bookmarks: await db.select({ post_id: bookmarks.postId, list_item_id: bookmarks.listItemId, created_at: bookmarks.createdAt }).from(bookmarks).where(eq(bookmarks.userId, userId)),
    lists: ownLists,
    list_items: await db.select({ id: listItems.id, list_id: listItems.postListId, title: listItems.title, text: listItems.text, created_at: listItems.createdAt, deleted_at: listItems.deletedAt })
      .from(listItems).where(eq(listItems.userId, userId)),
    reports: await db.select({ post_id: reports.postId, comment_id: reports.commentId, list_item_id: reports.listItemId, type: reports.type, created_at: reports.createdAt })
      .from(reports).where(eq(reports.reporterId, userId)),
    prayer_sessions: await db.select({ id: prayerSessions.id, items_qtd: prayerSessions.itemsQtd, items_prayed: prayerSessions.itemsPrayed, duration_seconds: prayerSessions.durationSeconds, started_at: prayerSessions.startedAt, finished_at: prayerSessions.finishedAt })
      .from(prayerSessions).where(eq(prayerSessions.userId, userId)),
    push_devices: await db.select({ platform: pushTokens.platform, created_at: pushTokens.createdAt, updated_at: pushTokens.updatedAt }).from(pushTokens).where(eq(pushTokens.userId, userId)),
    // As GET reminders shows them (weekdays, time, time zone, what each opens), newest first.
    reminders: await listReminders(db, userId),
  };
}

export type DataExport = Awaited<ReturnType<typeof exportUserData>>;
