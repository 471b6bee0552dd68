// docs/product.md §7 Posts: POST post/{id}/report (docs/product.md §10: 3 distinct member reporters hide a post) and
// GET post/{id}/users-prayed (distinct people, most recent first, anonymous-safe).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiUserSummary, Envelope, Page, PostPage, PostResponse, ReportResponse } from '../../common/contract';
import { useApi } from './api';
import { newRequest, useActors } from './post-actors';

const api = useApi();
const actors = useActors(api);
let third: string;
let fourth: string;
beforeAll(async () => {
  third = (await api.register('Third Thea')).authorization.token;
  fourth = (await api.register('Fourth Fred')).authorization.token;
});

const report = (id: number, token: string | undefined, body: unknown = { type: 'spam' }, headers?: Record<string, string>) =>
  api.call<Envelope<ReportResponse>>('POST', `post/${id}/report`, { ...(token === undefined ? {} : { token }), body, ...(headers ? { headers } : {}) });
const getPost = (id: number, token?: string) => api.call<Envelope<PostResponse>>('GET', `post/${id}`, token === undefined ? {} : { token });
const feedIds = async (token?: string) =>
  (await api.call<Envelope<PostPage>>('GET', 'posts', token === undefined ? {} : { token })).json.data.data.map((p) => p.id);

describe('POST post/{id}/report', () => {
  it('hides a post after 3 distinct member reporters, except from its owner; a guest report does not count (issue #11)', async () => {
    const post = await newRequest(api, actors.owner, 'A post that people report');
    const first = await report(post.id, actors.other);
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({ reported: true, type: 'spam' });
    expect((await report(post.id, third, { type: 'offensive' })).status).toBe(200);
    expect((await report(post.id, actors.guest, { type: 'other' })).status).toBe(200);
    expect((await getPost(post.id)).status).toBe(200);
    expect(await feedIds()).toContain(post.id);

    expect((await report(post.id, fourth, { type: 'other' })).status).toBe(200);
    expect((await getPost(post.id)).status).toBe(404);
    expect((await getPost(post.id, actors.other)).status).toBe(404);
    expect(await feedIds(actors.other)).not.toContain(post.id);
    const own = await getPost(post.id, actors.owner);
    expect(own.status).toBe(200);
    expect(own.json.data.post.visibility).toBe(4);
    expect(await feedIds(actors.owner)).toContain(post.id);
  });

  it('counts one report per reporter: the same person reporting again adds nothing and keeps the first type', async () => {
    const post = await newRequest(api, actors.owner, 'Reported twice by one person');
    await report(post.id, actors.other, { type: 'spam' });
    const again = await report(post.id, actors.other, { type: 'offensive' });
    expect(again.status).toBe(200);
    expect(again.json.data.type).toBe('spam');
    await report(post.id, third);
    expect((await getPost(post.id)).status).toBe(200);
  });

  it('refuses the owner (403) and anonymous visitors (401)', async () => {
    const post = await newRequest(api, actors.owner);
    expect((await report(post.id, actors.owner)).status).toBe(403);
    expect((await report(post.id, undefined)).status).toBe(401);
    const guestPost = await newRequest(api, actors.guest);
    expect((await report(guestPost.id, actors.guest)).status).toBe(403);
  });

  it.each([
    ['an unknown type', { type: 'rude' }],
    ['a missing type', {}],
  ])('rejects %s with 422 and a type message', async (_name, body) => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<ApiError>('POST', `post/${post.id}/report`, { token: actors.other, body });
    expect(r.status).toBe(422);
    expect(r.json.errors?.type).toEqual(['type must be one of spam, offensive, inappropriate, other']);
  });

  it('answers 404 for an unknown post and 422 for a bad id', async () => {
    expect((await report(999_999, actors.other)).status).toBe(404);
    expect((await report(Number.NaN, actors.other)).status).toBe(422);
  });

  it('honours Idempotency-Key', async () => {
    const post = await newRequest(api, actors.owner);
    const headers = { 'idempotency-key': `report-${post.id}` };
    const first = await report(post.id, actors.other, { type: 'inappropriate' }, headers);
    const second = await report(post.id, actors.other, { type: 'inappropriate' }, headers);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json).toEqual(first.json);
    expect((await report(post.id, actors.other, { type: 'spam' }, headers)).status).toBe(422);
  });
});

describe('GET post/{id}/users-prayed', () => {
  const prayed = (id: number, query = '', token?: string) =>
    api.call<Envelope<Page<ApiUserSummary>>>('GET', `post/${id}/users-prayed${query}`, token === undefined ? {} : { token });
  const pray = (id: number, token: string) => api.call('POST', `post/${id}/pray`, { token });

  it('lists distinct people, most recent prayer first, with only id, username, name and avatar', async () => {
    const post = await newRequest(api, actors.owner);
    await pray(post.id, actors.other);
    await pray(post.id, third);
    await pray(post.id, actors.other);
    const r = await prayed(post.id);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(r.json.data.data.map((u) => u.name)).toEqual(['Other Oscar', 'Third Thea']);
    for (const person of r.json.data.data) expect(Object.keys(person).sort()).toEqual(['avatar', 'id', 'name', 'username']);
  });

  it('never lists the author of an anonymous request among those who prayed', async () => {
    const post = await newRequest(api, actors.owner, 'Anonymous request', { is_anonymous: true });
    await pray(post.id, actors.owner);
    await pray(post.id, actors.guest);
    const r = await prayed(post.id, '', actors.other);
    expect(r.json.data.total).toBe(1);
    expect(r.json.data.data.map((u) => u.name)).toEqual(['']);
  });

  it('pages: page 2 of a short list is empty with the same total', async () => {
    const post = await newRequest(api, actors.owner);
    await pray(post.id, actors.other);
    const r = await prayed(post.id, '?page=2');
    expect(r.json.data).toEqual({ data: [], current_page: 2, last_page: 1, total: 1 });
  });

  it('answers 404 for an unknown post, 422 for a bad id or page', async () => {
    expect((await prayed(999_999)).status).toBe(404);
    expect((await api.call('GET', 'post/abc/users-prayed')).status).toBe(422);
    expect((await prayed(1, '?page=0')).status).toBe(422);
  });
});
