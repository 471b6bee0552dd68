// docs/architecture/sync-protocol.md 'Outbox and sync protocol' 'Exactly once': the same
// Idempotency-Key applies once and replays the same response.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Envelope, PostResponse, PrayResponse } from '../../common/contract';
import { useApi } from './api';

const api = useApi();
let token: string;
beforeAll(async () => {
  token = (await api.register('Idempotent Ida')).authorization.token;
});

async function prayedCount(postId: number): Promise<number> {
  const r = await api.call<Envelope<PostResponse>>('GET', `post/${postId}`, { token });
  return r.json.data.post.prayedCount;
}

describe('Idempotency-Key', () => {
  it('applies a pray once when the same key is sent twice, and replays the same response', async () => {
    const before = await prayedCount(1);
    const headers = { 'idempotency-key': 'pray-1-once' };
    const first = await api.call<Envelope<PrayResponse>>('POST', 'post/1/pray', { token, headers });
    const second = await api.call<Envelope<PrayResponse>>('POST', 'post/1/pray', { token, headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.json.data.post.prayedCount).toBe(before + 1);
    expect(await prayedCount(1)).toBe(before + 1);
    expect(first.json.data.today_prayer_count).toBe(1);
  });

  it('replays a created post with its 201 status instead of creating a second one', async () => {
    const headers = { 'idempotency-key': 'create-once' };
    const body = { text: 'Please pray for my exams on Friday.', type: 'REQUEST' };
    const first = await api.call<Envelope<PostResponse>>('POST', 'post', { token, body, headers });
    const second = await api.call<Envelope<PostResponse>>('POST', 'post', { token, body, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.data.post.id).toBe(first.json.data.post.id);
    const mine = await api.call<Envelope<{ data: { text: string }[] }>>('GET', 'posts?search=exams%20Friday', { token });
    expect(mine.json.data.data.filter((p) => p.text === body.text)).toHaveLength(1);
  });

  it('rejects the same key with a different body with 422 and applies nothing', async () => {
    const headers = { 'idempotency-key': 'reused-key' };
    const ok = await api.call('POST', 'post', { token, headers, body: { text: 'First text', type: 'THANK' } });
    expect(ok.status).toBe(201);
    const reused = await api.call<ApiError>('POST', 'post', { token, headers, body: { text: 'Second text', type: 'THANK' } });
    expect(reused.status).toBe(422);
    expect(reused.json.message).toMatch(/Idempotency-Key/);
    expect(reused.json.errors?.['idempotency-key']).toBeDefined();
    const search = await api.call<Envelope<{ total: number }>>('GET', 'posts?search=Second', { token });
    expect(search.json.data.total).toBe(0);
  });

  it('rejects the same key on a different path with 422', async () => {
    const headers = { 'idempotency-key': 'path-key' };
    expect((await api.call('POST', 'post/2/pray', { token, headers })).status).toBe(200);
    const before = await prayedCount(3);
    expect((await api.call('POST', 'post/3/pray', { token, headers })).status).toBe(422);
    expect(await prayedCount(3)).toBe(before);
  });

  it('scopes keys to the caller: another user with the same key applies their own request', async () => {
    const other = (await api.register('Other Otto')).authorization.token;
    const headers = { 'idempotency-key': 'shared-key' };
    const before = await prayedCount(5);
    await api.call('POST', 'post/5/pray', { token, headers });
    await api.call('POST', 'post/5/pray', { token: other, headers });
    expect(await prayedCount(5)).toBe(before + 2);
  });

  it('applies concurrent duplicates exactly once', async () => {
    const headers = { 'idempotency-key': 'concurrent-key' };
    const before = await prayedCount(6);
    const results = await Promise.all(Array.from({ length: 5 }, () => api.call<Envelope<PrayResponse>>('POST', 'post/6/pray', { token, headers })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => JSON.stringify(r.json))).size).toBe(1);
    expect(await prayedCount(6)).toBe(before + 1);
  });

  it('applies again without a key (every prayer counts) and does not store failures', async () => {
    const before = await prayedCount(7);
    await api.call('POST', 'post/7/pray', { token });
    await api.call('POST', 'post/7/pray', { token });
    expect(await prayedCount(7)).toBe(before + 2);
    const headers = { 'idempotency-key': 'missing-post' };
    expect((await api.call('POST', 'post/999999/pray', { token, headers })).status).toBe(404);
    // The refused request rolled back with its key: the key is still free (no 422 'reused').
    expect((await api.call('POST', 'post/7/pray', { token, headers })).status).toBe(200);
    expect(await prayedCount(7)).toBe(before + 3);
  });

  it('rejects a malformed key with 422', async () => {
    const r = await api.call<ApiError>('POST', 'post/1/pray', { token, headers: { 'idempotency-key': 'has spaces in it' } });
    expect(r.status).toBe(422);
    expect(r.json.status).toBe(422);
  });
});
