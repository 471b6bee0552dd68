// Issue #28 step 2 (docs/product.md §11 Prayer groups): posting into a group, a group's feed, and a
// group's reports (its moderators and admins review them; the community's threshold never hides them).
import { describe, expect, it } from 'vitest';
import type { ApiError, ApiPost, Envelope, PostPage, PostResponse } from '../../common/contract';
import type { ModerationQueueResponse } from '../../common/moderation-contract';
import { ok, useApi } from './api';
import { castGroup, expected, join, person, statusesByRole, type Cast } from './groups-support';

const api = useApi();

const groupPost = (cast: Cast, role: 'admin' | 'moderator' | 'member' = 'member', text = 'Pray for the surgery on Thursday') =>
  api.createPost(cast.tokens[role] ?? '', { text, type: 'REQUEST', group_id: cast.group.id });

describe('POST post with group_id', () => {
  it('posts into a group of the author\'s, in the group\'s channel; the post keeps its group', async () => {
    const cast = await castGroup(api);
    const post = await api.createPost(cast.tokens.member ?? '', { text: 'Pray for us', type: 'REQUEST', group_id: cast.group.id }, { 'x-channel-id': '2' });
    expect(post).toMatchObject({ group_id: cast.group.id, channel_id: 1, is_mine: true });
    const edited = ok(await api.call<Envelope<PostResponse>>('PUT', `post/${post.id}`, { token: cast.tokens.member, body: { text: 'Pray for us all', group_id: null } })).data.post;
    expect(edited.group_id).toBe(cast.group.id);
    const community = await api.createPost(cast.tokens.member ?? '', { text: 'For everyone', type: 'REQUEST' });
    expect(community.group_id).toBeNull();
  });

  it('refuses a group the author is not a live member of with a 422 on group_id, and a malformed id', async () => {
    const cast = await castGroup(api);
    for (const role of ['nonMember', 'former', 'guest'] as const) {
      const r = await api.call<ApiError>('POST', 'post', { token: cast.tokens[role], body: { text: 'x', type: 'REQUEST', group_id: cast.group.id } });
      expect(r.json, role).toMatchObject({ status: 422, code: 'group.not_found', errors: { group_id: ['group_id must be a group you are a member of'] } });
    }
    expect((await api.call<ApiError>('POST', 'post', { token: cast.tokens.member, body: { text: 'x', type: 'REQUEST', group_id: 'abc' } })).json.errors?.group_id).toBeDefined();
  });
});

describe('GET group/{id}/posts', () => {
  it('is the group\'s feed, newest first, paged like GET posts; members only', async () => {
    const cast = await castGroup(api);
    const first = await groupPost(cast, 'admin', 'First request');
    const second = await groupPost(cast, 'member', 'Second request');
    await api.createPost(cast.tokens.member ?? '', { text: 'Community request', type: 'REQUEST' });
    const page = ok(await api.call<Envelope<PostPage>>('GET', `group/${cast.group.id}/posts`, { token: cast.tokens.moderator })).data;
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(page.data.map((p) => p.id)).toEqual([second.id, first.id]);
    // Issue #49 major 4: a former member is told that they left (403 group.left, groups-ended.test.ts), without the posts.
    expect(await statusesByRole(api, cast, 'GET', `group/${cast.group.id}/posts`)).toEqual({ ...expected(404, 200, 200, 200), former: 403 });
    const searched = ok(await api.call<Envelope<PostPage>>('GET', `group/${cast.group.id}/posts?search=Second`, { token: cast.tokens.member })).data;
    expect(searched.data.map((p) => p.id)).toEqual([second.id]);
  });

  it('a member sees the group\'s posts in the community feed too; a removed member loses them at once', async () => {
    const cast = await castGroup(api);
    const post = await groupPost(cast, 'admin');
    const feed = async (token: string | undefined) => ok(await api.call<Envelope<PostPage>>('GET', 'posts', token === undefined ? {} : { token })).data.data.map((p: ApiPost) => p.id);
    expect(await feed(cast.tokens.member)).toContain(post.id);
    expect(await feed(cast.tokens.nonMember)).not.toContain(post.id);
    ok(await api.call('DELETE', `group/${cast.group.id}/member/${cast.ids.member}`, { token: cast.tokens.admin }));
    expect(await feed(cast.tokens.member)).not.toContain(post.id);
    expect((await api.call('POST', `post/${post.id}/pray`, { token: cast.tokens.member })).status).toBe(404);
    expect((await api.call('POST', `post/${post.id}/comment`, { token: cast.tokens.member, body: { comment: 'Amen' } })).status).toBe(404);
  });
});

describe('reports in a group', () => {
  it('three members\' reports do not hide a group post; its moderators and admins see it in the group\'s queue', async () => {
    const cast = await castGroup(api);
    const post = await groupPost(cast, 'member');
    for (const name of ['R1', 'R2', 'R3']) {
      const reporter = await person(api, name);
      await join(api, reporter.token, cast.group.invite?.code ?? '');
      ok(await api.call('POST', `post/${post.id}/report`, { token: reporter.token, body: { type: 'offensive' } }));
    }
    const seen = ok(await api.call<Envelope<PostResponse>>('GET', `post/${post.id}`, { token: cast.tokens.admin })).data.post;
    expect(seen.visibility).toBe(0);
    expect(await statusesByRole(api, cast, 'GET', `group/${cast.group.id}/reports`)).toEqual(expected(404, 403, 200, 200));
    const queue = ok(await api.call<Envelope<ModerationQueueResponse>>('GET', `group/${cast.group.id}/reports`, { token: cast.tokens.moderator })).data.items;
    expect(queue.data.map((i) => [i.kind, i.id, i.member_reports])).toEqual([['post', post.id, 3]]);
  });

  it('a group moderator decides on the group\'s posts only (404 for another post); members may not (403)', async () => {
    const cast = await castGroup(api);
    const post = await groupPost(cast, 'member');
    const outsider = await person(api, 'Rita Reporter');
    await join(api, outsider.token, cast.group.invite?.code ?? '');
    ok(await api.call('POST', `post/${post.id}/report`, { token: outsider.token, body: { type: 'spam' } }));
    const path = `group/${cast.group.id}/moderation/post/${post.id}`;
    expect(await statusesByRole(api, cast, 'POST', path, { body: { action: 'keep' } })).toEqual(expected(404, 403, 200, 200, 401));
    const hidden = ok(await api.call<Envelope<PostResponse>>('GET', `post/${post.id}`, { token: cast.tokens.member })).data.post;
    expect(hidden).toMatchObject({ visibility: 4, hidden_pending_review: false });
    const community = await api.createPost(cast.tokens.member ?? '', { text: 'Community', type: 'REQUEST' });
    expect((await api.call('POST', `group/${cast.group.id}/moderation/post/${community.id}`, { token: cast.tokens.admin, body: { action: 'keep' } })).status).toBe(404);
    expect((await api.call('POST', `group/${cast.group.id}/moderation/comment/1`, { token: cast.tokens.admin, body: { action: 'maybe' } })).status).toBe(422);
  });
});
