// Comments on list items (docs/product.md §7 List item notes and comments), with the same rules as comments
// on posts (domain/comments.ts): anyone who can see the item reads the live PUBLIC comments plus
// their own; the author edits; the author or the list's owner removes (soft delete); others may
// only report, and 3 distinct reporters hide a comment (docs/product.md §10, visibility DENOUNCED).
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  VISIBILITY, type ApiListItemComment, type ListItemChildDeletedResponse, type ListItemCommentChangeResponse,
  type Page, type ReportResponse, type ReportType,
} from '../../common/contract';
import { PAGE_SIZE, REPORTS_TO_DENOUNCE } from '../../common/constants';
import type { Db } from '../db/client';
import { comments } from '../db/schema/comments';
import { users } from '../db/schema/users';
import { httpError, notFound } from '../http/errors';
import { mayModerateListComments } from './group-lists';
import { requireActiveItem, requireVisibleItem } from './list-items';
import { targetGroup } from './moderation';
import { pageOffset, toPage } from './paging';
import { fileReport } from './reports';
import type { ViewerId } from './post-view';
import type { ItemKey } from './text-parents';
import { commentAnswerFields, commentVisibleTo, sharedCommentColumns } from './visibility';

function commentFields(viewerId: ViewerId) {
  return {
    ...sharedCommentColumns(viewerId),
    listItemId: comments.listItemId,
  };
}

function selectComments(db: Db, viewerId: ViewerId) {
  return db.select(commentFields(viewerId)).from(comments).innerJoin(users, eq(users.id, comments.userId));
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

function visibleOn(itemId: number, viewerId: ViewerId): SQL {
  return and(eq(comments.listItemId, itemId), commentVisibleTo(viewerId)) ?? sql`false`;
}

function toApiComment(row: CommentRow, itemId: number, viewerId: ViewerId): ApiListItemComment {
  const user = { id: row.userId, username: row.authorUsername, name: row.authorName, avatar: row.authorAvatar };
  return { id: row.id, list_item_id: row.listItemId ?? itemId, ...commentAnswerFields(row, viewerId, user) };
}

async function findComment(db: Db, itemId: number, commentId: number, viewerId: ViewerId): Promise<ApiListItemComment> {
  const [row] = await selectComments(db, viewerId).where(and(eq(comments.id, commentId), visibleOn(itemId, viewerId))).limit(1);
  if (row === undefined) throw notFound('Comment');
  return toApiComment(row, itemId, viewerId);
}

/** Oldest first, so a conversation reads top to bottom. */
export async function listItemComments(db: Db, { listId, id: itemId }: ItemKey, viewerId: ViewerId, page: number): Promise<Page<ApiListItemComment>> {
  await requireVisibleItem(db, listId, itemId, viewerId);
  const where = visibleOn(itemId, viewerId);
  const [counted] = await db.select({ n: count() }).from(comments).where(where);
  const rows = await selectComments(db, viewerId).where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id)).limit(PAGE_SIZE).offset(pageOffset(page));
  return toPage(rows.map((row) => toApiComment(row, itemId, viewerId)), page, counted?.n ?? 0);
}

export async function createItemComment(db: Db, { listId, id: itemId }: ItemKey, userId: number, text: string): Promise<ListItemCommentChangeResponse> {
  await requireActiveItem(db, listId, itemId, userId);
  const [row] = await db.insert(comments).values({ userId, listItemId: itemId, text }).returning({ id: comments.id });
  if (row === undefined) throw new Error('comment insert returned no row');
  return { comment: await findComment(db, itemId, row.id, userId), item: await requireVisibleItem(db, listId, itemId, userId) };
}

export async function updateItemComment(db: Db, { listId, id: itemId, cid: commentId }: ItemKey & { cid: number }, userId: number, text: string): Promise<ApiListItemComment> {
  await requireActiveItem(db, listId, itemId, userId);
  const comment = await findComment(db, itemId, commentId, userId);
  if (!comment.is_mine) throw httpError(403, 'comment.not_author', 'Only the author can edit this comment');
  await db.update(comments).set({ text, updatedAt: new Date() }).where(eq(comments.id, commentId));
  return findComment(db, itemId, commentId, userId);
}

/** The comment's author, or the list's owner (moderating their own list; in a group's list its moderators and admins), may remove it. */
export async function deleteItemComment(db: Db, { listId, id: itemId, cid: commentId }: ItemKey & { cid: number }, userId: number): Promise<ListItemChildDeletedResponse> {
  await requireVisibleItem(db, listId, itemId, userId);
  const comment = await findComment(db, itemId, commentId, userId);
  if (!comment.is_mine && !(await mayModerateListComments(db, listId, userId))) throw httpError(403, 'comment.not_author', 'Only the author of the comment or the owner of the list can remove it');
  await db.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, commentId));
  return { id: commentId, deleted: true, item: await requireVisibleItem(db, listId, itemId, userId) };
}

/**
 * One report per reporter (unique index); a repeat answers like the first, so an outbox retry
 * without its key is never refused. The comment row is locked so two concurrent third reports
 * cannot both miss the threshold.
 */
export async function reportItemComment(
  db: Db, { listId, id: itemId, cid: commentId }: ItemKey & { cid: number }, reporterId: number, type: ReportType, details: string | null = null,
): Promise<ReportResponse> {
  await requireVisibleItem(db, listId, itemId, reporterId);
  const comment = await findComment(db, itemId, commentId, reporterId);
  if (comment.is_mine) throw httpError(403, 'report.own_content', 'You cannot report your own comment');
  await db.select({ id: comments.id }).from(comments).where(eq(comments.id, commentId)).for('update');
  // Issue #11: the same rule as comments on posts (reports.ts: distinct members, unreviewed).
  const { stored, reporters } = await fileReport(db, reporterId, { commentId }, type, details);
  // Issue #49: on a group's list, the report goes to the group's moderators and admins (moderation.ts
  // targetGroup), as on a group's post: the community's threshold does not hide it (docs/product.md §11).
  if (reporters >= REPORTS_TO_DENOUNCE && (await targetGroup(db, 'comment', commentId)) === null) {
    await db.update(comments).set({ visibility: VISIBILITY.DENOUNCED })
      .where(and(eq(comments.id, commentId), eq(comments.visibility, VISIBILITY.PUBLIC)));
  }
  return { reported: true, type: stored };
}
