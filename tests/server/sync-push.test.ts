// POST sync/push (issue #10; common/sync-contract.ts; docs/architecture/sync-protocol.md 'Outbox
// and sync protocol' 'Exactly once'): each batched mutation is applied once, in its own savepoint,
// and answered exactly as its single call; keys are shared with the single routes, whichever way a
// mutation arrives first.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPost, Envelope, ListResponse, PostResponse } from '../../common/contract';
import type { PushMutation } from '../../common/sync-contract';
import { KEY_REUSED_MESSAGE, REPLAYED_HEADER } from '../../server/http/mutation';
import { snapshotDb } from '../helpers/db-snapshot';
import { useApi } from './api';
import { newRequest } from './post-actors';
import { countRows, pushOk, single } from './sync-support';

const api = useApi();
let me: string;
let author: string;
beforeAll(async () => {
  me = (await api.register('Batching Bea')).authorization.token;
  author = (await api.register('Author Abe')).authorization.token;
});

const getPost = async (id: number, token = me): Promise<ApiPost> =>
  (await api.call<Envelope<PostResponse>>('GET', `post/${id}`, { token })).json.data.post;

describe('POST sync/push', () => {
  let post: ApiPost;
  let theirs: ApiPost;
  let mutations: PushMutation[];
  const SUCCESSES = [0, 1, 2, 3, 4];

  beforeAll(async () => {
    post = await newRequest(api, author, 'Pray for the harvest this autumn.');
    theirs = await newRequest(api, author, 'Not yours to edit.');
    mutations = [
      { key: 'mix-pray', method: 'POST', path: `post/${post.id}/pray` },
      { key: 'mix-bookmark', method: 'POST', path: `post/${post.id}/bookmark`, body: null },
      { key: 'mix-comment', method: 'POST', path: `post/${post.id}/comment`, body: { comment: 'Praying with you' } },
      { key: 'mix-note', method: 'POST', path: `post/${post.id}/note`, body: { note: 'Ask how it went' } },
      { key: 'mix-list', method: 'POST', path: 'list', body: { name: 'Harvest' } },
      { key: 'mix-missing', method: 'POST', path: 'post/99999999/pray' },
      { key: 'mix-forbidden', method: 'PUT', path: `post/${theirs.id}`, body: { text: 'Hijacked' } },
      { key: 'mix-invalid', method: 'POST', path: `post/${post.id}/comment`, body: { comment: '   ' } },
      { key: 'mix-pray', method: 'POST', path: `post/${post.id}/pray` },
      { key: 'mix-bookmark', method: 'POST', path: `post/${theirs.id}/bookmark` },
      { key: 'mix-route', method: 'POST', path: 'no/such/route' },
    ];
  });

  it('applies exactly the successes, once, and refuses the rest one by one', async () => {
    const results = await pushOk(api, me, mutations);
    expect(results.map((r) => r.status)).toEqual([200, 200, 201, 201, 201, 404, 403, 422, 200, 422, 404]);
    expect(results.map((r) => r.replayed)).toEqual([false, false, false, false, false, false, false, false, true, false, false]);
    // The same key again with the same request is the first answer; with another request, the single route's 422.
    expect(results[8]?.body).toEqual(results[0]?.body);
    expect(results[9]?.body).toEqual({
      message: KEY_REUSED_MESSAGE, status: 422, code: 'idempotency.key_reused',
      errors: { 'idempotency-key': [KEY_REUSED_MESSAGE] }, fieldCodes: { 'idempotency-key': [{ code: 'idempotency.key_reused' }] },
    });
    expect(results[5]?.body).toEqual({ message: 'Post not found', status: 404, code: 'post.not_found' });
    expect(results[6]?.body).toEqual({ message: 'Only the author can change this post', status: 403, code: 'post.not_author' });
    expect(results[7]?.body).toEqual({
      message: 'Write a comment', status: 422, code: 'validation.required',
      errors: { comment: ['Write a comment'] }, fieldCodes: { comment: [{ code: 'validation.required' }] },
    });
    expect(results[10]?.body).toEqual({ message: 'Route POST /api/v1/no/such/route not found', status: 404, code: 'route.not_found' });

    const fresh = await getPost(post.id);
    expect(fresh).toMatchObject({ prayedCount: 1, isPrayed: true, commentCount: 1, noteCount: 1, is_bookmarked: true });
    expect(await countRows(api, 'prayers', 'post_id', post.id)).toBe(1);
    expect(await countRows(api, 'bookmarks', 'post_id', theirs.id)).toBe(0);
    expect((await getPost(theirs.id)).text).toBe('Not yours to edit.');
    const list = results[4]?.body as Envelope<ListResponse>;
    expect(list.data.list).toMatchObject({ name: 'Harvest' });
  });

  it('answers each mutation exactly as its single call: the stored answer, or the same refusal', async () => {
    const results = await pushOk(api, me, mutations);
    const before = await snapshotDb(api.server.handle);
    for (const [index, m] of mutations.entries()) {
      const r = await single(api, me, m);
      expect({ index, status: r.status, body: r.json }).toEqual({ index, status: results[index]?.status, body: results[index]?.body });
      const isStored = SUCCESSES.includes(index) || index === 8;
      expect(r.headers.get(REPLAYED_HEADER)).toBe(isStored ? 'true' : null);
    }
    expect(await snapshotDb(api.server.handle)).toEqual(before);
  });

  it('replays a whole batch without applying anything again', async () => {
    const first = await pushOk(api, me, mutations);
    const before = await snapshotDb(api.server.handle);
    const again = await pushOk(api, me, mutations);
    expect(await snapshotDb(api.server.handle)).toEqual(before);
    expect(again.map((r) => [r.status, r.body])).toEqual(first.map((r) => [r.status, r.body]));
    // Successes are stored answers; refusals store nothing (as single calls) and are refused again.
    expect(again.map((r) => r.replayed)).toEqual(again.map((r) => r.status < 300));
    expect((await getPost(post.id)).prayedCount).toBe(1);
  });

  it('replays in the batch a key first applied through its single route', async () => {
    const target = await newRequest(api, author, 'Single first, batch later.');
    const m: PushMutation = { key: 'single-first', method: 'POST', path: `post/${target.id}/pray` };
    const first = await single(api, me, m);
    expect(first.status).toBe(200);
    const [result] = await pushOk(api, me, [m, { ...m, key: 'single-first-2' }]);
    expect(result).toEqual({ key: 'single-first', status: 200, body: first.json, replayed: true });
    expect((await getPost(target.id)).prayedCount).toBe(2);
  });

  it('applies concurrent duplicates (batches and single calls with the same keys) exactly once', async () => {
    const target = await newRequest(api, author, 'Many devices, one prayer.');
    const batch: PushMutation[] = [
      { key: 'race-pray', method: 'POST', path: `post/${target.id}/pray` },
      { key: 'race-comment', method: 'POST', path: `post/${target.id}/comment`, body: { comment: 'Amen' } },
    ];
    const [a, b, c, solo] = await Promise.all([
      pushOk(api, me, batch), pushOk(api, me, batch), pushOk(api, me, batch), single(api, me, batch[0] as PushMutation),
    ]);
    expect((await getPost(target.id)).prayedCount).toBe(1);
    expect(await countRows(api, 'comments', 'post_id', target.id)).toBe(1);
    for (const results of [b, c]) expect(results.map((r) => r.body)).toEqual(a.map((r) => r.body));
    expect(solo.json).toEqual(a[0]?.body);
    expect([...a, ...b, ...c].filter((r) => !r.replayed).length + (solo.headers.get(REPLAYED_HEADER) === null ? 1 : 0)).toBe(2);
  });

  it('lets a later mutation see what an earlier one changed about the caller (user/channel, then a list)', async () => {
    const token = (await api.register('Channel Chloe')).authorization.token;
    const results = await pushOk(api, token, [
      { key: 'move', method: 'PUT', path: 'user/channel', body: { channel_id: 2 } },
      { key: 'list-after-move', method: 'POST', path: 'list', body: { name: 'Minha lista' } },
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 201]);
    const list = results[1]?.body as Envelope<ListResponse>;
    const single2 = await api.call<Envelope<ListResponse>>('POST', 'list', { token, body: { name: 'Segunda lista' } });
    expect(list.data.list.channel_id).toBe(single2.json.data.list.channel_id);
    expect(list.data.list.channel_id).toBe(2);
  });

  it('works for guests, who pray like members (docs/product.md §6)', async () => {
    const guest = (await api.guest()).authorization.token;
    const target = await newRequest(api, author, 'Guests pray too.');
    const [result] = await pushOk(api, guest, [{ key: 'guest-pray', method: 'POST', path: `post/${target.id}/pray` }]);
    expect(result?.status).toBe(200);
    expect((await getPost(target.id)).prayedCount).toBe(1);
  });
});
