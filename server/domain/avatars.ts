// Profile pictures (docs/product.md §3 User profile.avatar, §7 GET user/photo/{a}/{b}). Stored in the
// database (user_avatars) so API processes stay stateless; served at
// /api/v1/user/photo/{user id}/{file name}. The file name is new on every upload, so the URL can
// be cached as immutable and an old URL stops working once replaced.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userAvatars } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import { acceptImage } from './images';
import type { ViewerId, ViewerParam } from './post-view';
import type { UserRow } from './tokens';

const PHOTO_PATH = '/api/v1/user/photo';

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
  const { fileName, contentType } = acceptImage(bytes, 'avatar');
  const now = new Date();
  const row = { fileName, contentType, bytes, createdAt: now };
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
