// A group's invite link (issue #28; docs/product.md §11 Prayer groups): one live code per group,
// `/g/<code>` in the app. Codes are 12 characters of base64url (72 random bits): not guessable, so
// holding one is what lets a visitor see the group's name and join.
import { randomBytes } from 'node:crypto';
import type { ApiGroupInvite } from '../../common/group-contract';
import type { Db } from '../db/client';
import { groupInvites } from '../db/schema/groups';

export type InviteLimits = { expiresAt: Date | null; maxUses: number | null };
export type InviteRow = typeof groupInvites.$inferSelect;

export function newInviteCode(): string {
  return randomBytes(9).toString('base64url');
}

export function toApiInvite(row: InviteRow): ApiGroupInvite {
  return {
    code: row.code, expires_at: row.expiresAt?.toISOString() ?? null, max_uses: row.maxUses, uses: row.uses,
    created_at: row.createdAt.toISOString(),
  };
}

/** Why a live code admits nobody now, or null when it does. */
export function inviteClosed(row: Pick<InviteRow, 'expiresAt' | 'maxUses' | 'uses'>, now: Date): 'expired' | 'used_up' | null {
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used_up';
  return null;
}

/** A new live code; the caller has revoked the old one first (group_invites_live_key allows one). */
export async function createInvite(db: Db, groupId: number, createdBy: number, limits: InviteLimits, now = new Date()): Promise<InviteRow> {
  const [row] = await db.insert(groupInvites).values({ groupId, code: newInviteCode(), createdBy, createdAt: now, ...limits }).returning();
  if (row === undefined) throw new Error('invite insert returned no row');
  return row;
}
