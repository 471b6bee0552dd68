// Profile pictures (docs/product.md §3 User profile.avatar, §7 GET user/photo/{a}/{b}). Stored in the
// database (user_avatars) so API processes stay stateless; served at
// /api/v1/user/photo/{user id}/{file name}. The file name is new on every upload, so the URL can
// be cached as immutable and an old URL stops working once replaced.
import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AVATAR_MAX_BYTES } from '../../common/account-contract';
import type { Db } from '../db/client';
import { userAvatars } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { HttpError } from '../http/errors';
import type { ViewerId, ViewerParam } from './post-view';
import type { UserRow } from './tokens';

const PHOTO_PATH = '/api/v1/user/photo';
export const UNSUPPORTED_IMAGE = 'Use a PNG, JPEG or WebP image';

type ImageType = { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; ext: 'png' | 'jpg' | 'webp' };

/** The image type from the file's first bytes (magic numbers); the declared type is never trusted. */
function detectImage(bytes: Buffer): ImageType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { contentType: 'image/png', ext: 'png' };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return { contentType: 'image/webp', ext: 'webp' };
  return undefined;
}

function avatarUrl(userId: number, fileName: string): string {
  return `${PHOTO_PATH}/${userId}/${fileName}`;
}

/**
 * The one rule of "show my picture to others" (docs/product.md §3 User profile.img_show; issue #11 item 3):
 * a person's photo URL is sent to themselves always, to anyone else only while img_show is on.
 * Every response that embeds a person selects their avatar through this expression (posts,
 * comments, users-prayed, lists, notifications); `person` is `users` or an alias of it.
 */
export function shownAvatar(viewerId: ViewerParam, person: typeof users = users): SQL<string | null> {
  const me = viewerId ?? -1; // no user has id -1: anonymous visitors are nobody's self
  return sql<string | null>`case when ${person.imgShow} or ${person.id} = ${me} then ${person.avatar} end`;
}

/** shownAvatar() for a user row already read (GET user/profile/{id}). */
export function avatarShownTo(user: Pick<UserRow, 'id' | 'avatar' | 'imgShow'>, viewerId: ViewerId): string | null {
  return user.imgShow || user.id === viewerId ? user.avatar : null;
}

export async function saveAvatar(db: Db, userId: number, bytes: Buffer): Promise<UserRow> {
  if (bytes.length === 0) throw new HttpError(422, 'Choose an image to upload', { avatar: ['Choose an image to upload'] }, { code: 'avatar.missing' });
  if (bytes.length > AVATAR_MAX_BYTES) throw new HttpError(413, 'The image is larger than 2 MB', undefined, { code: 'avatar.too_large' });
  const type = detectImage(bytes);
  if (type === undefined) throw new HttpError(422, UNSUPPORTED_IMAGE, { avatar: [UNSUPPORTED_IMAGE] }, { code: 'avatar.unsupported_type' });
  const fileName = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const now = new Date();
  const row = { fileName, contentType: type.contentType, bytes, createdAt: now };
  await db.insert(userAvatars).values({ userId, ...row }).onConflictDoUpdate({ target: userAvatars.userId, set: row });
  const [user] = await db.update(users).set({ avatar: avatarUrl(userId, fileName), updatedAt: now }).where(eq(users.id, userId)).returning();
  if (user === undefined) throw new Error('avatar update matched no user');
  return user;
}

export async function removeAvatar(db: Db, userId: number): Promise<UserRow> {
  await db.delete(userAvatars).where(eq(userAvatars.userId, userId));
  const [user] = await db.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (user === undefined) throw new Error('avatar removal matched no user');
  return user;
}

export async function readAvatar(db: Db, userId: number, fileName: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db.select({ contentType: userAvatars.contentType, bytes: userAvatars.bytes }).from(userAvatars)
    .where(and(eq(userAvatars.userId, userId), eq(userAvatars.fileName, fileName))).limit(1);
  return row;
}
