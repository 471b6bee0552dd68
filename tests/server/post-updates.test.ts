// Issue #28 item 3: updates of a request (docs/api.md 'Updates of a request'). Only the author adds
// and removes them; a post its caller may not see is a 404 (a group's post for a non-member too);
// every answer that carries the post carries its updates in order; adding one puts the post in the
// change feed and tells everyone who prayed (not the author; in a group, only its live members).
import { describe, expect, it } from 'vitest';
import { POST_UPDATES_MAX, TEXT_LIMITS } from '../../common/constants';
import type { ApiError, ApiPost, Envelope, PostPage, PostResponse } from '../../common/contract';
import type { ApiNotification, ApiPostNotification, NotificationPage } from '../../common/notifications-contract';
import type { PostUpdateDeletedResponse, PostUpdateResponse } from '../../common/post-updates-contract';
import { ok, useApi } from './api';
import { castGroup } from './groups-support';
import { newRequest, useActors } from './post-actors';
import { changes, pushOk } from './sync-support';

const api = useApi();
const actors = useActors(api);

async function addUpdate(postId: number, token: string, text = 'Surgery went well'): Promise<PostUpdateResponse> {
  return ok(await api.call<Envelope<PostUpdateResponse>>('POST', `post/${postId}/update`, { token, body: { text } }), 201).data;
}
const readPost = async (postId: number, token: string): Promise<ApiPost> =>
  ok(await api.call<Envelope<PostResponse>>('GET', `post/${postId}`, { token })).data.post;
const isUpdateNotice = (n: ApiNotification): n is ApiPostNotification => n.kind === 'post_update';
const postUpdates = async (token: string): Promise<ApiPostNotification[]> =>
  ok(await api.call<Envelope<NotificationPage>>('GET', 'notifications', { token })).data.data.filter(isUpdateNotice);

describe('POST post/{id}/update', () => {
  it('adds a dated update (201), trimmed, and every answer of the post carries the updates oldest first', async () => {
    const post = await newRequest(api, actors.owner);
    expect(post.updates).toEqual([]);
    const first = await addUpdate(post.id, actors.owner, '  Surgery is on Thursday  ');
    expect(first.update).toMatchObject({ text: 'Surgery is on Thursday' });
    expect(first.update.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first.post.updates).toEqual([first.update]);
    const second = await addUpdate(post.id, actors.owner, 'Surgery went well');
    expect(second.post.updates?.map((u) => u.text)).toEqual(['Surgery is on Thursday', 'Surgery went well']);
    expect((await readPost(post.id, actors.other)).updates).toEqual(second.post.updates);
    const feed = ok(await api.call<Envelope<PostPage>>('GET', 'posts', { token: actors.other })).data.data;
    expect(feed.find((p) => p.id === post.id)?.updates).toEqual(second.post.updates);
    const anonymousFeed = ok(await api.call<Envelope<PostPage>>('GET', 'posts')).data.data;
    expect(anonymousFeed.find((p) => p.id === post.id)?.updates?.length).toBe(2);
    expect(anonymousFeed.find((p) => p.id !== post.id)?.updates).toEqual([]);
  });

  it('is the author\'s only: another member and a guest get 403, a visitor 401, an unknown post 404', async () => {
    const post = await newRequest(api, actors.owner);
    const call = (token?: string) => api.call<ApiError>('POST', `post/${post.id}/update`, { ...(token === undefined ? {} : { token }), body: { text: 'x' } });
    expect((await call(actors.other)).json).toMatchObject({ status: 403, code: 'post.not_author' });
    expect((await call(actors.guest)).status).toBe(403);
    expect((await call()).status).toBe(401);
    expect((await api.call('POST', 'post/987654/update', { token: actors.owner, body: { text: 'x' } })).status).toBe(404);
    expect((await readPost(post.id, actors.owner)).updates).toEqual([]);
  });

  it.each([
    ['an empty update', '  ', 'validation.required'],
    ['an update over the limit', 'u'.repeat(TEXT_LIMITS.update + 1), 'validation.too_long'],
    ['an update with a NUL character', 'a\u0000b', 'validation.nul'],
  ])('refuses %s with 422 on text', async (_name, text, code) => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<ApiError>('POST', `post/${post.id}/update`, { token: actors.owner, body: { text } });
    expect(r.status).toBe(422);
    expect(r.json.fieldCodes?.['text']?.[0]?.code).toBe(code);
  });

  it(`holds at most ${POST_UPDATES_MAX} updates a request; removing one makes room`, async () => {
    const post = await newRequest(api, actors.owner);
    let last: PostUpdateResponse | undefined;
    for (let i = 1; i <= POST_UPDATES_MAX; i += 1) last = await addUpdate(post.id, actors.owner, `Day ${i}`);
    const over = await api.call<ApiError>('POST', `post/${post.id}/update`, { token: actors.owner, body: { text: 'One more' } });
    expect(over.status).toBe(422);
    expect(over.json.fieldCodes?.['text']?.[0]).toEqual({ code: 'validation.too_large', params: { max: POST_UPDATES_MAX } });
    ok(await api.call('DELETE', `post/${post.id}/update/${last?.update.id ?? 0}`, { token: actors.owner }));
    expect((await addUpdate(post.id, actors.owner, 'One more')).post.updates?.length).toBe(POST_UPDATES_MAX);
  });
});

describe('DELETE post/{id}/update/{updateId}', () => {
  it('removes the author\'s update for good; others get 403, an update of another post 404, again 404', async () => {
    const post = await newRequest(api, actors.owner);
    const other = await newRequest(api, actors.owner);
    const { update } = await addUpdate(post.id, actors.owner);
    const kept = await addUpdate(post.id, actors.owner, 'Still in hospital');
    expect((await api.call('DELETE', `post/${post.id}/update/${update.id}`, { token: actors.other })).status).toBe(403);
    expect((await api.call('DELETE', `post/${post.id}/update/${update.id}`)).status).toBe(401);
    expect((await api.call('DELETE', `post/${other.id}/update/${update.id}`, { token: actors.owner })).status).toBe(404);
    const removed = ok(await api.call<Envelope<PostUpdateDeletedResponse>>('DELETE', `post/${post.id}/update/${update.id}`, { token: actors.owner })).data;
    expect(removed).toMatchObject({ id: update.id, deleted: true });
    expect(removed.post.updates).toEqual([kept.update]);
    expect((await api.call('DELETE', `post/${post.id}/update/${update.id}`, { token: actors.owner })).status).toBe(404);
    expect((await api.call('DELETE', `post/${post.id}/update/abc`, { token: actors.owner })).status).toBe(422);
  });
});

describe('the change feed, sync/push and notifications', () => {
  it('puts the post in posts/changes when an update is added or removed', async () => {
    const post = await newRequest(api, actors.owner);
    const start = (await changes(api, undefined, actors.other)).cursor;
    const { update } = await addUpdate(post.id, actors.owner);
    const after = await changes(api, start, actors.other);
    expect(after.posts.find((p) => p.id === post.id)?.updates?.map((u) => u.id)).toEqual([update.id]);
    ok(await api.call('DELETE', `post/${post.id}/update/${update.id}`, { token: actors.owner }));
    const again = await changes(api, after.cursor, actors.other);
    expect(again.posts.find((p) => p.id === post.id)?.updates).toEqual([]);
  });

  it('batches in sync/push exactly once: the same key again replays and adds nothing', async () => {
    const post = await newRequest(api, actors.owner);
    const item = { key: `update-${post.id}`, method: 'POST' as const, path: `post/${post.id}/update`, body: { text: 'Home again' } };
    const [first] = await pushOk(api, actors.owner, [item]);
    expect(first).toMatchObject({ status: 201, replayed: false });
    const [second] = await pushOk(api, actors.owner, [item]);
    expect(second).toMatchObject({ status: 201, replayed: true });
    expect((await readPost(post.id, actors.owner)).updates?.map((u) => u.text)).toEqual(['Home again']);
  });

  it('tells everyone who prayed once a day per post, never the author; the row quotes the latest update', async () => {
    const post = await newRequest(api, actors.owner);
    const silent = (await api.register('Silent Sam')).authorization.token;
    for (const token of [actors.other, actors.guest, actors.other, actors.owner]) ok(await api.call('POST', `post/${post.id}/pray`, { token }));
    await addUpdate(post.id, actors.owner, 'Surgery is on Thursday');
    await addUpdate(post.id, actors.owner, 'Surgery went well');
    for (const token of [actors.other, actors.guest]) {
      const rows = (await postUpdates(token)).filter((n) => n.post_id === post.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ last_actor: null, comment_excerpt: 'Surgery went well', read_at: null });
    }
    expect((await postUpdates(actors.owner)).filter((n) => n.post_id === post.id)).toEqual([]);
    expect(await postUpdates(silent)).toEqual([]);
  });
});

describe('a group\'s post', () => {
  it('is a 404 for everyone who is not a live member; only members who can still see it are told', async () => {
    const cast = await castGroup(api);
    const token = (role: keyof typeof cast.tokens) => cast.tokens[role] ?? '';
    const post = await newRequest(api, token('member'), 'Pray for our retreat', { group_id: cast.group.id });
    for (const role of ['moderator', 'admin'] as const) ok(await api.call('POST', `post/${post.id}/pray`, { token: token(role) }));
    // The admin prayed, then leaves by naming the moderator: no longer told.
    ok(await api.call('DELETE', `group/${cast.group.id}/member/${cast.ids.admin}`, { token: token('admin'), body: { successor_id: cast.ids.moderator } }));
    for (const role of ['guest', 'nonMember', 'former', 'admin'] as const) {
      const r = await api.call('POST', `post/${post.id}/update`, { token: token(role), body: { text: 'x' } });
      expect([role, r.status]).toEqual([role, 404]);
    }
    expect((await api.call('POST', `post/${post.id}/update`, { token: token('moderator'), body: { text: 'x' } })).status).toBe(403);
    const { update } = await addUpdate(post.id, token('member'), 'The retreat is on');
    expect((await api.call('DELETE', `post/${post.id}/update/${update.id}`, { token: token('nonMember') })).status).toBe(404);
    expect((await postUpdates(token('moderator'))).map((n) => n.post_id)).toEqual([post.id]);
    expect(await postUpdates(token('admin'))).toEqual([]);
  });
});
