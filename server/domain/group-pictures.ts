// A prayer group's picture (issue #28 item 1; docs/product.md §11 'Limits';
// docs/decisions/0199-group-pictures-are-uploaded-served-under-an-unguessable-name.md). Admins
// upload or remove it; the image is stored like a profile picture (images.ts, group_pictures) and
// the group's `picture` is its path, /api/v1/group/{id}/picture/{file name}: a name of 128 random
// bits, new on every upload, known only to the group's members and to whoever holds its invite
// link.
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiGroup } from '../../common/group-contract';
import type { Db } from '../db/client';
import { groupPictures, prayerGroups } from '../db/schema/groups';
import { requireAdmin, requireGroup } from './groups';
import { acceptImage } from './images';

export const groupPictureUrl = (groupId: number, fileName: string) => `/api/v1/group/${groupId}/picture/${fileName}`;

/** Admins only (403 for a member, 404 for anyone else); the old picture's URL stops working at once. */
export async function saveGroupPicture(db: Db, groupId: number, userId: number, bytes: Buffer, now = new Date()): Promise<ApiGroup> {
  await requireAdmin(db, groupId, userId);
  const { fileName, contentType } = acceptImage(bytes, 'picture');
  const row = { fileName, contentType, bytes, createdAt: now };
  await db.insert(groupPictures).values({ groupId, ...row }).onConflictDoUpdate({ target: groupPictures.groupId, set: row });
  await db.update(prayerGroups).set({ picture: groupPictureUrl(groupId, fileName), updatedAt: now }).where(eq(prayerGroups.id, groupId));
  return requireGroup(db, groupId, userId);
}

/** Admins only; removing a group with no picture is no error (the group, unchanged but for updated_at). */
export async function removeGroupPicture(db: Db, groupId: number, userId: number, now = new Date()): Promise<ApiGroup> {
  await requireAdmin(db, groupId, userId);
  await db.delete(groupPictures).where(eq(groupPictures.groupId, groupId));
  await db.update(prayerGroups).set({ picture: null, updatedAt: now }).where(eq(prayerGroups.id, groupId));
  return requireGroup(db, groupId, userId);
}

/**
 * The image, only while its group is live and it is the group's picture: a deleted group's, a
 * replaced or removed one's, or one the group no longer names (PUT group changed `picture`) is gone.
 */
export async function readGroupPicture(db: Db, groupId: number, fileName: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db.select({ contentType: groupPictures.contentType, bytes: groupPictures.bytes }).from(groupPictures)
    .innerJoin(prayerGroups, eq(prayerGroups.id, groupPictures.groupId))
    .where(and(eq(groupPictures.groupId, groupId), eq(groupPictures.fileName, fileName), isNull(prayerGroups.deletedAt),
      eq(prayerGroups.picture, groupPictureUrl(groupId, fileName)))).limit(1);
  return row;
}
