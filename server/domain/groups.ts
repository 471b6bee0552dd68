// Prayer groups (issue #28; docs/product.md §11 Prayer groups): a group as its members see it, who
// may read or change it, and its life (create, edit, delete). A group is private: to anyone who is
// not a live member it does not exist (404), whoever asks; a member who may not change it gets a 403.
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ChannelId, DeletedResponse } from '../../common/contract';
import type { ApiGroup, GroupRole } from '../../common/group-contract';
import type { Db } from '../db/client';
import { groupInvites, groupJoinRequests, groupMembers, groupPictures, prayerGroups } from '../db/schema/groups';
import { HttpError, httpError } from '../http/errors';
import { createInvite } from './group-invites';
import { toChannelId } from './users';

export const groupNotFound = () => httpError(404, 'group.not_found', 'Group not found');

/** The live members of a group, counted in the group_members primary key. */
export const memberCount = sql<number>`(select count(*)::int from ${groupMembers} gm where gm.group_id = ${prayerGroups.id} and gm.left_at is null)`;

/** A live group joined with the caller's live membership: the one test of "is a member". */
function memberView(db: Db, userId: number) {
  return db.select({
    group: prayerGroups, role: groupMembers.role, notify: groupMembers.notify, memberCount,
    inviteCode: groupInvites.code, inviteExpiresAt: groupInvites.expiresAt, inviteMaxUses: groupInvites.maxUses,
    inviteUses: groupInvites.uses, inviteCreatedAt: groupInvites.createdAt,
  }).from(prayerGroups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, prayerGroups.id), eq(groupMembers.userId, userId), isNull(groupMembers.leftAt)))
    .leftJoin(groupInvites, and(eq(groupInvites.groupId, prayerGroups.id), isNull(groupInvites.revokedAt)));
}

type MemberViewRow = Awaited<ReturnType<ReturnType<typeof memberView>['execute']>>[number];

function toApiGroup(row: MemberViewRow): ApiGroup {
  const { group } = row;
  return {
    id: group.id, name: group.name, description: group.description, channel_id: toChannelId(group.channelId), picture: group.picture,
    created_at: group.createdAt.toISOString(), updated_at: group.updatedAt.toISOString(), member_count: row.memberCount, my_role: row.role,
    my_notify: row.notify,
    invite: row.inviteCode === null || row.inviteCreatedAt === null ? null : {
      code: row.inviteCode, expires_at: row.inviteExpiresAt?.toISOString() ?? null, max_uses: row.inviteMaxUses,
      uses: row.inviteUses ?? 0, created_at: row.inviteCreatedAt.toISOString(),
    },
  };
}

/** The group as the caller sees it, else 404 (deleted, unknown, or the caller is no live member). */
export async function requireGroup(db: Db, groupId: number, userId: number | null): Promise<ApiGroup> {
  if (userId === null) throw groupNotFound();
  const [row] = await memberView(db, userId).where(and(eq(prayerGroups.id, groupId), isNull(prayerGroups.deletedAt))).limit(1);
  if (row === undefined) throw groupNotFound();
  return toApiGroup(row);
}

/**
 * The group page's reads (GET group/{id} and GET group/{id}/posts; issue #49 major 4): the group as
 * requireGroup answers it, the one test of "is a member". To a former member of a live group, instead
 * of the 404, why they are out: 403 `group.removed` (an admin removed them) or `group.left`, with the
 * group's name and whether their request to join waits, nothing else. Anyone else keeps the 404.
 */
export async function readGroup(db: Db, groupId: number, userId: number | null): Promise<ApiGroup> {
  try {
    return await requireGroup(db, groupId, userId);
  } catch (error) {
    if (userId === null || !(error instanceof HttpError) || error.statusCode !== 404) throw error;
    throw (await membershipEnded(db, groupId, userId)) ?? error;
  }
}

/** The 403 of a former member of a live group (docs/product.md §11 'Private'), else undefined. */
async function membershipEnded(db: Db, groupId: number, userId: number): Promise<HttpError | undefined> {
  const requested = sql<boolean>`exists (select 1 from ${groupJoinRequests} r
    where r.group_id = ${groupMembers.groupId} and r.user_id = ${groupMembers.userId} and r.status = 'pending')`;
  const [row] = await db.select({ name: prayerGroups.name, removedBy: groupMembers.removedBy, requested }).from(groupMembers)
    .innerJoin(prayerGroups, eq(prayerGroups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), isNotNull(groupMembers.leftAt), isNull(prayerGroups.deletedAt)))
    .limit(1);
  if (row === undefined) return undefined;
  const params = { group: row.name, requested: row.requested ? 1 : 0 };
  return row.removedBy === null
    ? httpError(403, 'group.left', 'You left this group: open its invite link again, or ask to join', params)
    : httpError(403, 'group.removed', 'An admin removed you from this group: ask to join instead', params);
}

/**
 * The caller's role in a live group, else 404. `lock` takes the group's row for the transaction, so
 * that changes of roles and memberships of one group are applied one after the other (the last admin rule).
 */
export async function requireRole(db: Db, groupId: number, userId: number, options: { lock?: boolean } = {}): Promise<GroupRole> {
  const live = and(eq(prayerGroups.id, groupId), isNull(prayerGroups.deletedAt));
  if (options.lock === true) {
    const [locked] = await db.select({ id: prayerGroups.id }).from(prayerGroups).where(live).for('update');
    if (locked === undefined) throw groupNotFound();
  }
  const [row] = await db.select({ role: groupMembers.role }).from(groupMembers)
    .innerJoin(prayerGroups, eq(prayerGroups.id, groupMembers.groupId))
    .where(and(live, eq(groupMembers.userId, userId), isNull(groupMembers.leftAt))).limit(1);
  if (row === undefined) throw groupNotFound();
  return row.role;
}

/** Admins only (docs/product.md §11): a member who is not one gets 403, anyone else 404. */
export async function requireAdmin(db: Db, groupId: number, userId: number, options: { lock?: boolean } = {}): Promise<void> {
  const role = await requireRole(db, groupId, userId, options);
  if (role !== 'admin') throw httpError(403, 'group.not_admin', 'Only the group\'s admins can do this');
}

export type GroupInput = { name: string; description: string | null; picture: string | null };
type GroupEdit = { [K in keyof GroupInput]?: GroupInput[K] | undefined };

/** The creator becomes the first admin; the group gets its first invite link at once. */
export async function createGroup(db: Db, userId: number, channelId: ChannelId, input: GroupInput, now = new Date()): Promise<ApiGroup> {
  const [row] = await db.insert(prayerGroups).values({ channelId, ...input, createdBy: userId, createdAt: now, updatedAt: now })
    .returning({ id: prayerGroups.id });
  if (row === undefined) throw new Error('group insert returned no row');
  await db.insert(groupMembers).values({ groupId: row.id, userId, role: 'admin', joinedAt: now, updatedAt: now });
  await createInvite(db, row.id, userId, { expiresAt: null, maxUses: null }, now);
  return requireGroup(db, row.id, userId);
}

export async function updateGroup(db: Db, groupId: number, userId: number, edit: GroupEdit): Promise<ApiGroup> {
  await requireAdmin(db, groupId, userId);
  await db.update(prayerGroups).set({
    // Drizzle leaves a key whose value is undefined out of the SET: what the edit does not name stays.
    name: edit.name, description: edit.description, picture: edit.picture,
    updatedAt: new Date(),
  }).where(eq(prayerGroups.id, groupId));
  return requireGroup(db, groupId, userId);
}

/**
 * Gone for everyone at once: the group is marked deleted (its memberships stay, so every device
 * learns it lost the group), its invite stops working, its pending requests are declined and its
 * picture's bytes are deleted (nobody may see them again, so they are not kept).
 */
export async function deleteGroup(db: Db, groupId: number, userId: number, now = new Date()): Promise<DeletedResponse> {
  await requireAdmin(db, groupId, userId, { lock: true });
  await db.update(prayerGroups).set({ deletedAt: now, updatedAt: now, picture: null }).where(eq(prayerGroups.id, groupId));
  await db.delete(groupPictures).where(eq(groupPictures.groupId, groupId));
  await db.update(groupInvites).set({ revokedAt: now }).where(and(eq(groupInvites.groupId, groupId), isNull(groupInvites.revokedAt)));
  await db.update(groupJoinRequests).set({ status: 'declined', decidedAt: now, decidedBy: userId })
    .where(and(eq(groupJoinRequests.groupId, groupId), eq(groupJoinRequests.status, 'pending')));
  return { id: groupId, deleted: true };
}

/** The groups the caller belongs to, by name (a person belongs to a handful: not paged). */
export async function myGroups(db: Db, userId: number): Promise<ApiGroup[]> {
  const rows = await memberView(db, userId).where(isNull(prayerGroups.deletedAt)).orderBy(asc(prayerGroups.name), asc(prayerGroups.id));
  return rows.map(toApiGroup);
}
