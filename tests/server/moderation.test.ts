// Issue #11 item 2: reports cannot silence people. Only distinct members' unreviewed reports hide
// a post or comment (docs/product.md §10's 3); guests' are recorded for reviewers only; the author sees a
// hidden post as hidden pending review; moderators (MODERATOR_EMAILS) keep, restore or remove.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiComment, ApiPost, AuthResponse, Envelope, PostPage, PostResponse } from '../../common/contract';
import type { ModerationDecisionResponse, ModerationQueueResponse } from '../../common/moderation-contract';
import type { PushResponse } from '../../common/sync-contract';
import { uniqueEmail, useApi } from './api';
import { newComment, newRequest, useActors } from './post-actors';

const MODERATOR_EMAIL = uniqueEmail('moderator');
const api = useApi({ moderatorEmails: [MODERATOR_EMAIL.toUpperCase()] });
const actors = useActors(api);
let moderator: string;
let members: string[];
beforeAll(async () => {
  const reg = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Mona Moderator', email: MODERATOR_EMAIL, password: 'long-enough-pw' } });
  expect(reg.status).toBe(201);
  expect(reg.json.data.user.is_moderator).toBe(true);
  moderator = reg.json.data.authorization.token;
  members = await Promise.all(['Ann', 'Ben', 'Cy'].map(async (name) => (await api.register(name)).authorization.token));
});

const reportPost = (id: number, token: string) => api.call('POST', `post/${id}/report`, { token, body: { type: 'spam' } });
const reportComment = (postId: number, id: number, token: string) => api.call('POST', `post/${postId}/comment/${id}/report`, { token, body: { type: 'offensive' } });
const getPost = (id: number, token?: string) => api.call<Envelope<PostResponse>>('GET', `post/${id}`, token === undefined ? {} : { token });
const comments = async (postId: number, token?: string) =>
  (await api.call<Envelope<{ data: ApiComment[] }>>('GET', `post/${postId}/comments`, token === undefined ? {} : { token })).json.data.data;
const feedIds = async (token?: string) => (await api.call<Envelope<PostPage>>('GET', 'posts', token === undefined ? {} : { token })).json.data.data.map((p) => p.id);
const queue = (token: string) => api.call<Envelope<ModerationQueueResponse>>('GET', 'moderation/reports', { token });
const decide = (kind: 'post' | 'comment', id: number, action: string, token = moderator) =>
  api.call<Envelope<ModerationDecisionResponse>>('POST', `moderation/${kind}/${id}`, { token, body: { action } });
const guestTokens = async (n: number) => Promise.all(Array.from({ length: n }, async () => (await api.guest()).authorization.token));

async function hiddenPost(text: string): Promise<ApiPost> {
  const post = await newRequest(api, actors.owner, text);
  for (const token of members) expect((await reportPost(post.id, token)).status).toBe(200);
  return post;
}


describe('who counts toward hiding', () => {
  it('three guests reporting a member post leave it visible, and the reviewer sees their reports', async () => {
    const post = await newRequest(api, actors.owner, 'Reported by guests only');
    for (const token of await guestTokens(3)) expect((await reportPost(post.id, token)).status).toBe(200);
    expect((await getPost(post.id)).status).toBe(200);
    expect(await feedIds(actors.other)).toContain(post.id);
    const listed = (await queue(moderator)).json.data.items.data.find((i) => i.kind === 'post' && i.id === post.id);
    expect(listed).toMatchObject({ member_reports: 0, guest_reports: 3, visibility: 0, reasons: [{ type: 'spam', count: 3 }] });
  });

  it('three members reporting hide it from everyone but its author, who sees it hidden pending review', async () => {
    const post = await hiddenPost('Reported by three members');
    expect((await getPost(post.id)).status).toBe(404);
    expect((await getPost(post.id, actors.other)).status).toBe(404);
    expect(await feedIds(actors.other)).not.toContain(post.id);
    const own = await getPost(post.id, actors.owner);
    expect(own.status).toBe(200);
    expect(own.json.data.post).toMatchObject({ visibility: 4, hidden_pending_review: true });
  });

  it('one member reporting through several sessions counts once', async () => {
    const post = await newRequest(api, actors.owner, 'Reported by one member thrice');
    const email = uniqueEmail('repeat');
    const reg = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Repeat Rita', email, password: 'long-enough-pw' } });
    const sessions = [reg.json.data.authorization.token, await api.login(email, 'long-enough-pw'), await api.login(email, 'long-enough-pw')];
    for (const token of sessions) expect((await reportPost(post.id, token)).status).toBe(200);
    expect((await reportPost(post.id, actors.other)).status).toBe(200);
    expect((await getPost(post.id)).status).toBe(200);
    const listed = (await queue(moderator)).json.data.items.data.find((i) => i.kind === 'post' && i.id === post.id);
    expect(listed?.member_reports).toBe(2);
  });

  it('a post that is not hidden carries no review state', async () => {
    const post = await newRequest(api, actors.owner, 'Never reported');
    expect((await getPost(post.id, actors.owner)).json.data.post).not.toHaveProperty('hidden_pending_review');
  });
});

describe('moderators only', () => {
  it('refuses members and guests (403) and visitors (401) on every moderation endpoint', async () => {
    const post = await hiddenPost('Only moderators decide');
    for (const token of [actors.other, actors.owner, actors.guest]) {
      expect((await queue(token)).status).toBe(403);
      expect((await decide('post', post.id, 'restore', token)).status).toBe(403);
      expect((await decide('comment', post.id, 'restore', token)).status).toBe(403);
    }
    expect((await api.call('GET', 'moderation/reports')).status).toBe(401);
    expect((await api.call('POST', `moderation/post/${post.id}`, { body: { action: 'restore' } })).status).toBe(401);
    expect((await getPost(post.id)).status).toBe(404);
  });

  it('tells the client who moderates in the profile', async () => {
    expect((await api.call<Envelope<{ user: { is_moderator: boolean } }>>('GET', 'auth/me', { token: moderator })).json.data.user.is_moderator).toBe(true);
    expect((await api.call<Envelope<{ user: { is_moderator: boolean } }>>('GET', 'auth/me', { token: actors.other })).json.data.user.is_moderator).toBe(false);
    expect((await api.call<Envelope<{ guest: { is_moderator: boolean } }>>('GET', 'guest/me', { token: actors.guest })).json.data.guest.is_moderator).toBe(false);
  });

  it('rejects an unknown action (422) and a post nobody reported (404)', async () => {
    const post = await newRequest(api, actors.owner, 'Nobody reported this');
    expect((await decide('post', post.id, 'ban')).status).toBe(422);
    expect((await decide('post', post.id, 'remove')).status).toBe(404);
    expect((await getPost(post.id)).status).toBe(200);
  });
});

describe('decisions on posts', () => {
  it('restore: visible to everyone again, out of the queue, and the settled reports never count again', async () => {
    const post = await hiddenPost('Restored by a moderator');
    const r = await decide('post', post.id, 'restore');
    expect(r.status).toBe(200);
    expect(r.json.data.decision).toEqual({ kind: 'post', id: post.id, action: 'restore', visibility: 0, deleted: false });
    expect((await getPost(post.id)).status).toBe(200);
    expect(await feedIds(actors.other)).toContain(post.id);
    expect((await getPost(post.id, actors.owner)).json.data.post).not.toHaveProperty('hidden_pending_review');
    expect((await queue(moderator)).json.data.items.data.some((i) => i.kind === 'post' && i.id === post.id)).toBe(false);
    for (const token of members) await reportPost(post.id, token);
    await reportPost(post.id, actors.other);
    expect((await getPost(post.id)).status).toBe(200);
  });

  it('keep hidden: still hidden, and its author now reads it as reviewed, not pending', async () => {
    const post = await hiddenPost('Kept hidden by a moderator');
    expect((await decide('post', post.id, 'keep')).json.data.decision).toMatchObject({ visibility: 4, deleted: false });
    expect((await getPost(post.id)).status).toBe(404);
    expect((await getPost(post.id, actors.owner)).json.data.post).toMatchObject({ visibility: 4, hidden_pending_review: false });
  });

  it('keep hidden also hides a post that only guests reported', async () => {
    const post = await newRequest(api, actors.owner, 'Guests were right');
    await reportPost(post.id, actors.guest);
    expect((await decide('post', post.id, 'keep')).status).toBe(200);
    expect((await getPost(post.id)).status).toBe(404);
  });

  it('remove: deleted for everyone, its author too; a second decision is a 404', async () => {
    const post = await hiddenPost('Removed by a moderator');
    expect((await decide('post', post.id, 'remove')).json.data.decision).toMatchObject({ deleted: true });
    expect((await getPost(post.id)).status).toBe(404);
    expect((await getPost(post.id, actors.owner)).status).toBe(404);
    expect(await feedIds(actors.owner)).not.toContain(post.id);
    expect((await decide('post', post.id, 'restore')).status).toBe(404);
  });

  it('is an ordinary mutation: batched through sync/push, exactly once per key', async () => {
    const post = await hiddenPost('Restored through a batch');
    const push = () => api.call<Envelope<PushResponse>>('POST', 'sync/push', {
      token: moderator, body: { mutations: [{ key: `mod-${post.id}`, method: 'POST', path: `moderation/post/${post.id}`, body: { action: 'restore' } }] },
    });
    const first = await push();
    expect(first.status).toBe(200);
    expect(first.json.data.results[0]).toMatchObject({ status: 200, replayed: false });
    expect((await push()).json.data.results[0]).toMatchObject({ status: 200, replayed: true });
    expect((await getPost(post.id)).status).toBe(200);
  });
});

describe('decisions on comments', () => {
  it('three guests leave a comment shown; three members hide it; restore and remove move commentCount', async () => {
    const post = await newRequest(api, actors.owner, 'A post with a reported comment');
    const comment = await newComment(api, actors.other, post.id, 'A comment people report');
    for (const token of await guestTokens(3)) await reportComment(post.id, comment.id, token);
    expect((await comments(post.id)).map((c) => c.id)).toContain(comment.id);

    for (const token of members) expect((await reportComment(post.id, comment.id, token)).status).toBe(200);
    expect((await comments(post.id)).map((c) => c.id)).not.toContain(comment.id);
    expect((await getPost(post.id)).json.data.post.commentCount).toBe(0);
    const own = (await comments(post.id, actors.other)).find((c) => c.id === comment.id);
    expect(own).toMatchObject({ visibility: 4, hidden_pending_review: true });
    const listed = (await queue(moderator)).json.data.items.data.find((i) => i.kind === 'comment' && i.id === comment.id);
    expect(listed).toMatchObject({ post_id: post.id, member_reports: 3, guest_reports: 3, visibility: 4 });

    expect((await decide('comment', comment.id, 'restore')).status).toBe(200);
    expect((await comments(post.id)).map((c) => c.id)).toContain(comment.id);
    expect((await getPost(post.id)).json.data.post.commentCount).toBe(1);

    await reportComment(post.id, comment.id, actors.owner);
    expect((await decide('comment', comment.id, 'remove')).status).toBe(200);
    expect((await comments(post.id, actors.other)).map((c) => c.id)).not.toContain(comment.id);
    expect((await getPost(post.id)).json.data.post.commentCount).toBe(0);
  });
});
