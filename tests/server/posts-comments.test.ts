// docs/product.md §7 Posts, comments: list, create, read, edit, delete, report (3 distinct hide it), like.
// commentCount on the post counts what everyone can see and stays right through all of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../common/constants';
import type {
  ApiComment, ApiError, CommentChangeResponse, CommentDeletedResponse, CommentLikeResponse, CommentResponse, Envelope, Page, PostResponse,
} from '../../common/contract';
import { startApi, type Api } from './api';
import { expectRefusedForNonOwners, makeActors, newRequest, type Actors } from './post-actors';

let api: Api;
let actors: Actors;
let third: string;
beforeAll(async () => {
  api = await startApi();
  actors = await makeActors(api);
  third = (await api.register('Third Thea')).authorization.token;
});
afterAll(async () => api.close());

async function addComment(postId: number, token: string, comment = 'Praying with you.'): Promise<CommentChangeResponse> {
  const r = await api.call<Envelope<CommentChangeResponse>>('POST', `post/${postId}/comment`, { token, body: { comment } });
  if (r.status !== 201) throw new Error(`comment failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data;
}
const listComments = (postId: number, token?: string, query = '') =>
  api.call<Envelope<Page<ApiComment>>>('GET', `post/${postId}/comments${query}`, token === undefined ? {} : { token });
const commentCount = async (postId: number) =>
  (await api.call<Envelope<PostResponse>>('GET', `post/${postId}`, { token: actors.owner })).json.data.post.commentCount;

describe('POST post/{id}/comment', () => {
  it('creates a comment (201) and returns it with the post, whose commentCount went up', async () => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<Envelope<CommentChangeResponse>>('POST', `post/${post.id}/comment`, { token: actors.other, body: { comment: '  Standing with you.  ', x: 1 } });
    expect(r.status).toBe(201);
    expect(r.json.data.comment).toMatchObject({
      post_id: post.id, comment: 'Standing with you.', likeCount: 0, isLiked: false, is_mine: true, visibility: 0,
      user: { name: 'Other Oscar' },
    });
    expect(Object.keys(r.json.data.comment).sort()).toEqual(
      ['comment', 'created_at', 'id', 'isLiked', 'is_mine', 'likeCount', 'post_id', 'updated_at', 'user', 'visibility'],
    );
    expect(r.json.data.post.commentCount).toBe(1);
    expect(await commentCount(post.id)).toBe(1);
  });

  it('lets members and guests comment, not anonymous visitors (401)', async () => {
    const post = await newRequest(api, actors.owner);
    expect((await api.call('POST', `post/${post.id}/comment`, { token: actors.guest, body: { comment: 'From a guest' } })).status).toBe(201);
    expect((await api.call('POST', `post/${post.id}/comment`, { token: actors.owner, body: { comment: 'From the owner' } })).status).toBe(201);
    expect((await api.call('POST', `post/${post.id}/comment`, { body: { comment: 'From nobody' } })).status).toBe(401);
    expect(await commentCount(post.id)).toBe(2);
  });

  it.each([
    ['empty', '  ', 'Write a comment'],
    ['over the limit', 'c'.repeat(TEXT_LIMITS.comment + 1), `Keep it under ${TEXT_LIMITS.comment} characters`],
    ['NUL-carrying', 'a\u0000b', 'Remove the invalid character (U+0000)'],
  ])('rejects an %s comment with 422', async (_name, comment, message) => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<ApiError>('POST', `post/${post.id}/comment`, { token: actors.other, body: { comment } });
    expect(r.status).toBe(422);
    expect(r.json.errors?.comment).toEqual([message]);
    expect(await commentCount(post.id)).toBe(0);
  });

  it('accepts exactly the limit, 404s on an unknown post, and applies a keyed retry once', async () => {
    const post = await newRequest(api, actors.owner);
    expect((await api.call('POST', `post/${post.id}/comment`, { token: actors.other, body: { comment: 'c'.repeat(TEXT_LIMITS.comment) } })).status).toBe(201);
    expect((await api.call('POST', 'post/999999/comment', { token: actors.other, body: { comment: 'hi' } })).status).toBe(404);
    const headers = { 'idempotency-key': `comment-${post.id}` };
    const first = await api.call('POST', `post/${post.id}/comment`, { token: actors.other, headers, body: { comment: 'Once' } });
    const second = await api.call('POST', `post/${post.id}/comment`, { token: actors.other, headers, body: { comment: 'Once' } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json).toEqual(first.json);
    expect(await commentCount(post.id)).toBe(2);
  });
});

describe('GET post/{id}/comments and comment/{cid}', () => {
  it('lists oldest first, paged, with per-caller flags; visitors may read', async () => {
    const post = await newRequest(api, actors.owner);
    const a = await addComment(post.id, actors.other, 'First');
    await addComment(post.id, third, 'Second');
    const r = await listComments(post.id);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(r.json.data.data.map((c) => c.comment)).toEqual(['First', 'Second']);
    expect(r.json.data.data.every((c) => !c.is_mine && !c.isLiked)).toBe(true);
    const mine = await listComments(post.id, actors.other);
    expect(mine.json.data.data.map((c) => c.is_mine)).toEqual([true, false]);
    expect((await listComments(post.id, undefined, '?page=2')).json.data).toEqual({ data: [], current_page: 2, last_page: 1, total: 2 });

    const one = await api.call<Envelope<CommentResponse>>('GET', `post/${post.id}/comment/${a.comment.id}`);
    expect(one.status).toBe(200);
    expect(one.json.data.comment.comment).toBe('First');
  });

  it('keeps the author of an anonymous post anonymous in its comments', async () => {
    const post = await newRequest(api, actors.owner, 'Quiet request', { is_anonymous: true });
    const own = await addComment(post.id, actors.owner, 'Thank you all');
    expect(own.comment.user).toEqual({ id: null, username: 'anonymous', name: 'Anonymous', avatar: null });
    expect(own.comment.is_mine).toBe(true);
    const other = await addComment(post.id, actors.other, 'Praying');
    expect(other.comment.user.name).toBe('Other Oscar');
  });

  it('answers 404 for a comment of another post or an unknown one, 422 for bad ids', async () => {
    const post = await newRequest(api, actors.owner);
    const elsewhere = await newRequest(api, actors.owner);
    const c = await addComment(post.id, actors.other);
    expect((await api.call('GET', `post/${elsewhere.id}/comment/${c.comment.id}`)).status).toBe(404);
    expect((await api.call('GET', `post/${post.id}/comment/999999`)).status).toBe(404);
    expect((await api.call('GET', `post/${post.id}/comment/x`)).status).toBe(422);
    expect((await api.call('GET', 'post/x/comments')).status).toBe(422);
    expect((await api.call('GET', `post/${post.id}/comments?page=-1`)).status).toBe(422);
  });
});

describe('PUT post/{id}/comment/{cid}', () => {
  it('lets the comment author edit; the post owner, a guest and visitors may not', async () => {
    const post = await newRequest(api, actors.owner);
    const c = await addComment(post.id, third, 'Before');
    const path = `post/${post.id}/comment/${c.comment.id}`;
    await expectRefusedForNonOwners(api, actors, 'PUT', path, { body: { comment: 'Hijacked' } });
    expect((await api.call('PUT', path, { token: actors.owner, body: { comment: 'Owner edit' } })).status).toBe(403);
    const r = await api.call<Envelope<CommentResponse>>('PUT', path, { token: third, body: { comment: 'After' } });
    expect(r.status).toBe(200);
    expect(r.json.data.comment.comment).toBe('After');
    const bad = await api.call<ApiError>('PUT', path, { token: third, body: { comment: '' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors?.comment).toEqual(['Write a comment']);
  });
});

describe('DELETE post/{id}/comment/{cid}', () => {
  it('lets the comment author delete it; commentCount goes down and the comment 404s', async () => {
    const post = await newRequest(api, actors.owner);
    const c = await addComment(post.id, third);
    const path = `post/${post.id}/comment/${c.comment.id}`;
    await expectRefusedForNonOwners(api, actors, 'DELETE', path);
    const r = await api.call<Envelope<CommentDeletedResponse>>('DELETE', path, { token: third });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: c.comment.id, deleted: true, post: { id: post.id, commentCount: 0 } });
    expect((await api.call('GET', path)).status).toBe(404);
    expect((await api.call('DELETE', path, { token: third })).status).toBe(404);
  });

  it('lets the post owner remove a comment on their post', async () => {
    const post = await newRequest(api, actors.owner);
    const c = await addComment(post.id, actors.guest);
    const r = await api.call<Envelope<CommentDeletedResponse>>('DELETE', `post/${post.id}/comment/${c.comment.id}`, { token: actors.owner });
    expect(r.status).toBe(200);
    expect(await commentCount(post.id)).toBe(0);
  });

  it('replays a keyed edit and a keyed delete instead of applying them again', async () => {
    const post = await newRequest(api, actors.owner);
    const c = await addComment(post.id, third);
    const path = `post/${post.id}/comment/${c.comment.id}`;
    const editKey = { 'idempotency-key': `edit-comment-${c.comment.id}` };
    await api.call('PUT', path, { token: third, headers: editKey, body: { comment: 'Edited' } });
    expect((await api.call('PUT', path, { token: third, headers: editKey, body: { comment: 'Edited' } })).headers.get('idempotent-replayed')).toBe('true');
    const deleteKey = { 'idempotency-key': `delete-comment-${c.comment.id}` };
    const first = await api.call('DELETE', path, { token: third, headers: deleteKey });
    const second = await api.call('DELETE', path, { token: third, headers: deleteKey });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.json).toEqual(first.json);
    expect(await commentCount(post.id)).toBe(0);
  });

  it('rejects a bad comment id with 422', async () => {
    expect((await api.call('DELETE', 'post/1/comment/abc', { token: actors.owner })).status).toBe(422);
  });
});

describe('POST post/{id}/comment/{cid}/like', () => {
  it('toggles for members and guests, per caller; visitors get 401', async () => {
    const post = await newRequest(api, actors.owner);
    const c = await addComment(post.id, third);
    const path = `post/${post.id}/comment/${c.comment.id}/like`;
    const like = await api.call<Envelope<CommentLikeResponse>>('POST', path, { token: actors.other });
    expect(like.status).toBe(200);
    expect(like.json.data).toMatchObject({ likeCount: 1, isLiked: true, comment: { likeCount: 1, isLiked: true } });
    const guestLike = await api.call<Envelope<CommentLikeResponse>>('POST', path, { token: actors.guest });
    expect(guestLike.json.data).toMatchObject({ likeCount: 2, isLiked: true });
    const unlike = await api.call<Envelope<CommentLikeResponse>>('POST', path, { token: actors.other });
    expect(unlike.json.data).toMatchObject({ likeCount: 1, isLiked: false });
    expect((await api.call('POST', path)).status).toBe(401);
    const seen = await listComments(post.id, third);
    expect(seen.json.data.data[0]).toMatchObject({ likeCount: 1, isLiked: false });
  });

  it('applies a keyed like once, and 404s for an unknown comment', async () => {
    const post = await newRequest(api, actors.owner);
    const c = await addComment(post.id, third);
    const path = `post/${post.id}/comment/${c.comment.id}/like`;
    const headers = { 'idempotency-key': `like-${c.comment.id}` };
    await api.call('POST', path, { token: actors.other, headers });
    const replay = await api.call<Envelope<CommentLikeResponse>>('POST', path, { token: actors.other, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.data.likeCount).toBe(1);
    expect((await listComments(post.id)).json.data.data[0]?.likeCount).toBe(1);
    expect((await api.call('POST', `post/${post.id}/comment/999999/like`, { token: actors.other })).status).toBe(404);
  });
});

describe('POST post/{id}/comment/{cid}/report', () => {
  it('hides a comment after 3 distinct member reporters (a guest does not count), except from its author, and commentCount drops once', async () => {
    const post = await newRequest(api, actors.owner);
    const c = await addComment(post.id, third, 'Buy cheap pills');
    const path = `post/${post.id}/comment/${c.comment.id}`;
    expect((await api.call('POST', `${path}/report`, { token: actors.other, body: { type: 'spam' } })).json).toEqual({ data: { reported: true, type: 'spam' } });
    expect((await api.call('POST', `${path}/report`, { token: actors.guest, body: { type: 'spam' } })).status).toBe(200);
    expect(await commentCount(post.id)).toBe(1);
    // The post owner is not the comment's author, so they may report it too: the second member.
    expect((await api.call('POST', `${path}/report`, { token: actors.owner, body: { type: 'offensive' } })).status).toBe(200);
    expect(await commentCount(post.id)).toBe(1);
    const fourth = (await api.register('Fourth Fred')).authorization.token;
    expect((await api.call('POST', `${path}/report`, { token: fourth, body: { type: 'offensive' } })).status).toBe(200);
    expect(await commentCount(post.id)).toBe(0);
    expect((await api.call('GET', path)).status).toBe(404);
    expect((await listComments(post.id, actors.other)).json.data.total).toBe(0);
    const own = await api.call<Envelope<CommentResponse>>('GET', path, { token: third });
    expect(own.json.data.comment.visibility).toBe(4);
    // Its author deleting it now must not take commentCount below what everyone sees.
    await addComment(post.id, actors.other, 'A kind word');
    expect((await api.call('DELETE', path, { token: third })).status).toBe(200);
    expect(await commentCount(post.id)).toBe(1);
  });

  it('refuses the comment author (403) and visitors (401), and validates type', async () => {
    const post = await newRequest(api, actors.owner);
    const c = await addComment(post.id, third);
    const path = `post/${post.id}/comment/${c.comment.id}/report`;
    expect((await api.call('POST', path, { token: third, body: { type: 'spam' } })).status).toBe(403);
    expect((await api.call('POST', path, { body: { type: 'spam' } })).status).toBe(401);
    const bad = await api.call<ApiError>('POST', path, { token: actors.other, body: { type: 'boring' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors?.type).toBeDefined();
    const headers = { 'idempotency-key': `report-comment-${c.comment.id}` };
    await api.call('POST', path, { token: actors.other, headers, body: { type: 'other' } });
    const replay = await api.call('POST', path, { token: actors.other, headers, body: { type: 'other' } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});
