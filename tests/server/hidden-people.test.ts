// Issue #12 item 8: reporting like the best communities. A report may carry details (validated at
// the edge, shown to moderators); the reported post leaves the reporter's feed at once; "Hide posts
// from this person" (user/hidden-people) leaves the person's signed posts and comments out of the
// viewer's feeds, for members and guests, until "Show again".
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiComment, ApiError, AuthResponse, Envelope, NewCountResponse, PostPage } from '../../common/contract';
import type { HiddenPeopleResponse, HiddenPersonResponse } from '../../common/hidden-people-contract';
import type { ModerationQueueResponse } from '../../common/moderation-contract';
import type { PostChanges } from '../../common/sync-contract';
import { uniqueEmail, useApi } from './api';
import { newComment, newRequest } from './post-actors';

const MODERATOR_EMAIL = uniqueEmail('moderator');
const api = useApi({ moderatorEmails: [MODERATOR_EMAIL] });
let moderator: string;
let viewer: string;
let author: string;
let authorId: number;
let bystander: string;
beforeAll(async () => {
  const reg = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Mona Moderator', email: MODERATOR_EMAIL, password: 'long-enough-pw' } });
  moderator = reg.json.data.authorization.token;
  viewer = (await api.register('Vera Viewer')).authorization.token;
  const registered = await api.register('Hidden Harold');
  author = registered.authorization.token;
  authorId = registered.user.id;
  bystander = (await api.register('Bea Bystander')).authorization.token;
});

const feedIds = async (token: string) => (await api.call<Envelope<PostPage>>('GET', 'posts', { token })).json.data.data.map((p) => p.id);
const commentsOf = async (postId: number, token: string) =>
  (await api.call<Envelope<{ data: ApiComment[] }>>('GET', `post/${postId}/comments`, { token })).json.data.data.map((c) => c.id);
const hide = (id: number, token: string) => api.call<Envelope<HiddenPersonResponse>>('PUT', `user/hidden-people/${id}`, { token });
const show = (id: number, token: string) => api.call<Envelope<HiddenPersonResponse>>('DELETE', `user/hidden-people/${id}`, { token });
const hiddenList = (token: string) => api.call<Envelope<HiddenPeopleResponse>>('GET', 'user/hidden-people', { token });

const comment = (postId: number, token: string) => newComment(api, token, postId, 'A word of comfort');

describe('report details', () => {
  it('stores the optional details and shows them to moderators; blank details are none', async () => {
    const post = await newRequest(api, author, 'A post with a detailed report');
    const first = await api.call('POST', `post/${post.id}/report`, { token: viewer, body: { type: 'other', details: '  It asks for money by bank transfer.  ' } });
    expect(first.status).toBe(200);
    expect((await api.call('POST', `post/${post.id}/report`, { token: bystander, body: { type: 'spam', details: '   ' } })).status).toBe(200);
    const queue = await api.call<Envelope<ModerationQueueResponse>>('GET', 'moderation/reports', { token: moderator });
    const item = queue.json.data.items.data.find((i) => i.kind === 'post' && i.id === post.id);
    expect(item?.details).toEqual(['It asks for money by bank transfer.']);
  });

  it('refuses details over 500 characters and details that are not text (422 on details)', async () => {
    const post = await newRequest(api, author);
    for (const details of ['x'.repeat(501), 42]) {
      const r = await api.call<ApiError>('POST', `post/${post.id}/report`, { token: viewer, body: { type: 'other', details } });
      expect(r.status).toBe(422);
      expect(r.json.errors?.details).toHaveLength(1);
    }
    expect((await api.call('POST', `post/${post.id}/report`, { token: viewer, body: { type: 'other', details: 'y'.repeat(500) } })).status).toBe(200);
  });
});

describe('a reported post leaves the reporter’s feed', () => {
  it('is gone from the reporter’s feed and change feed at once, still in everyone else’s, and still opens by its address', async () => {
    const post = await newRequest(api, author, 'Reported by one person only');
    const cursor = (await api.call<Envelope<PostChanges>>('GET', 'posts/changes', { token: viewer })).json.data.cursor;
    expect(await feedIds(viewer)).toContain(post.id);
    expect((await api.call('POST', `post/${post.id}/report`, { token: viewer, body: { type: 'spam' } })).status).toBe(200);
    expect(await feedIds(viewer)).not.toContain(post.id);
    expect(await feedIds(bystander)).toContain(post.id);
    expect((await api.call('GET', `post/${post.id}`, { token: viewer })).status).toBe(200);
    // A later change of the post reaches the reporter as 'gone', not as the post.
    await api.call('PUT', `post/${post.id}`, { token: author, body: { text: 'Reported by one person only, edited' } });
    const changes = await api.call<Envelope<PostChanges>>('GET', `posts/changes?since=${cursor}`, { token: viewer });
    expect(changes.json.data.posts.map((p) => p.id)).not.toContain(post.id);
  });
});

describe('user/hidden-people', () => {
  it('hides the person’s signed posts and comments from the viewer only, keeps anonymous ones, and shows them again', async () => {
    const signed = await newRequest(api, author, 'A signed request');
    const anonymous = await newRequest(api, author, 'An anonymous request', { is_anonymous: true });
    const other = await newRequest(api, bystander, 'Someone else’s request');
    const theirComment = await comment(other.id, author);

    const hidden = await hide(authorId, viewer);
    expect(hidden.status).toBe(200);
    expect(hidden.json.data).toMatchObject({ hidden: true, person: { id: authorId, name: 'Hidden Harold' } });
    expect((await hide(authorId, viewer)).status).toBe(200); // idempotent
    const ids = await feedIds(viewer);
    expect(ids).not.toContain(signed.id);
    expect(ids).toContain(anonymous.id);
    expect(ids).toContain(other.id);
    expect(await commentsOf(other.id, viewer)).not.toContain(theirComment.id);
    expect(await feedIds(bystander)).toContain(signed.id);
    expect(await commentsOf(other.id, bystander)).toContain(theirComment.id);
    expect((await hiddenList(viewer)).json.data.people.map((p) => p.id)).toEqual([authorId]);

    expect((await show(authorId, viewer)).json.data).toMatchObject({ hidden: false, person: { id: authorId } });
    expect(await feedIds(viewer)).toContain(signed.id);
    expect(await commentsOf(other.id, viewer)).toContain(theirComment.id);
    expect((await hiddenList(viewer)).json.data.people).toEqual([]);
  });

  it('works for guests, leaves the new-posts count, and refuses oneself (422), unknown people (404) and visitors (401)', async () => {
    const guest = await api.guest();
    const since = new Date(Date.now() - 1000).toISOString();
    await newRequest(api, author, 'A new post by a hidden person');
    expect((await hide(authorId, guest.authorization.token)).status).toBe(200);
    const count = await api.call<Envelope<NewCountResponse>>('GET', `posts/new-count?since=${encodeURIComponent(since)}`, { token: guest.authorization.token });
    const countOther = await api.call<Envelope<NewCountResponse>>('GET', `posts/new-count?since=${encodeURIComponent(since)}`, { token: bystander });
    expect(count.status).toBe(200);
    expect(countOther.json.data.new_count).toBeGreaterThan(count.json.data.new_count);
    expect((await hide(guest.guest.id, guest.authorization.token)).status).toBe(422);
    expect((await hide(2_000_000_000, viewer)).status).toBe(404);
    expect((await api.call('GET', 'user/hidden-people')).status).toBe(401);
    expect((await api.call('PUT', `user/hidden-people/${authorId}`)).status).toBe(401);
  });
});
