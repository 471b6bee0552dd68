// ApiList and ApiListItem as seen by one caller (docs/product.md §3 List, List item). Counters come from
// the rows (item_count, prayed_count) or indexed subqueries (community count, the caller's flags).
import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { VISIBILITY, type ApiList, type ApiListItem, type Visibility } from '../../common/contract';
import type { Db } from '../db/client';
import { comments, notes } from '../db/schema/comments';
import { listItems, lists } from '../db/schema/lists';
import { bookmarks, prayers } from '../db/schema/prayers';
import { users } from '../db/schema/users';
import { shownAvatar } from './avatars';
import { groupListAudience } from './group-visibility';
import { toChannelId } from './users';

import type { ViewerId, ViewerParam } from './post-view';

export type { ViewerId };

/** No user has id -1: anonymous visitors own, prayed and bookmarked nothing. */
const viewer = (viewerId: ViewerId) => viewerId ?? -1;

/**
 * docs/product.md §3 List.qtd, the community count: how many distinct people prayed an item of the
 * list, kept in lists.prayed_people by the triggers of migration 0023 (issue #50 item 4).
 */
export function communityCount(): SQL<number> {
  return sql<number>`${lists.prayedPeople}`;
}

function listFields(viewerId: ViewerId) {
  return {
    id: lists.id,
    key: lists.key,
    name: lists.name,
    description: lists.description,
    userId: lists.userId,
    channelId: lists.channelId,
    visibility: lists.visibility,
    itemCount: lists.itemCount,
    gardenPosition: lists.gardenPosition,
    groupId: lists.groupId,
    createdAt: lists.createdAt,
    updatedAt: lists.updatedAt,
    ownerUsername: users.username,
    ownerName: users.name,
    ownerAvatar: shownAvatar(viewerId),
    communityCount: communityCount(),
  };
}

export function selectLists(db: Db, viewerId: ViewerId) {
  return db.select(listFields(viewerId)).from(lists).leftJoin(users, eq(users.id, lists.userId));
}

type ListRow = Awaited<ReturnType<ReturnType<typeof selectLists>['execute']>>[number];

/**
 * Public lists, plus the caller's own at any visibility (docs/product.md §6: private lists are the owner's);
 * a group's list only to the group's live members, its creator included only while one (group-visibility.ts).
 * `viewerId` may be an SQL expression naming the viewer per row (a reminder's owner: reminder-labels.ts).
 */
export function listVisibleTo(viewerId: ViewerParam): SQL {
  const own = viewerId === null ? eq(lists.visibility, VISIBILITY.PUBLIC) : or(eq(lists.visibility, VISIBILITY.PUBLIC), eq(lists.userId, viewerId));
  const audience = or(and(isNull(lists.groupId), own), and(isNotNull(lists.groupId), groupListAudience(viewerId)));
  return and(isNull(lists.archivedAt), audience) ?? sql`false`;
}

/** Only PUBLIC and PRIVATE are written by the API; anything else reads as the most restrictive. */
function toVisibility(value: number): Visibility {
  return value === VISIBILITY.PUBLIC ? VISIBILITY.PUBLIC : VISIBILITY.PRIVATE;
}

export function toApiList(row: ListRow, viewerId: ViewerId): ApiList {
  const user = row.userId === null || row.ownerUsername === null || row.ownerName === null
    ? null
    : { id: row.userId, username: row.ownerUsername, name: row.ownerName, avatar: row.ownerAvatar };
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    user_id: row.userId,
    user,
    channel_id: toChannelId(row.channelId),
    visibility: toVisibility(row.visibility),
    is_mine: viewerId !== null && row.userId === viewerId,
    is_garden: row.gardenPosition !== null,
    group_id: row.groupId,
    config: { qtd: row.itemCount },
    qtd: Number(row.communityCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function loadVisibleList(db: Db, listId: number, viewerId: ViewerId): Promise<ApiList | undefined> {
  const [row] = await selectLists(db, viewerId).where(and(eq(lists.id, listId), listVisibleTo(viewerId))).limit(1);
  return row === undefined ? undefined : toApiList(row, viewerId);
}

function itemFields(viewerId: ViewerId) {
  const mine = viewer(viewerId);
  return {
    id: listItems.id,
    postListId: listItems.postListId,
    postId: listItems.postId,
    title: listItems.title,
    text: listItems.text,
    reference: listItems.reference,
    position: listItems.position,
    deletedAt: listItems.deletedAt,
    prayedCount: listItems.prayedCount,
    createdAt: listItems.createdAt,
    updatedAt: listItems.updatedAt,
    listOwnerId: lists.userId,
    listGroupId: lists.groupId,
    isPrayed: sql<boolean>`exists (select 1 from ${prayers} where ${prayers.listItemId} = ${listItems.id} and ${prayers.userId} = ${mine})`,
    isBookmarked: sql<boolean>`exists (select 1 from ${bookmarks} where ${bookmarks.listItemId} = ${listItems.id} and ${bookmarks.userId} = ${mine})`,
    noteCount: sql<number>`(select count(*)::int from ${notes} where ${notes.listItemId} = ${listItems.id} and ${notes.userId} = ${mine} and ${notes.deletedAt} is null)`,
    // What everyone sees: live PUBLIC comments (a denounced one leaves the count, like posts).
    commentCount: sql<number>`(select count(*)::int from ${comments} where ${comments.listItemId} = ${listItems.id}
      and ${comments.deletedAt} is null and ${comments.visibility} = ${VISIBILITY.PUBLIC})`,
  };
}

export function selectItems(db: Db, viewerId: ViewerId) {
  return db.select(itemFields(viewerId)).from(listItems).innerJoin(lists, eq(lists.id, listItems.postListId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** Items of visible lists; archived items only for those who may restore them (docs/product.md §4): the owner, a group list's members. */
export function itemVisibleTo(viewerId: ViewerParam): SQL {
  const archivedOk = viewerId === null ? sql`false` : or(eq(lists.userId, viewerId), isNotNull(lists.groupId));
  return and(listVisibleTo(viewerId), or(isNull(listItems.deletedAt), archivedOk)) ?? sql`false`;
}

export function toApiListItem(row: ItemRow, viewerId: ViewerId): ApiListItem {
  return {
    id: row.id,
    post_list_id: row.postListId,
    post_id: row.postId,
    title: row.title,
    text: row.text,
    reference: row.reference,
    position: row.position,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    prayedCount: row.prayedCount,
    isPrayed: Boolean(row.isPrayed),
    is_bookmarked: Boolean(row.isBookmarked),
    // A group's list is edited together: every member who sees it may change its items (issue #28 item 4).
    is_mine: viewerId !== null && (row.listOwnerId === viewerId || row.listGroupId !== null),
    commentCount: Number(row.commentCount),
    noteCount: Number(row.noteCount),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function loadVisibleItem(db: Db, listId: number, itemId: number, viewerId: ViewerId): Promise<ApiListItem | undefined> {
  const [row] = await selectItems(db, viewerId)
    .where(and(eq(listItems.id, itemId), eq(listItems.postListId, listId), itemVisibleTo(viewerId))).limit(1);
  return row === undefined ? undefined : toApiListItem(row, viewerId);
}

/** A LIKE pattern that matches `search` anywhere, with LIKE's own wildcards escaped. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
