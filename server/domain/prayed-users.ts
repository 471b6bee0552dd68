// GET post/{id}/users-prayed (docs/product.md §7; docs/product.md §10: distinct people, most recent first).
// Exposes only what a post card already shows of a person (id, username, name, avatar).
import { and, countDistinct, desc, eq, isNull, max, ne, type SQL } from 'drizzle-orm';
import type { ApiUserSummary, Page } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import type { Db } from '../db/client';
import { posts } from '../db/schema/posts';
import { prayers } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import { shownAvatar } from './avatars';
import { requireVisiblePost } from './post-owner';
import { pageOffset, toPage } from './paging';
import type { ViewerId } from './post-view';

async function prayersFilter(db: Db, postId: number): Promise<SQL | undefined> {
  // The author praying for their own anonymous request would be listed beside it and unmask them.
  const [post] = await db.select({ userId: posts.userId, isAnonymous: posts.isAnonymous }).from(posts).where(eq(posts.id, postId)).limit(1);
  return and(
    eq(prayers.postId, postId),
    isNull(users.deletedAt),
    post?.isAnonymous === true ? ne(prayers.userId, post.userId) : undefined,
  );
}

export async function prayedUsersPage(db: Db, postId: number, viewerId: ViewerId, page: number): Promise<Page<ApiUserSummary>> {
  await requireVisiblePost(db, postId, viewerId);
  const where = await prayersFilter(db, postId);
  const [counted] = await db.select({ n: countDistinct(prayers.userId) }).from(prayers).innerJoin(users, eq(users.id, prayers.userId)).where(where);
  const total = counted?.n ?? 0;
  const lastPrayed = max(prayers.createdAt);
  const rows = await db.select({ id: users.id, username: users.username, name: users.name, avatar: shownAvatar(viewerId), lastPrayed })
    .from(prayers).innerJoin(users, eq(users.id, prayers.userId)).where(where)
    .groupBy(users.id).orderBy(desc(lastPrayed), desc(users.id))
    .limit(PAGE_SIZE).offset(pageOffset(page));
  return toPage(rows.map((r) => ({ id: r.id, username: r.username, name: r.name, avatar: r.avatar })), page, total);
}
