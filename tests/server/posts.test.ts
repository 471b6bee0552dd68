// docs/product.md §7 Posts (create, read, pray, bookmark) and docs/product.md §10 limits and decisions.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../common/constants';
import type { ApiError, BookmarkResponse, Envelope, PostResponse, PrayResponse } from '../../common/contract';
import { useApi } from './api';

const api = useApi();
let token: string;
beforeAll(async () => {
  token = (await api.register('Poster Paula')).authorization.token;
});

describe('POST post', () => {
  it('creates a post (201, trimmed, derived fields for the caller, unknown fields ignored)', async () => {
    const r = await api.call<Envelope<PostResponse>>('POST', 'post', { token, body: { text: '  Pray for rain on our farm.  ', type: 'REQUEST', colour: 'red' } });
    expect(r.status).toBe(201);
    expect(r.json.data.post).toMatchObject({
      text: 'Pray for rain on our farm.', type: 'REQUEST', is_mine: true, is_anonymous: false, atendido: false,
      prayedCount: 0, isPrayed: false, commentCount: 0, noteCount: 0, is_bookmarked: false, visibility: 0, channel_id: 1, answer_text: null,
    });
    expect(r.json.data.post.user.name).toBe('Poster Paula');
    expect(r.json.data.post).not.toHaveProperty('colour');
  });

  it('hides the author of an anonymous post from everyone, and still tells the author it is theirs', async () => {
    const post = await api.createPost(token, { text: 'A quiet request.', type: 'REQUEST', is_anonymous: true });
    expect(post.user).toEqual({ id: null, username: 'anonymous', name: 'Anonymous', avatar: null });
    expect(post.user_id).toBeNull();
    expect(post.is_mine).toBe(true);
    const other = await api.call<Envelope<PostResponse>>('GET', `post/${post.id}`);
    expect(other.json.data.post.user.username).toBe('anonymous');
    expect(other.json.data.post.is_mine).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['whitespace only', '   \n '],
  ])('rejects %s text with 422 and a text field message', async (_name, text) => {
    const r = await api.call<ApiError>('POST', 'post', { token, body: { text, type: 'REQUEST' } });
    expect(r.status).toBe(422);
    expect(r.json.errors?.text).toEqual(['Write your prayer']);
    expect(r.json.message).toBe('Write your prayer');
  });

  it('accepts exactly the limit and rejects one character more', async () => {
    const limit = TEXT_LIMITS.request;
    expect((await api.call('POST', 'post', { token, body: { text: 'a'.repeat(limit), type: 'THANK' } })).status).toBe(201);
    const r = await api.call<ApiError>('POST', 'post', { token, body: { text: 'a'.repeat(limit + 1), type: 'THANK' } });
    expect(r.status).toBe(422);
    expect(r.json.errors?.text?.[0]).toBe(`Keep it under ${limit} characters`);
  });

  it('rejects a missing or unknown type with a type field message', async () => {
    const r = await api.call<ApiError>('POST', 'post', { token, body: { text: 'hello', type: 'ANSWER' } });
    expect(r.status).toBe(422);
    expect(r.json.errors?.type).toBeDefined();
    expect((await api.call<ApiError>('POST', 'post', { token, body: { text: 'hello' } })).json.errors?.type).toBeDefined();
  });

  it('creates in the x-channel-id channel, else the body channel_id wins', async () => {
    const pt = await api.createPost(token, { text: 'Oração pela família', type: 'REQUEST' }, { 'x-channel-id': '2' });
    expect(pt.channel_id).toBe(2);
    const es = await api.createPost(token, { text: 'Oración', type: 'REQUEST', channel_id: 3 }, { 'x-channel-id': '2' });
    expect(es.channel_id).toBe(3);
  });
});

describe('GET post/{id}', () => {
  it('returns a visible post, 404 for an unknown one, 422 for a non-numeric id', async () => {
    const r = await api.call<Envelope<PostResponse>>('GET', 'post/1');
    expect(r.status).toBe(200);
    expect(r.json.data.post.id).toBe(1);
    expect((await api.call<ApiError>('GET', 'post/424242')).json).toEqual({ message: 'Post not found', status: 404, code: 'post.not_found' });
    expect((await api.call<ApiError>('GET', 'post/abc')).status).toBe(422);
  });
});

describe('POST post/{id}/pray', () => {
  it('counts every prayer, marks isPrayed and counts today for the caller (docs/product.md §10)', async () => {
    const pray = () => api.call<Envelope<PrayResponse>>('POST', 'post/2/pray', { token });
    const before = (await api.call<Envelope<PostResponse>>('GET', 'post/2', { token })).json.data.post;
    expect(before.isPrayed).toBe(false);
    const first = await pray();
    const second = await pray();
    expect(first.json.data.post.isPrayed).toBe(true);
    expect(first.json.data.post.prayedCount).toBe(before.prayedCount + 1);
    expect(second.json.data.post.prayedCount).toBe(before.prayedCount + 2);
    expect(second.json.data.today_prayer_count).toBe(first.json.data.today_prayer_count + 1);
    const me = await api.call<Envelope<{ user: { today_prayer_count: number } }>>('GET', 'auth/me', { token });
    expect(me.json.data.user.today_prayer_count).toBe(second.json.data.today_prayer_count);
    // Another caller sees the count but not the flag.
    const visitor = (await api.call<Envelope<PostResponse>>('GET', 'post/2')).json.data.post;
    expect(visitor).toMatchObject({ prayedCount: before.prayedCount + 2, isPrayed: false });
  });

  it('answers 404 for an unknown post', async () => {
    expect((await api.call('POST', 'post/999999/pray', { token })).status).toBe(404);
  });
});

describe('POST post/{id}/bookmark', () => {
  it('toggles, and is_bookmarked comes from the server', async () => {
    const on = await api.call<Envelope<BookmarkResponse>>('POST', 'post/3/bookmark', { token });
    expect(on.json.data.is_bookmarked).toBe(true);
    expect(on.json.data.post.is_bookmarked).toBe(true);
    const off = await api.call<Envelope<BookmarkResponse>>('POST', 'post/3/bookmark', { token });
    expect(off.json.data.is_bookmarked).toBe(false);
    expect((await api.call<Envelope<PostResponse>>('GET', 'post/3', { token })).json.data.post.is_bookmarked).toBe(false);
  });
});
