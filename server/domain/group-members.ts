// A group's members and their roles (issue #28; docs/product.md §11 Prayer groups): the list, a role
// change, a removal or a leave, and (re)joining. A group always keeps an admin while it has members:
// the last admin steps down or leaves only by naming a successor, who becomes admin in the same
// transaction (the group's row is locked first, so two admins cannot both step down at once).
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '../../common/constants';
import type { Page } from '../../common/contract';
import type { ApiGroupMember, ApiMembership, GroupRole, MembershipEndedResponse } from '../../common/group-contract';
import type { Db } from '../db/client';
import { groupMembers } from '../db/schema/groups';
import { users } from '../db/schema/users';
import { httpError } from '../http/errors';
import { shownAvatar } from './avatars';
import { requireAdmin, requireRole } from './groups';
import { pageOffset, toPage } from './paging';

type MemberRow = typeof groupMembers.$inferSelect;

const memberNotFound = () => httpError(404, 'content.not_found', 'This person is not a member of the group');
const lastAdmin = (message: string) => httpError(422, 'group.last_admin', message);
const NAME_ANOTHER_ADMIN = 'A group needs an admin: name another member as admin (successor_id) first';
const ONLY_MEMBER = 'You are the group\'s only member: delete the group instead of leaving it';

export function toApiMembership(row: Pick<MemberRow, 'groupId' | 'userId' | 'role' | 'joinedAt'>): ApiMembership {
  return { group_id: row.groupId, user_id: row.userId, role: row.role, joined_at: row.joinedAt.toISOString() };
}

const ROLE_ORDER = sql`case ${groupMembers.role} when 'admin' then 0 when 'moderator' then 1 else 2 end`;
const live = (groupId: number) => and(eq(groupMembers.groupId, groupId), isNull(groupMembers.leftAt));

/** The live members, admins first, then moderators, then by joining date; paged like every list. */
export async function listMembers(db: Db, groupId: number, viewerId: number, page: number): Promise<Page<ApiGroupMember>> {
  await requireRole(db, groupId, viewerId);
  const where = and(live(groupId), isNull(users.deletedAt));
  const [rows, [total]] = await Promise.all([
    db.select({ id: users.id, username: users.username, name: users.name, avatar: shownAvatar(viewerId), role: groupMembers.role, joinedAt: groupMembers.joinedAt })
      .from(groupMembers).innerJoin(users, eq(users.id, groupMembers.userId)).where(where)
      .orderBy(ROLE_ORDER, asc(groupMembers.joinedAt), asc(users.id)).limit(PAGE_SIZE).offset(pageOffset(page)),
    db.select({ n: count() }).from(groupMembers).innerJoin(users, eq(users.id, groupMembers.userId)).where(where),
  ]);
  const members = rows.map((r) => ({ user: { id: r.id, username: r.username, name: r.name, avatar: r.avatar }, role: r.role, joined_at: r.joinedAt.toISOString() }));
  return toPage(members, page, total?.n ?? 0);
}

export async function liveMember(db: Db, groupId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(groupMembers).where(and(live(groupId), eq(groupMembers.userId, userId))).limit(1);
  return row;
}

async function otherAdmins(db: Db, groupId: number, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groupMembers)
    .where(and(live(groupId), eq(groupMembers.role, 'admin'), ne(groupMembers.userId, userId)));
  return row?.n ?? 0;
}

async function writeRole(db: Db, groupId: number, userId: number, role: GroupRole, now: Date): Promise<MemberRow> {
  const [row] = await db.update(groupMembers).set({ role, updatedAt: now })
    .where(and(live(groupId), eq(groupMembers.userId, userId))).returning();
  if (row === undefined) throw memberNotFound();
  return row;
}

/**
 * `target` stops being an admin (a role change or an end of membership): with no other admin, the
 * named successor, a live member, becomes one first; with none named, a clear 422.
 */
async function handOver(db: Db, groupId: number, target: MemberRow, successorId: number | undefined, now: Date): Promise<void> {
  // Only an admin stepping down hands over: a successor named by anyone else is ignored, never promoted.
  if (target.role !== 'admin') return;
  if (successorId !== undefined) {
    if (successorId === target.userId) throw lastAdmin('Name another member as successor, not the person stepping down');
    const successor = await liveMember(db, groupId, successorId);
    if (successor === undefined) throw httpError(422, 'group.last_admin', 'The successor must be a member of the group');
    await writeRole(db, groupId, successorId, 'admin', now);
    return;
  }
  if ((await otherAdmins(db, groupId, target.userId)) > 0) return;
  const [others] = await db.select({ n: count() }).from(groupMembers).where(and(live(groupId), ne(groupMembers.userId, target.userId)));
  throw lastAdmin((others?.n ?? 0) === 0 ? ONLY_MEMBER : NAME_ANOTHER_ADMIN);
}

/** Admins set anyone's role, their own included (docs/product.md §11). */
export async function setRole(db: Db, groupId: number, actorId: number, targetId: number, role: GroupRole, successorId?: number, now = new Date()): Promise<ApiMembership> {
  await requireAdmin(db, groupId, actorId, { lock: true });
  const target = await liveMember(db, groupId, targetId);
  if (target === undefined) throw memberNotFound();
  if (role !== 'admin') await handOver(db, groupId, target, successorId, now);
  return toApiMembership(await writeRole(db, groupId, targetId, role, now));
}

/** A member leaves (target is the caller), or an admin removes someone; the row stays with left_at. */
export async function endMembership(db: Db, groupId: number, actorId: number, targetId: number, successorId?: number, now = new Date()): Promise<MembershipEndedResponse> {
  const leaving = actorId === targetId;
  if (leaving) await requireRole(db, groupId, actorId, { lock: true });
  else await requireAdmin(db, groupId, actorId, { lock: true });
  const target = await liveMember(db, groupId, targetId);
  if (target === undefined) throw memberNotFound();
  await handOver(db, groupId, target, successorId, now);
  await db.update(groupMembers).set({ leftAt: now, removedBy: leaving ? null : actorId, updatedAt: now })
    .where(and(live(groupId), eq(groupMembers.userId, targetId)));
  return { group_id: groupId, user_id: targetId, removed: true };
}

/**
 * Makes `userId` a live member (a new row, or a former member's row again, as a plain member).
 * `created`: false when they already were one (joining twice changes nothing).
 */
export async function activateMembership(db: Db, groupId: number, userId: number, now = new Date()): Promise<{ membership: ApiMembership; created: boolean }> {
  const [row] = await db.insert(groupMembers).values({ groupId, userId, role: 'member', joinedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [groupMembers.groupId, groupMembers.userId],
      set: { role: 'member', joinedAt: now, updatedAt: now, leftAt: null, removedBy: null },
      setWhere: sql`${groupMembers.leftAt} is not null`,
    }).returning();
  if (row !== undefined) return { membership: toApiMembership(row), created: true };
  const existing = await liveMember(db, groupId, userId);
  if (existing === undefined) throw new Error('membership neither inserted nor found');
  return { membership: toApiMembership(existing), created: false };
}

/** A former member an admin removed: they come back only through an admin's approval. */
export async function wasRemoved(db: Db, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ removedBy: groupMembers.removedBy }).from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), sql`${groupMembers.leftAt} is not null`)).limit(1);
  return row !== undefined && row.removedBy !== null;
}
