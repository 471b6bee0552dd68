// docs/product.md §7 Posts, owner actions: PUT post/{id}, DELETE post/{id}, POST post/answer,
// DELETE post/{id}/answer. docs/product.md §6: only the owner; others 403, visitors 401.
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../common/constants';
import type { ApiError, DeletedResponse, Envelope, PostPage, PostResponse } from '../../common/contract';
import { useApi } from './api';
import { expectRefusedForNonOwners, newRequest, useActors } from './post-actors';

const api = useApi();
const actors = useActors(api);

const getPost = (id: number, token?: string) => api.call<Envelope<PostResponse>>('GET', `post/${id}`, token === undefined ? {} : { token });

describe('PUT post/{id}', () => {
  it('lets the owner change text, type and anonymity, and bumps updated_at', async () => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<Envelope<PostResponse>>('PUT', `post/${post.id}`, {
      token: actors.owner, body: { text: '  Thank you for the rain!  ', type: 'THANK', is_anonymous: true, colour: 'red' },
    });
    expect(r.status).toBe(200);
    expect(r.json.data.post).toMatchObject({ id: post.id, text: 'Thank you for the rain!', type: 'THANK', is_anonymous: true, is_mine: true, user_id: null });
    expect(r.json.data.post.created_at).toBe(post.created_at);
    expect(Date.parse(r.json.data.post.updated_at)).toBeGreaterThanOrEqual(Date.parse(post.updated_at));
    expect((await getPost(post.id)).json.data.post.user.username).toBe('anonymous');
  });

  it('is a partial edit: fields not sent keep their value', async () => {
    const post = await newRequest(api, actors.owner, 'Original words', { is_anonymous: true });
    const r = await api.call<Envelope<PostResponse>>('PUT', `post/${post.id}`, { token: actors.owner, body: { text: 'New words' } });
    expect(r.json.data.post).toMatchObject({ text: 'New words', type: 'REQUEST', is_anonymous: true });
  });

  it('refuses other members and guests (403) and visitors (401), and changes nothing', async () => {
    const post = await newRequest(api, actors.owner, 'Not yours to edit');
    await expectRefusedForNonOwners(api, actors, 'PUT', `post/${post.id}`, { body: { text: 'Hijacked' } });
    expect((await getPost(post.id)).json.data.post.text).toBe('Not yours to edit');
  });

  it('lets a guest edit their own post', async () => {
    const post = await newRequest(api, actors.guest, 'A guest request');
    const r = await api.call<Envelope<PostResponse>>('PUT', `post/${post.id}`, { token: actors.guest, body: { text: 'A guest request, edited' } });
    expect(r.status).toBe(200);
    expect(r.json.data.post.text).toBe('A guest request, edited');
  });

  it.each([
    ['empty text', { text: '  ' }, 'text', 'Write your prayer'],
    ['text over the limit', { text: 'a'.repeat(TEXT_LIMITS.request + 1) }, 'text', `Keep it under ${TEXT_LIMITS.request} characters`],
    ['an unknown type', { type: 'ANSWER' }, 'type', 'type must be REQUEST or THANK'],
    ['a non-boolean is_anonymous', { is_anonymous: 'yes' }, 'is_anonymous', 'is_anonymous must be true or false'],
    ['no known field', { colour: 'red' }, 'body', 'Send text, type or is_anonymous to change'],
    ['a NUL character (Postgres cannot store it)', { text: 'a\u0000b' }, 'text', 'Remove the invalid character (U+0000)'],
  ])('rejects %s with 422 and a field message', async (_name, body, field, message) => {
    const post = await newRequest(api, actors.owner, 'Validation target');
    const r = await api.call<ApiError>('PUT', `post/${post.id}`, { token: actors.owner, body });
    expect(r.status).toBe(422);
    expect(r.json.errors?.[field]).toEqual([message]);
    expect((await getPost(post.id)).json.data.post.text).toBe('Validation target');
  });

  it('accepts text of exactly the limit', async () => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call('PUT', `post/${post.id}`, { token: actors.owner, body: { text: 'b'.repeat(TEXT_LIMITS.request) } });
    expect(r.status).toBe(200);
  });

  it('answers 404 for an unknown post and 422 for a non-numeric id', async () => {
    expect((await api.call('PUT', 'post/987654', { token: actors.owner, body: { text: 'x' } })).status).toBe(404);
    expect((await api.call('PUT', 'post/abc', { token: actors.owner, body: { text: 'x' } })).status).toBe(422);
  });

  it('honours Idempotency-Key: a replay returns the stored response, a different body is 422', async () => {
    const post = await newRequest(api, actors.owner);
    const headers = { 'idempotency-key': `edit-${post.id}` };
    const first = await api.call<Envelope<PostResponse>>('PUT', `post/${post.id}`, { token: actors.owner, headers, body: { text: 'Edit one' } });
    const second = await api.call<Envelope<PostResponse>>('PUT', `post/${post.id}`, { token: actors.owner, headers, body: { text: 'Edit one' } });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json).toEqual(first.json);
    const reused = await api.call('PUT', `post/${post.id}`, { token: actors.owner, headers, body: { text: 'Edit two' } });
    expect(reused.status).toBe(422);
    expect((await getPost(post.id)).json.data.post.text).toBe('Edit one');
  });
});

describe('DELETE post/{id}', () => {
  it('deletes for the owner; afterwards the post 404s everywhere and leaves the feed', async () => {
    const post = await newRequest(api, actors.owner, 'Soon to be deleted');
    const r = await api.call<Envelope<DeletedResponse>>('DELETE', `post/${post.id}`, { token: actors.owner });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ id: post.id, deleted: true });
    expect((await getPost(post.id, actors.owner)).status).toBe(404);
    expect((await getPost(post.id)).status).toBe(404);
    expect((await api.call('POST', `post/${post.id}/pray`, { token: actors.other })).status).toBe(404);
    expect((await api.call('DELETE', `post/${post.id}`, { token: actors.owner })).status).toBe(404);
    const feed = await api.call<Envelope<PostPage>>('GET', 'posts', { token: actors.owner });
    expect(feed.json.data.data.map((p) => p.id)).not.toContain(post.id);
  });

  it('refuses non-owners (403 / 401) and the post stays', async () => {
    const post = await newRequest(api, actors.owner);
    await expectRefusedForNonOwners(api, actors, 'DELETE', `post/${post.id}`);
    expect((await getPost(post.id)).status).toBe(200);
  });

  it('rejects a non-numeric id with 422', async () => {
    expect((await api.call('DELETE', 'post/1x', { token: actors.owner })).status).toBe(422);
  });

  it('replays a keyed delete as 200 instead of a 404 on the retry', async () => {
    const post = await newRequest(api, actors.owner);
    const headers = { 'idempotency-key': `delete-${post.id}` };
    const first = await api.call('DELETE', `post/${post.id}`, { token: actors.owner, headers });
    const second = await api.call('DELETE', `post/${post.id}`, { token: actors.owner, headers });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('POST post/answer', () => {
  it('marks answered with a testimony, moves the post to the top of the testimonies, and edits it when posted again', async () => {
    const post = await newRequest(api, actors.owner, 'Pray for my exam results');
    const r = await api.call<Envelope<PostResponse>>('POST', 'post/answer', { token: actors.owner, body: { post_id: post.id, answer_text: '  I passed!  ' } });
    expect(r.status).toBe(200);
    expect(r.json.data.post).toMatchObject({ id: post.id, atendido: true, answer_text: 'I passed!' });
    const answeredAt = r.json.data.post.updated_answer_at;
    expect(answeredAt).not.toBeNull();
    const testimonies = await api.call<Envelope<PostPage>>('GET', 'posts?type=ANSWER', { token: actors.other });
    expect(testimonies.json.data.data[0]?.id).toBe(post.id);

    const edited = await api.call<Envelope<PostResponse>>('POST', 'post/answer', { token: actors.owner, body: { post_id: post.id, answer_text: 'I passed with honours!' } });
    expect(edited.json.data.post.answer_text).toBe('I passed with honours!');
    expect(Date.parse(edited.json.data.post.updated_answer_at ?? '')).toBeGreaterThanOrEqual(Date.parse(answeredAt ?? ''));
  });

  it('marks answered without a testimony (answer_text omitted or empty)', async () => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<Envelope<PostResponse>>('POST', 'post/answer', { token: actors.owner, body: { post_id: post.id, answer_text: '' } });
    expect(r.json.data.post).toMatchObject({ atendido: true, answer_text: null });
  });

  it('refuses non-owners (403 / 401) and leaves the post unanswered', async () => {
    const post = await newRequest(api, actors.owner);
    await expectRefusedForNonOwners(api, actors, 'POST', 'post/answer', { body: { post_id: post.id, answer_text: 'Not mine' } });
    expect((await getPost(post.id)).json.data.post.atendido).toBe(false);
  });

  it.each([
    ['a missing post_id', { post_id: undefined, answer_text: 'x' }, 'post_id'],
    ['a non-numeric post_id', { post_id: 'abc' }, 'post_id'],
    ['a testimony over the limit', { answer_text: 'a'.repeat(TEXT_LIMITS.request + 1) }, 'answer_text'],
    ['a testimony with a NUL character', { answer_text: 'a\u0000b' }, 'answer_text'],
  ])('rejects %s with 422', async (_name, body, field) => {
    const post = await newRequest(api, actors.owner);
    const r = await api.call<ApiError>('POST', 'post/answer', { token: actors.owner, body: { post_id: post.id, ...body } });
    expect(r.status).toBe(422);
    expect(r.json.errors?.[field]).toHaveLength(1);
  });

  it('answers 404 for an unknown post', async () => {
    expect((await api.call('POST', 'post/answer', { token: actors.owner, body: { post_id: 999_999 } })).status).toBe(404);
  });

  it('honours Idempotency-Key', async () => {
    const post = await newRequest(api, actors.owner);
    const headers = { 'idempotency-key': `answer-${post.id}` };
    const body = { post_id: post.id, answer_text: 'Answered once' };
    const first = await api.call('POST', 'post/answer', { token: actors.owner, headers, body });
    const second = await api.call('POST', 'post/answer', { token: actors.owner, headers, body });
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('DELETE post/{id}/answer', () => {
  it('removes the testimony for the owner, and a second call changes nothing', async () => {
    const post = await newRequest(api, actors.owner);
    await api.call('POST', 'post/answer', { token: actors.owner, body: { post_id: post.id, answer_text: 'Done' } });
    const r = await api.call<Envelope<PostResponse>>('DELETE', `post/${post.id}/answer`, { token: actors.owner });
    expect(r.status).toBe(200);
    expect(r.json.data.post).toMatchObject({ atendido: false, answer_text: null, updated_answer_at: null });
    const again = await api.call<Envelope<PostResponse>>('DELETE', `post/${post.id}/answer`, { token: actors.owner });
    expect(again.status).toBe(200);
    expect(again.json.data.post.updated_at).toBe(r.json.data.post.updated_at);
    const testimonies = await api.call<Envelope<PostPage>>('GET', 'posts?type=ANSWER');
    expect(testimonies.json.data.data.map((p) => p.id)).not.toContain(post.id);
  });

  it('refuses non-owners (403 / 401) and keeps the testimony', async () => {
    const post = await newRequest(api, actors.owner);
    await api.call('POST', 'post/answer', { token: actors.owner, body: { post_id: post.id, answer_text: 'Kept' } });
    await expectRefusedForNonOwners(api, actors, 'DELETE', `post/${post.id}/answer`);
    expect((await getPost(post.id)).json.data.post).toMatchObject({ atendido: true, answer_text: 'Kept' });
  });

  it('honours Idempotency-Key', async () => {
    const post = await newRequest(api, actors.owner);
    await api.call('POST', 'post/answer', { token: actors.owner, body: { post_id: post.id, answer_text: 'Done' } });
    const headers = { 'idempotency-key': `unanswer-${post.id}` };
    const first = await api.call('DELETE', `post/${post.id}/answer`, { token: actors.owner, headers });
    const second = await api.call('DELETE', `post/${post.id}/answer`, { token: actors.owner, headers });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json).toEqual(first.json);
  });

  it('rejects a non-numeric id with 422 and an unknown post with 404', async () => {
    expect((await api.call('DELETE', 'post/zz/answer', { token: actors.owner })).status).toBe(422);
    expect((await api.call('DELETE', 'post/999999/answer', { token: actors.owner })).status).toBe(404);
  });
});
