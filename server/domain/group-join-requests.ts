// Requests to join a prayer group (issue #28; docs/product.md §11 Prayer groups): anyone signed in
// asks to join a group by its id, an admin approves or declines. The one group route a non-member
// may call: its answer says only that the request is pending, nothing of the group.
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { PAGE_SIZE } from '../../common/constants';
import type { Page } from '../../common/contract';
import type { ApiJoinRequest, JoinDecision, JoinDecisionResponse } from '../../common/group-contract';
import type { Db } from '../db/client';
import { groupJoinRequests, prayerGroups } from '../db/schema/groups';
import { users } from '../db/schema/users';
import { httpError } from '../http/errors';
import { shownAvatar } from './avatars';
import { activateMembership, liveMember } from './group-members';
import { groupNotFound, requireAdmin } from './groups';
import { pageOffset, toPage } from './paging';

const requestFields = (viewerId: number) => ({
  request: groupJoinRequests, username: users.username, name: users.name, avatar: shownAvatar(viewerId),
});

type RequestRow = { request: typeof groupJoinRequests.$inferSelect; username: string; name: string; avatar: string | null };

function toApiRequest({ request, username, name, avatar }: RequestRow): ApiJoinRequest {
  return {
    id: request.id, group_id: request.groupId, user: { id: request.userId, username, name, avatar }, status: request.status,
    created_at: request.createdAt.toISOString(), decided_at: request.decidedAt?.toISOString() ?? null,
  };
}

async function loadRequest(db: Db, id: number, viewerId: number): Promise<ApiJoinRequest> {
  const [row] = await db.select(requestFields(viewerId)).from(groupJoinRequests).innerJoin(users, eq(users.id, groupJoinRequests.userId))
    .where(eq(groupJoinRequests.id, id)).limit(1);
  if (row === undefined) throw new Error(`join request ${id} not found`);
  return toApiRequest(row);
}

/** One pending request per person and group: asking again answers the same request (`created` false). */
export async function requestToJoin(db: Db, groupId: number, userId: number, now = new Date()): Promise<{ request: ApiJoinRequest; created: boolean }> {
  const [group] = await db.select({ id: prayerGroups.id }).from(prayerGroups).where(and(eq(prayerGroups.id, groupId), isNull(prayerGroups.deletedAt))).for('update');
  if (group === undefined) throw groupNotFound();
  if ((await liveMember(db, groupId, userId)) !== undefined) throw httpError(409, 'group.already_member', 'You are already a member of this group');
  const [pending] = await db.select({ id: groupJoinRequests.id }).from(groupJoinRequests)
    .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.userId, userId), eq(groupJoinRequests.status, 'pending'))).limit(1);
  if (pending !== undefined) return { request: await loadRequest(db, pending.id, userId), created: false };
  const [row] = await db.insert(groupJoinRequests).values({ groupId, userId, createdAt: now }).returning({ id: groupJoinRequests.id });
  if (row === undefined) throw new Error('join request insert returned no row');
  return { request: await loadRequest(db, row.id, userId), created: true };
}

/** The admins' queue: pending requests, oldest first. */
export async function pendingRequests(db: Db, groupId: number, adminId: number, page: number): Promise<Page<ApiJoinRequest>> {
  await requireAdmin(db, groupId, adminId);
  const where = and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.status, 'pending'));
  const [rows, [total]] = await Promise.all([
    db.select(requestFields(adminId)).from(groupJoinRequests).innerJoin(users, eq(users.id, groupJoinRequests.userId))
      .where(where).orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.id)).limit(PAGE_SIZE).offset(pageOffset(page)),
    db.select({ n: count() }).from(groupJoinRequests).where(where),
  ]);
  return toPage(rows.map(toApiRequest), page, total?.n ?? 0);
}

/** An admin approves (the person becomes a member, even one removed before) or declines. */
export async function decideRequest(db: Db, groupId: number, adminId: number, requestId: number, decision: JoinDecision, now = new Date()): Promise<JoinDecisionResponse> {
  await requireAdmin(db, groupId, adminId, { lock: true });
  const [request] = await db.select().from(groupJoinRequests)
    .where(and(eq(groupJoinRequests.id, requestId), eq(groupJoinRequests.groupId, groupId))).limit(1);
  if (request === undefined) throw httpError(404, 'group.request_not_found', 'Join request not found');
  if (request.status !== 'pending') throw httpError(409, 'group.request_decided', `This request was already ${request.status}`);
  const status = decision === 'approve' ? 'approved' : 'declined';
  await db.update(groupJoinRequests).set({ status, decidedAt: now, decidedBy: adminId }).where(eq(groupJoinRequests.id, requestId));
  const membership = decision === 'approve' ? (await activateMembership(db, groupId, request.userId, now)).membership : null;
  return { request: await loadRequest(db, requestId, adminId), membership };
}
