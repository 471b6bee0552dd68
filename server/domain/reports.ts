// Reports on posts and comments (docs/product.md §6: non-owners may only report; docs/product.md §10: after 3
// distinct reporters the target is hidden, visibility DENOUNCED, pending review). Issue #11: the
// reporters that count are distinct members (a guest session costs nothing to make, so guest
// reports are recorded for reviewers but never hide), and only reports no moderator has settled.
import { and, count, eq, isNull } from 'drizzle-orm';
import { REPORT_TYPES, VISIBILITY, type ReportResponse, type ReportType } from '../../common/contract';
import { REPORTS_TO_DENOUNCE } from '../../common/constants';
import type { Db } from '../db/client';
import { comments } from '../db/schema/comments';
import { reports } from '../db/schema/moderation';
import { posts } from '../db/schema/posts';
import { users } from '../db/schema/users';
import { httpError } from '../http/errors';
import { addToCommentCount, requireVisibleComment } from './comments';
import { requireVisiblePost } from './post-owner';
import type { PostKey } from './text-parents';

type Target = { postId: number } | { commentId: number };

function targetColumn(target: Target) {
  return 'postId' in target ? eq(reports.postId, target.postId) : eq(reports.commentId, target.commentId);
}

/**
 * The reports that count toward hiding: unreviewed, by members (not guests, not deleted). One per
 * person already: the unique keys allow one report per reporter and target, and a member's
 * sessions all carry the member's id.
 */
async function countingReporters(db: Db, target: Target): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(reports).innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(targetColumn(target), isNull(reports.reviewedAt), eq(users.isGuest, false), isNull(users.deletedAt)));
  return counted?.n ?? 0;
}

/**
 * One report per reporter and target (unique index); a repeat is a no-op that answers like the
 * first, so an outbox retry without its key is never refused. Returns the reporters that count.
 * The caller has locked the target's row: two concurrent third reports must not both miss the threshold.
 */
export async function fileReport(
  db: Db, reporterId: number, target: Target, type: ReportType, details: string | null = null,
): Promise<{ stored: ReportType; reporters: number }> {
  await db.insert(reports).values({ reporterId, type, details, ...target }).onConflictDoNothing();
  const [mine] = await db.select({ type: reports.type }).from(reports).where(and(eq(reports.reporterId, reporterId), targetColumn(target))).limit(1);
  const stored = REPORT_TYPES.find((t) => t === mine?.type) ?? type;
  return { stored, reporters: await countingReporters(db, target) };
}

export async function reportPost(db: Db, postId: number, reporterId: number, type: ReportType, details: string | null = null): Promise<ReportResponse> {
  const post = await requireVisiblePost(db, postId, reporterId);
  if (post.is_mine) throw httpError(403, 'report.own_content', 'You cannot report your own post');
  // Lock the post row: two concurrent third reports must not both miss the threshold.
  await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('update');
  const { stored, reporters } = await fileReport(db, reporterId, { postId }, type, details);
  // Issue #28: a group's reports go to its moderators and admins, not to the community's threshold (docs/product.md §11).
  if (reporters >= REPORTS_TO_DENOUNCE && post.group_id == null) {
    await db.update(posts).set({ visibility: VISIBILITY.DENOUNCED }).where(and(eq(posts.id, postId), eq(posts.visibility, VISIBILITY.PUBLIC)));
  }
  return { reported: true, type: stored };
}

export async function reportComment(
  db: Db, { id: postId, cid: commentId }: PostKey & { cid: number }, reporterId: number, type: ReportType, details: string | null = null,
): Promise<ReportResponse> {
  const comment = await requireVisibleComment(db, postId, commentId, reporterId);
  if (comment.is_mine) throw httpError(403, 'report.own_content', 'You cannot report your own comment');
  await db.select({ id: comments.id }).from(comments).where(eq(comments.id, commentId)).for('update');
  const { stored, reporters } = await fileReport(db, reporterId, { commentId }, type, details);
  const inGroup = (await requireVisiblePost(db, postId, reporterId)).group_id != null;
  if (reporters >= REPORTS_TO_DENOUNCE && !inGroup) {
    const hidden = await db.update(comments).set({ visibility: VISIBILITY.DENOUNCED })
      .where(and(eq(comments.id, commentId), eq(comments.visibility, VISIBILITY.PUBLIC))).returning({ id: comments.id });
    // commentCount counts what everyone sees: a hidden comment leaves it (once).
    if (hidden.length > 0) await addToCommentCount(db, postId, -1);
  }
  return { reported: true, type: stored };
}
