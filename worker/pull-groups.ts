// Prayer groups into the local database (issue #28 item 5; docs/product.md §11;
// docs/decisions/0185-groups-on-the-device.md): the one pull's `groups` section (GET groups: my
// live groups) replaces the server rows of groups, and a group it does not name leaves the device
// with its posts (left, removed or deleted elsewhere; a former member keeps nothing of it). A group
// made here, or joined here while the join waits, stays: its entries decide. Group posts come with
// the pull's posts: those of my groups that this device does not hold yet are stored too, so a
// group's feed is current without a page pull. Each step is one transaction, put then rebase, under
// SYNC_LOCK. Issue #49 major 4: why a group left (an admin removed me, or I left) is asked of GET
// group/{id} and kept by name (src/model/ended-groups.ts), so the group's page tells it, offline
// too.
import { SYNC_LOCK } from '../common/constants';
import type { ApiError, ApiPost, GroupListsResponse, PostPage } from '../common/contract';
import type { ApiGroup, GroupResponse } from '../common/group-contract';
import { db, writeTables } from '../src/model/db';
import { endedFromError, forgetEndedGroups, updateEndedGroups } from '../src/model/ended-groups';
import { forgetRows, putServerRows } from '../src/model/rows';
import type { RowRef } from '../src/model/types';
import { rebasePutRows, rebaseRows } from '../src/commands/ops/registry';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { withLock } from './locks';
import { storeGroupLists } from './pull-lists';
import { storePostSession } from './pull-session';

const groupRefs = (ids: number[]): RowRef[] => ids.map((id) => ({ table: 'groups', id }));
const postRefs = (posts: ApiPost[]): RowRef[] => posts.map((post) => ({ table: 'posts', id: post.id }));

/** My groups as the server has them now (complete): what it does not name goes, with its posts. Answers the held groups that went. */
export async function storeGroups(groups: ApiGroup[]): Promise<number[]> {
  return db.transaction('rw', writeTables(), async () => {
    const named = new Set(groups.map((group) => group.id));
    const held = await db.groups.toArray();
    const waiting = held.filter((row) => row.id < 0 || row.local.joining).map((row) => row.id);
    const gone = held.filter((row) => row.id > 0 && !named.has(row.id) && !row.local.joining).map((row) => row.id);
    await forgetRows('groups', gone);
    // Posts of a group this device never stored (pulled with the community feed) go too, and its lists (issue #28 item 4).
    const stray = await db.posts.where('group_id').noneOf([...named, ...waiting]).primaryKeys();
    await forgetRows('posts', stray.filter((id) => id > 0));
    const strayLists = await db.lists.where('group_id').noneOf([...named, ...waiting]).primaryKeys();
    await forgetRows('lists', strayLists.filter((id) => id > 0));
    await putServerRows('groups', groups);
    await rebaseRows(groupRefs([...named, ...gone]));
    await forgetEndedGroups([...named]);
    return gone;
  });
}

/**
 * A read of a group refused: a 404 (deleted, or never mine) or a former member's 403
 * (`group.removed`, `group.left`) takes its rows from this device. The 403's reason and the group's
 * name are kept for its page; `explains`: the read was one that would have told (GET group/{id} or
 * its posts), so a 404 also drops what was kept. Any other refusal changes nothing.
 */
export async function settleGroupRefusal(groupId: number, error: ApiError, explains: boolean): Promise<void> {
  const ended = endedFromError(error);
  if (error.status !== 404 && ended === null) return;
  await db.transaction('rw', writeTables(), async () => {
    await forgetRows('groups', [groupId]);
    if (ended !== null || explains) await updateEndedGroups([groupId], () => ended);
  });
}

/** After the pull took groups from this device (worker/sync-pull.ts): why each went, asked of GET group/{id}. Already under SYNC_LOCK. */
export async function explainGoneGroups(api: ApiClient, groupIds: readonly number[]): Promise<void> {
  for (const groupId of groupIds) {
    const result = await api.call<GroupResponse>({ path: `group/${groupId}` });
    if (!result.ok && result.status !== 0) await settleGroupRefusal(groupId, result.error, true);
  }
}

/** The posts of my groups among the pull's changed posts that this device does not hold yet (held ones are merged by the pull). */
export async function storeGroupPosts(posts: ApiPost[]): Promise<void> {
  const inGroups = posts.filter((post) => typeof post.group_id === 'number');
  if (inGroups.length === 0) return;
  await db.transaction('rw', writeTables(), async () => {
    const [mine, held] = await Promise.all([db.groups.toCollection().primaryKeys(), db.posts.bulkGet(inGroups.map((post) => post.id))]);
    const groups = new Set(mine);
    const fresh = inGroups.filter((post, i) => held[i] === undefined && groups.has(post.group_id ?? 0));
    await putServerRows('posts', fresh);
    await rebasePutRows(postRefs(fresh));
  });
}

/**
 * One page of a group's feed (GET group/{id}/posts, the shape and paging of GET posts) stored and
 * rebased, for the group screen's first page and "load more" (`loadMore`: the id of the last post held).
 * A group this device no longer belongs to answers 404, or a former member's 403: its rows go (settleGroupRefusal).
 */
export function pullGroupFeed(api: ApiClient, groupId: number, query: { page?: number; loadMore?: number } = {}): Promise<PullResult> {
  return withLock(SYNC_LOCK, () => pullGroupFeedLocked(api, groupId, query));
}

async function pullGroupFeedLocked(api: ApiClient, groupId: number, query: { page?: number; loadMore?: number }): Promise<PullResult> {
  const result = await api.call<PostPage>({ path: `group/${groupId}/posts`, query: { page: query.page, loadMore: query.loadMore } });
  if (!result.ok) {
    await settleGroupRefusal(groupId, result.error, true);
    return { ok: false, error: result.error };
  }
  await db.transaction('rw', writeTables(), async () => {
    await putServerRows('posts', result.data.data);
    await rebasePutRows(postRefs(result.data.data));
  });
  if (query.loadMore === undefined && (query.page ?? 1) === 1) await pullGroupExtras(api, groupId);
  const { current_page: currentPage, last_page: lastPage, total, data } = result.data;
  return { ok: true, currentPage, lastPage, total, count: data.length };
}

/**
 * With the group page's first feed page (issue #28 item 4): the group's lists (GET group/{id}/lists,
 * complete) and its session's queue (GET post/session/group/{id}), as the full pull brings them.
 */
async function pullGroupExtras(api: ApiClient, groupId: number): Promise<void> {
  const [lists, session] = await Promise.all([
    api.call<GroupListsResponse>({ path: `group/${groupId}/lists` }),
    api.call<PostPage>({ path: `post/session/group/${groupId}` }),
  ]);
  if (lists.ok) await storeGroupLists(groupId, lists.data.lists);
  if (session.ok) await storePostSession(`group:${groupId}`, session.data.data);
}
