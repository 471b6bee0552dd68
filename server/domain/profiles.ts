// Public profiles (docs/product.md §2 /profile/{slug}, §7 GET user/profile/{id}). The path takes a numeric id
// or a username (usernames always contain a letter, so the two never collide). Counts only cover
// what the public can see: anonymous posts are never attributed to their author here.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { ApiPublicProfile } from '../../common/account-contract';
import { VISIBILITY } from '../../common/contract';
import type { Db } from '../db/client';
import { posts } from '../db/schema/posts';
import { prayers } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import { notFound } from '../http/errors';
import { avatarShownTo } from './avatars';
import type { UserRow } from './tokens';

async function findProfileUser(db: Db, idOrUsername: string): Promise<UserRow | undefined> {
  const byId = /^\d{1,10}$/.test(idOrUsername) ? Number(idOrUsername) : undefined;
  const match = byId !== undefined && byId <= 2_147_483_647
    ? eq(users.id, byId)
    : sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`;
  const [row] = await db.select().from(users).where(and(match, isNull(users.deletedAt))).limit(1);
  return row;
}

export async function publicProfile(db: Db, idOrUsername: string, viewerId: number | null): Promise<ApiPublicProfile> {
  const user = await findProfileUser(db, idOrUsername);
  if (user === undefined) throw notFound('Profile');
  const [postCounts] = await db.select({
    posts: count(),
    answered: sql<number>`count(*) FILTER (WHERE ${posts.atendido})::int`,
  }).from(posts).where(and(
    eq(posts.userId, user.id), eq(posts.isAnonymous, false), eq(posts.visibility, VISIBILITY.PUBLIC),
    isNull(posts.deletedAt), isNull(posts.archivedAt),
    // Issue #28: a profile counts community posts only; group posts are their groups' (docs/product.md §11).
    isNull(posts.groupId),
  ));
  const [prayed] = await db.select({ n: count() }).from(prayers).where(eq(prayers.userId, user.id));
  return {
    id: user.id,
    name: user.name,
    nickname: user.nickname,
    username: user.username,
    avatar: avatarShownTo(user, viewerId),
    img_show: user.imgShow,
    is_guest: user.isGuest,
    member_since: user.createdAt.toISOString(),
    counts: { posts: postCounts?.posts ?? 0, answered: postCounts?.answered ?? 0, prayers: prayed?.n ?? 0 },
  };
}
