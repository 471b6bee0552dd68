// Issue #28 step 2 acceptance (docs/product.md §11 Prayer groups): a group post is seen by its
// group's live members only, on EVERY read of the server. Every GET route registered is called (the
// routes are read from the app as they register; one no post can reach is listed with why in
// groups-privacy-walk.ts NO_POSTS), as a non-member who is also a community moderator, a guest, a
// former member who wrote, prayed, bookmarked and commented before leaving, and an anonymous
// visitor; no answer may carry the group posts' texts, their comments, or them as posts. The same
// walk as a member finds them where they belong, so the walk is known to reach them. Every write
// on a post, its comments and notes is a 404 to them too, and changes nothing.
// Issue #49: the former member, and a member an admin removed, had set reminders on the group's
// post and list item (and had them sent) before they went; a comment on the group list's item was
// reported: the walk finds none of it in their reminders, notifications or pull, nor in the
// community moderator's queue (the group's moderators review it). Statistics: groups-leaks.test.ts.
import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPublicProfile } from '../../common/account-contract';
import type { ApiError, Envelope, NewCountResponse } from '../../common/contract';
import type { PostChanges, SyncPull } from '../../common/sync-contract';
import { API_PREFIX } from '../../server/app';
import { ok, uniqueEmail, useApi } from './api';
import { createGroup, join, person } from './groups-support';
import { leaks, NO_POSTS, pathsOf, type World } from './groups-privacy-walk';
import { createItem, createList } from './lists-support';
import { newComment } from './post-actors';
import { runDueReminders } from '../../server/push/reminder-scheduler';
import type { ApiReminder } from '../../common/reminders-contract';

const gets: string[] = [];
const postWrites: [string, string][] = [];
function onRoute(route: RouteOptions): void {
  const methods = [route.method].flat();
  if (!route.url.startsWith(`${API_PREFIX}/`)) return;
  const url = route.url.slice(API_PREFIX.length);
  if (methods.includes('GET')) gets.push(url);
  // The writes on one post or one of its comments or notes (POST post/answer names its post in the body).
  for (const method of methods) if (method !== 'GET' && method !== 'HEAD' && (url.startsWith('/post/:id') || url === '/post/answer')) postWrites.push([method, url]);
}

const MODERATOR = uniqueEmail('community-moderator');
const MARK = `Zebulon${process.pid}`;
const MARKERS = [`${MARK}post`, `${MARK}second`, `${MARK}comment`, `${MARK}former`, `${MARK}list`, `${MARK}report`];

const api = useApi({ onRoute, moderatorEmails: [MODERATOR] });

type Viewers = { member: string; admin: string; nonMember: string; guest: string; former: string; removed: string };
const FAR_TIME = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;

async function setUp(): Promise<{ w: World; tokens: Viewers }> {
  const changesCursor = ok(await api.call<Envelope<PostChanges>>('GET', 'posts/changes')).data.cursor;
  const pullCursor = ok(await api.call<Envelope<SyncPull>>('GET', 'sync/pull')).data.cursor;
  const t0 = new Date(Date.now() - 1).toISOString();
  const [admin, member, former, guest, removed] = await Promise.all([
    person(api, 'Ann Author'), person(api, 'Bo Member'), person(api, 'Flo Former'), person(api, 'Guest', true), person(api, 'Rae Removed'),
  ]);
  const nonMember = ok(await api.call<Envelope<{ authorization: { token: string } }>>('POST', 'auth/register', {
    body: { name: 'Nico Moderator', email: MODERATOR, password: 'long-enough-pw' },
  }), 201).data.authorization.token;
  const group = await createGroup(api, admin.token, { name: 'Surgery circle' });
  const code = group.invite?.code ?? '';
  for (const p of [member, former, removed]) await join(api, p.token, code);
  await api.createPost(admin.token, { text: 'A community request, for everyone', type: 'REQUEST' });
  const post = await api.createPost(admin.token, { text: `Pray for my mother ${MARKERS[0]}`, type: 'REQUEST', group_id: group.id });
  const post2 = await api.createPost(former.token, { text: `Pray for my exams ${MARKERS[1]}`, type: 'REQUEST', group_id: group.id });
  const comment = (token: string, postId: number, text: string) => newComment(api, token, postId, text);
  const byMember = await comment(member.token, post.id, `Praying ${MARKERS[2]}`);
  await comment(member.token, post2.id, `Praying ${MARKERS[2]}`);
  for (const p of [post, post2]) ok(await api.call('POST', `post/${p.id}/pray`, { token: member.token }));
  ok(await api.call('POST', `post/${post.id}/bookmark`, { token: member.token }));
  ok(await api.call('POST', `post/${post.id}/note`, { token: member.token, body: { note: `Call her ${MARKERS[2]}` } }), 201);
  ok(await api.call('POST', `post/${post2.id}/report`, { token: admin.token, body: { type: 'spam' } }));
  // The former member prays, bookmarks and comments, then leaves: none of it may show them the group any more.
  ok(await api.call('POST', `post/${post.id}/pray`, { token: former.token }));
  ok(await api.call('POST', `post/${post.id}/bookmark`, { token: former.token }));
  // Issue #28 item 4: a group's list; the former member added to it, prayed and bookmarked before leaving.
  const groupList = await createList(api, admin.token, { name: `Family ${MARKERS[4]}`, group_id: group.id });
  const groupItem = await createItem(api, former.token, groupList.id, { text: `Grandma's hip ${MARKERS[4]}` });
  ok(await api.call('POST', `list/${groupList.id}/item/${groupItem.id}/pray`, { token: former.token }));
  ok(await api.call('POST', `list/${groupList.id}/item/${groupItem.id}/bookmark`, { token: former.token }));
  await comment(former.token, post.id, `With you ${MARKERS[3]}`);
  // Issue #49: reminders on the group's post and item, sent once, then their owners go; a reported comment on the group list's item.
  let due = '';
  for (const p of [former, removed]) {
    for (const target of [{ kind: 'post', post_id: post.id }, { kind: 'item', list_id: groupList.id, item_id: groupItem.id }]) {
      const body = { target, days: [0, 1, 2, 3, 4, 5, 6], time: FAR_TIME, time_zone: 'UTC', ends_on: null, enabled: true };
      due = ok(await api.call<Envelope<ApiReminder>>('PUT', `reminders/${randomUUID()}`, { token: p.token, body })).data.next_at ?? '';
    }
  }
  await runDueReminders(api.server.handle.db, null, new Date(due), 'https://pray.example', api.server.app.log);
  const itemComment = ok(await api.call<Envelope<{ comment: { id: number } }>>('POST', `list/${groupList.id}/item/${groupItem.id}/comment`, {
    token: member.token, body: { comment: `Hurtful ${MARKERS[5]}` },
  }), 201).data.comment;
  ok(await api.call('POST', `list/${groupList.id}/item/${groupItem.id}/comment/${itemComment.id}/report`, {
    token: admin.token, body: { type: 'offensive', details: `Reporter's words ${MARKERS[5]}` },
  }));
  ok(await api.call('DELETE', `group/${group.id}/member/${former.id}`, { token: former.token }));
  ok(await api.call('DELETE', `group/${group.id}/member/${removed.id}`, { token: admin.token }));
  // Issue #28 item 3: the author's update of a group post (it tells the member, who prayed) stays in the group too.
  ok(await api.call('POST', `post/${post.id}/update`, { token: admin.token, body: { text: `Surgery went well ${MARKERS[0]}` } }), 201);
  // A group's post never becomes a list item (lists can be public).
  const list = await createList(api, admin.token, { name: 'Open list', visibility: 'PUBLIC' });
  const refused = await api.call<ApiError>('POST', `list/${list.id}/item`, { token: admin.token, body: { post_id: post.id } });
  expect(refused.json.errors?.post_id).toBeDefined();
  const item = await createItem(api, admin.token, list.id, { text: 'An open prayer' });
  const w: World = {
    groupId: group.id, code, postId: post.id, post2Id: post2.id, commentId: byMember.id, authorId: admin.id, formerId: former.id,
    listId: list.id, itemId: item.id, groupListId: groupList.id, groupItemId: groupItem.id, changesCursor, pullCursor, t0, search: MARKERS[0] ?? MARK,
    itemCommentId: itemComment.id,
  };
  return { w, tokens: { member: member.token, admin: admin.token, nonMember, guest: guest.token, former: former.token, removed: removed.token } };
}

let world: { w: World; tokens: Viewers };
beforeAll(async () => { world = await setUp(); }, 60_000);

async function walk(token: string | undefined): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const route of [...new Set(gets)].sort()) {
    if (NO_POSTS[`GET ${route}`] !== undefined) continue;
    for (const path of pathsOf(route, world.w)) {
      const r = await api.call<unknown>('GET', path, token === undefined ? {} : { token });
      if (r.status >= 500) throw new Error(`GET ${path}: ${r.status}`);
      const leaked = leaks(r.json, MARKERS, [world.w.postId, world.w.post2Id]);
      if (leaked.length > 0) found.set(path, leaked);
    }
  }
  return found;
}

describe('a group post is seen by its members only, on every GET route (issue #28)', () => {
  it('lists every GET route: each is walked or says why no post can be in it', () => {
    const unknown = Object.keys(NO_POSTS).filter((key) => !gets.includes(key.slice('GET '.length)));
    expect(unknown, 'NO_POSTS names routes that are not registered').toEqual([]);
    for (const route of gets) if (NO_POSTS[`GET ${route}`] === undefined) expect(pathsOf(route, world.w).length, route).toBeGreaterThan(0);
    expect(gets.length).toBeGreaterThan(50);
  });

  it.each(['nonMember', 'guest', 'former', 'removed', 'anonymous'] as const)('gives %s nothing of the group posts anywhere', { timeout: 60_000 }, async (viewer) => {
    const token = viewer === 'anonymous' ? undefined : world.tokens[viewer];
    expect(Object.fromEntries(await walk(token))).toEqual({});
  });

  it('shows them to a member where they belong: the walk reaches them', { timeout: 60_000 }, async () => {
    const seen = [...(await walk(world.tokens.member)).keys()];
    const { w } = world;
    for (const path of ['posts', `posts?search=${w.search}`, `post/${w.postId}`, `post/${w.postId}/comments`, `post/${w.postId}/comment/${w.commentId}`,
      `group/${w.groupId}/posts`, `posts/changes?since=${encodeURIComponent(w.changesCursor)}`, 'sync/pull', 'post/session/bookmark', 'posts?type=BOOKMARKED',
      `group/${w.groupId}/lists`, `list/${w.groupListId}`, `list/${w.groupListId}/item/${w.groupItemId}`, `list/${w.groupListId}/session/specific`,
      `post/session/group/${w.groupId}`]) {
      expect(seen, path).toContain(path);
    }
    const admin = await walk(world.tokens.admin);
    expect([...admin.keys()]).toContain(`group/${w.groupId}/reports`);
    expect([...admin.keys()]).toContain('notifications');
    // Issue #49: the group's moderators see the reported comment of the group list's item in their queue.
    expect(admin.get(`group/${w.groupId}/reports`)).toContain(`text ${MARKERS[5]}`);
  });

  it('every write on a group post, its comments and notes is a 404 to a non-member, as for a post that does not exist', async () => {
    const { w } = world;
    expect(postWrites.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const [method, route] of postWrites) {
      const body = route.endsWith('/report') ? { type: 'spam' } : { comment: 'x', note: 'x', type: 'REQUEST', text: 'x', post_id: w.postId, answer_text: 'x' };
      const path = route.slice(1).replace(':id', String(w.postId)).replace(':cid', String(w.commentId)).replace(':nid', '1').replace(':updateId', '1');
      for (const viewer of ['nonMember', 'guest', 'former', 'removed'] as const) {
        const r = await api.call<ApiError>(method, path, { token: world.tokens[viewer], body });
        if (r.status !== 404) found.push(`${method} ${path} as ${viewer}: ${r.status} ${JSON.stringify(r.json)}`);
      }
    }
    expect(found).toEqual([]);
    expect(ok(await api.call<Envelope<{ post: { commentCount: number } }>>('GET', `post/${w.postId}`, { token: world.tokens.member })).data.post.commentCount).toBe(2);
  });

  it('counts: new posts and profiles count the community only for outsiders', async () => {
    const since = encodeURIComponent(world.w.t0);
    const count = async (token: string | undefined) =>
      ok(await api.call<Envelope<NewCountResponse>>('GET', `posts/new-count?since=${since}`, token === undefined ? {} : { token })).data.new_count;
    for (const token of [world.tokens.nonMember, world.tokens.guest, world.tokens.former, world.tokens.removed, undefined]) expect(await count(token)).toBe(1);
    expect(await count(world.tokens.member)).toBe(3);
    const { profile } = ok(await api.call<Envelope<{ profile: ApiPublicProfile }>>('GET', `user/profile/${world.w.authorId}`, { token: world.tokens.member })).data;
    expect(profile.counts.posts).toBe(1);
    const unread = ok(await api.call<Envelope<{ unread_count: number }>>('GET', 'notifications/unread-count', { token: world.tokens.former })).data;
    // Only their own two reminders sent before they left, which now name nothing of the group (issue #49).
    expect(unread.unread_count).toBe(2);
    const mine = ok(await api.call<Envelope<{ data: { kind: string; label?: string }[] }>>('GET', 'notifications', { token: world.tokens.former })).data.data;
    expect(mine.map((n) => [n.kind, n.label])).toEqual([['reminder', 'A prayer you can no longer see'], ['reminder', 'A prayer you can no longer see']]);
  });

  it('the community moderators\' queue never holds a group post; the group\'s does', async () => {
    const queue = ok(await api.call<Envelope<{ items: { data: { post_id: number | null }[] } }>>('GET', 'moderation/reports', { token: world.tokens.nonMember })).data;
    expect(queue.items.data.map((i) => i.post_id)).not.toContain(world.w.postId);
    const group = ok(await api.call<Envelope<{ items: { data: { id: number }[] } }>>('GET', `group/${world.w.groupId}/reports`, { token: world.tokens.admin })).data;
    expect(group.items.data.map((i) => i.id)).toEqual([world.w.post2Id, world.w.itemCommentId]);
    // Issue #49: a comment on a group list's item is the group's to review, not the community's.
    expect(JSON.stringify(queue)).not.toContain(MARKERS[5]);
  });
});
