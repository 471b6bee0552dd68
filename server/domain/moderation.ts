// Review of reported posts and comments (issue #11 item 2;
// docs/decisions/0110-moderation-moderators-decisions-and-the-author-told.md). Moderators are the
// members named in MODERATOR_EMAILS (server/config.ts). The queue lists every post or comment with
// unreviewed reports, members' and guests' counted apart (reports.ts: only members' hide). A
// decision settles all of the target's reports at once (reviewed_at):
//   keep    -> hidden (DENOUNCED), also when guests alone reported it and it is still shown;
//   restore -> shown to everyone again (PUBLIC);
//   remove  -> soft-deleted for everyone, as its author's delete would
//   (docs/decisions/0077-posts-soft-delete-for-posts-and-comments-hard-delete-for.md).
// commentCount on a post counts its live PUBLIC comments, so it moves with a comment's state.
import { and, asc, count, eq, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { REPORT_TYPES, VISIBILITY, type ReportType, type Visibility } from '../../common/contract';
import type {
  ApiReportedItem, ModerationAction, ModerationDecisionResponse, ModerationKind, ModerationQueueResponse,
} from '../../common/moderation-contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { comments } from '../db/schema/comments';
import { listItems, lists } from '../db/schema/lists';
import { reports } from '../db/schema/moderation';
import { posts } from '../db/schema/posts';
import { users } from '../db/schema/users';
import { httpError, notFound } from '../http/errors';
import { addToCommentCount } from './comments';
import { pageOffset, toPage } from './paging';
import { qualified } from './qualified-column';
import type { UserRow } from './tokens';
import { isModerator, type ModeratorConfig } from './users';
import { toVisibility } from './visibility';

const NOT_A_MODERATOR = 'Only moderators can review reports';

/** Members named in MODERATOR_EMAILS; anyone else who is signed in gets a 403. */
export function requireModerator(user: UserRow, config: ModeratorConfig): void {
  if (!isModerator(user, config)) throw httpError(403, 'moderation.not_moderator', NOT_A_MODERATOR);
}

function pendingReports(db: Db) {
  return db.select({
    postId: reports.postId,
    commentId: reports.commentId,
    memberReports: sql<number>`(count(*) filter (where not ${users.isGuest} and ${users.deletedAt} is null))::int`.as('member_reports'),
    guestReports: sql<number>`(count(*) filter (where ${users.isGuest} or ${users.deletedAt} is not null))::int`.as('guest_reports'),
    firstReportedAt: sql<string>`to_json(min(${reports.createdAt}))#>>'{}'`.as('first_reported_at'),
  }).from(reports).innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(isNull(reports.reviewedAt), or(isNotNull(reports.postId), isNotNull(reports.commentId))))
    .groupBy(reports.postId, reports.commentId)
    .as('pending');
}

/**
 * The group whose queue a reported target belongs to (issue #28; issue #49: a comment on an item of
 * a group's list belongs to that group, as a comment on a group's post does), null for the community.
 */
function groupOfTarget(postId: SQLWrapper, commentPostId: SQLWrapper, commentItemId: SQLWrapper): SQL<number | null> {
  return sql<number | null>`coalesce((select p.group_id from ${posts} p where p.id = coalesce(${postId}, ${commentPostId})),
    (select l.group_id from ${listItems} li join ${lists} l on l.id = li.post_list_id where li.id = ${commentItemId}))`;
}

/** The group a reported post or comment belongs to (null: the community's); undefined when there is no such target. */
export async function targetGroup(db: Db, kind: ModerationKind, id: number): Promise<number | null | undefined> {
  const [row] = kind === 'post'
    ? await db.select({ groupId: posts.groupId }).from(posts).where(eq(posts.id, id)).limit(1)
    : await db.select({ groupId: groupOfTarget(sql`null::int`, qualified(comments.postId), qualified(comments.listItemId)) })
      .from(comments).where(eq(comments.id, id)).limit(1);
  return row === undefined ? undefined : row.groupId;
}

/**
 * The review queue, oldest report first; targets already deleted have nothing left to review.
 * Issue #28: a group's posts and their comments are reviewed by the group's moderators and admins
 * (`groupId`), never in the moderators' queue of the community (null; docs/product.md §11).
 */
export async function listReported(db: Db, page: number, groupId: number | null = null): Promise<ModerationQueueResponse> {
  const pending = pendingReports(db);
  const author = sql<number>`coalesce(${posts.userId}, ${comments.userId})`;
  const groupOf = groupOfTarget(pending.postId, comments.postId, comments.listItemId);
  const live = and(isNull(posts.deletedAt), isNull(comments.deletedAt), or(isNotNull(posts.id), isNotNull(comments.id)),
    sql`${groupOf} is not distinct from ${groupId}::int`);
  const [counted] = await db.select({ n: count() }).from(pending)
    .leftJoin(posts, eq(posts.id, pending.postId)).leftJoin(comments, eq(comments.id, pending.commentId)).where(live);
  const rows = await db.select({
    postId: pending.postId, commentId: pending.commentId, memberReports: pending.memberReports, guestReports: pending.guestReports,
    firstReportedAt: pending.firstReportedAt,
    postText: posts.text, postVisibility: posts.visibility,
    commentText: comments.text, commentVisibility: comments.visibility, commentPostId: comments.postId, commentItemId: comments.listItemId,
    authorId: users.id, authorUsername: users.username, authorName: users.name,
  }).from(pending)
    .leftJoin(posts, eq(posts.id, pending.postId)).leftJoin(comments, eq(comments.id, pending.commentId))
    .innerJoin(users, eq(users.id, author))
    .where(live)
    .orderBy(asc(pending.firstReportedAt), asc(pending.postId), asc(pending.commentId))
    .limit(PAGE_SIZE).offset(pageOffset(page));
  const postIds = rows.flatMap((r) => (r.postId === null ? [] : [r.postId]));
  const commentIds = rows.flatMap((r) => (r.commentId === null ? [] : [r.commentId]));
  const [reasons, details] = await Promise.all([reasonsOf(db, postIds, commentIds), detailsOf(db, postIds, commentIds)]);
  const items = rows.map((row): ApiReportedItem => {
    const isPost = row.postId !== null;
    const id = row.postId ?? row.commentId ?? 0;
    return {
      kind: isPost ? 'post' : 'comment',
      id,
      post_id: isPost ? row.postId : row.commentPostId,
      list_item_id: isPost ? null : row.commentItemId,
      text: (isPost ? row.postText : row.commentText) ?? '',
      // The stored author, even of an anonymous post: the reviewer must know who wrote it. No avatar.
      author: { id: row.authorId, username: row.authorUsername, name: row.authorName, avatar: null },
      visibility: toVisibility((isPost ? row.postVisibility : row.commentVisibility) ?? VISIBILITY.PUBLIC),
      member_reports: row.memberReports,
      guest_reports: row.guestReports,
      reasons: reasons.get(`${isPost ? 'post' : 'comment'}:${id}`) ?? [],
      details: details.get(`${isPost ? 'post' : 'comment'}:${id}`) ?? [],
      first_reported_at: new Date(row.firstReportedAt).toISOString(),
    };
  });
  return { items: toPage(items, page, counted?.n ?? 0) };
}

async function reasonsOf(db: Db, postIds: number[], commentIds: number[]): Promise<Map<string, { type: ReportType; count: number }[]>> {
  const byTarget = new Map<string, { type: ReportType; count: number }[]>();
  if (postIds.length === 0 && commentIds.length === 0) return byTarget;
  const targets = or(
    postIds.length > 0 ? sql`${reports.postId} in ${postIds}` : sql`false`,
    commentIds.length > 0 ? sql`${reports.commentId} in ${commentIds}` : sql`false`,
  );
  const rows = await db.select({ postId: reports.postId, commentId: reports.commentId, type: reports.type, n: count() })
    .from(reports).where(and(isNull(reports.reviewedAt), targets))
    .groupBy(reports.postId, reports.commentId, reports.type);
  for (const row of rows) {
    const type = REPORT_TYPES.find((t) => t === row.type);
    if (type === undefined) continue;
    const key = row.postId === null ? `comment:${String(row.commentId)}` : `post:${row.postId}`;
    const list = byTarget.get(key) ?? [];
    list.push({ type, count: row.n });
    list.sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
    byTarget.set(key, list);
  }
  return byTarget;
}

/** Issue #12: the reporters' own words per target (`post:ID` / `comment:ID`), oldest first. */
async function detailsOf(db: Db, postIds: number[], commentIds: number[]): Promise<Map<string, string[]>> {
  const byTarget = new Map<string, string[]>();
  if (postIds.length === 0 && commentIds.length === 0) return byTarget;
  const targets = or(
    postIds.length > 0 ? sql`${reports.postId} in ${postIds}` : sql`false`,
    commentIds.length > 0 ? sql`${reports.commentId} in ${commentIds}` : sql`false`,
  );
  const rows = await db.select({ postId: reports.postId, commentId: reports.commentId, details: reports.details })
    .from(reports).where(and(isNull(reports.reviewedAt), isNotNull(reports.details), targets))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  for (const row of rows) {
    if (row.details === null) continue;
    const key = row.postId === null ? `comment:${String(row.commentId)}` : `post:${row.postId}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), row.details]);
  }
  return byTarget;
}

function nextVisibility(current: Visibility, action: ModerationAction): Visibility {
  if (action === 'keep' && current === VISIBILITY.PUBLIC) return VISIBILITY.DENOUNCED;
  if (action === 'restore' && current === VISIBILITY.DENOUNCED) return VISIBILITY.PUBLIC;
  return current;
}

/** Only what was reported may be decided on; a deleted target is gone (404), as for its author. */
async function requireReported(db: Db, kind: ModerationKind, id: number): Promise<void> {
  const [row] = await db.select({ id: reports.id }).from(reports)
    .where(kind === 'post' ? eq(reports.postId, id) : eq(reports.commentId, id)).limit(1);
  if (row === undefined) throw notFound(kind === 'post' ? 'Post' : 'Comment');
}

async function decidePost(db: Db, id: number, action: ModerationAction, now: Date): Promise<ModerationDecisionResponse> {
  // Locked, as a report locks it: a concurrent third report must not re-hide a post being restored.
  const [post] = await db.select({ visibility: posts.visibility }).from(posts).where(and(eq(posts.id, id), isNull(posts.deletedAt))).for('update');
  if (post === undefined) throw notFound('Post');
  await requireReported(db, 'post', id);
  const visibility = nextVisibility(toVisibility(post.visibility), action);
  const isRemoved = action === 'remove';
  await db.update(posts).set(isRemoved ? { deletedAt: now } : { visibility }).where(eq(posts.id, id));
  await db.update(reports).set({ reviewedAt: now }).where(and(eq(reports.postId, id), isNull(reports.reviewedAt)));
  return { decision: { kind: 'post', id, action, visibility, deleted: isRemoved } };
}

async function decideComment(db: Db, id: number, action: ModerationAction, now: Date): Promise<ModerationDecisionResponse> {
  const [comment] = await db.select({ visibility: comments.visibility, postId: comments.postId }).from(comments)
    .where(and(eq(comments.id, id), isNull(comments.deletedAt))).for('update');
  if (comment === undefined) throw notFound('Comment');
  await requireReported(db, 'comment', id);
  const before = toVisibility(comment.visibility);
  const visibility = nextVisibility(before, action);
  const isRemoved = action === 'remove';
  await db.update(comments).set(isRemoved ? { deletedAt: now } : { visibility }).where(eq(comments.id, id));
  await db.update(reports).set({ reviewedAt: now }).where(and(eq(reports.commentId, id), isNull(reports.reviewedAt)));
  const wasCounted = before === VISIBILITY.PUBLIC;
  const isCounted = !isRemoved && visibility === VISIBILITY.PUBLIC;
  if (comment.postId !== null && wasCounted !== isCounted) await addToCommentCount(db, comment.postId, isCounted ? 1 : -1);
  return { decision: { kind: 'comment', id, action, visibility, deleted: isRemoved } };
}

/**
 * A repeat of the same decision changes nothing more (an outbox retry without its key is harmless),
 * except after a remove (404). `groupId`: whose queue decides (null: the community's moderators); a
 * target of another queue is not found there (docs/product.md §11 'Reports in a group').
 */
export async function decide(db: Db, kind: ModerationKind, id: number, action: ModerationAction, groupId: number | null = null): Promise<ModerationDecisionResponse> {
  if ((await targetGroup(db, kind, id)) !== groupId) throw notFound(kind === 'post' ? 'Post' : 'Comment');
  const now = new Date();
  return kind === 'post' ? decidePost(db, id, action, now) : decideComment(db, id, action, now);
}
