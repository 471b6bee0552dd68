// "Hide posts from this person" and "the reported post leaves the reporter's feed" (issue #12
// item 8; docs/decisions/0113-reporting-and-hidden-people-hide-posts-from-this-person.md). Per
// viewer: hidden_people (0008) and the viewer's own reports. The feed, the new-posts count and the
// change feed leave both out for that viewer; a post opened by its address still loads (a report
// must be retried safely, and a shared link is not a feed). Anonymous posts are never left out by
// author: doing so would tell the viewer which anonymous posts a person wrote.
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ApiUserSummary } from '../../common/contract';
import type { HiddenPeopleResponse, HiddenPersonResponse } from '../../common/hidden-people-contract';
import type { Db } from '../db/client';
import { comments } from '../db/schema/comments';
import { hiddenPeople, reports } from '../db/schema/moderation';
import { posts } from '../db/schema/posts';
import { users } from '../db/schema/users';
import { HttpError, notFound } from '../http/errors';
import { shownAvatar } from './avatars';
import type { ViewerId, ViewerParam } from './post-view';

/** Posts the viewer reported, and signed posts of people the viewer hid: out of the viewer's feeds. */
export function notHiddenPostFor(viewerId: ViewerParam): SQL | undefined {
  if (viewerId === null) return undefined;
  return sql`not exists (select 1 from ${reports} where ${reports.postId} = ${posts.id} and ${reports.reporterId} = ${viewerId})
    and (${posts.isAnonymous} or not exists (select 1 from ${hiddenPeople} where ${hiddenPeople.userId} = ${viewerId} and ${hiddenPeople.hiddenUserId} = ${posts.userId}))`;
}

/**
 * Comments the viewer reported, and comments of people the viewer hid, except where the author is
 * anonymous (the author of an anonymous post, in its comments: server/domain/comments.ts).
 */
export function notHiddenCommentFor(viewerId: ViewerId): SQL | undefined {
  if (viewerId === null) return undefined;
  return sql`not exists (select 1 from ${reports} where ${reports.commentId} = ${comments.id} and ${reports.reporterId} = ${viewerId})
    and (not exists (select 1 from ${hiddenPeople} where ${hiddenPeople.userId} = ${viewerId} and ${hiddenPeople.hiddenUserId} = ${comments.userId})
      or exists (select 1 from ${posts} where ${posts.id} = ${comments.postId} and ${posts.isAnonymous} and ${posts.userId} = ${comments.userId}))`;
}

function personFields(viewerId: number) {
  return { id: users.id, username: users.username, name: users.name, avatar: shownAvatar(viewerId) };
}

async function requirePerson(db: Db, personId: number, viewerId: number): Promise<ApiUserSummary> {
  const [person] = await db.select(personFields(viewerId)).from(users).where(and(eq(users.id, personId), isNull(users.deletedAt))).limit(1);
  if (person === undefined) throw notFound('Person');
  return person;
}

export async function listHiddenPeople(db: Db, viewerId: number): Promise<HiddenPeopleResponse> {
  const people = await db.select(personFields(viewerId)).from(hiddenPeople)
    .innerJoin(users, eq(users.id, hiddenPeople.hiddenUserId))
    .where(and(eq(hiddenPeople.userId, viewerId), isNull(users.deletedAt)))
    .orderBy(desc(hiddenPeople.createdAt), desc(hiddenPeople.hiddenUserId));
  return { people };
}

/** Idempotent: hiding someone already hidden answers the same. Nobody can hide themselves. */
export async function hidePerson(db: Db, viewerId: number, personId: number): Promise<HiddenPersonResponse> {
  if (personId === viewerId) throw new HttpError(422, 'You cannot hide yourself', { id: ['You cannot hide yourself'] });
  const person = await requirePerson(db, personId, viewerId);
  await db.insert(hiddenPeople).values({ userId: viewerId, hiddenUserId: personId }).onConflictDoNothing();
  return { hidden: true, person };
}

/** "Show again": idempotent too (showing someone not hidden answers hidden: false). */
export async function showPerson(db: Db, viewerId: number, personId: number): Promise<HiddenPersonResponse> {
  const person = await requirePerson(db, personId, viewerId);
  await db.delete(hiddenPeople).where(and(eq(hiddenPeople.userId, viewerId), eq(hiddenPeople.hiddenUserId, personId)));
  return { hidden: false, person };
}
