// POST sync/push refusals of the whole batch (issue #10): no session, a malformed or over-large
// batch, a mutation that must be sent on its own. Each is refused before anything is applied.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../common/contract';
import { SYNC_PUSH_MAX_BYTES, SYNC_PUSH_MAX_MUTATIONS, SYNC_PUSH_SINGLE_ONLY, type PushMutation } from '../../common/sync-contract';
import { API_PREFIX } from '../../server/app';
import { classifyRoute } from '../../server/http/mutation-registry';
import { TOO_MANY_MUTATIONS } from '../../server/http/sync-push';
import { BOT_CHECKED, RATE_LIMITED } from '../../server/routes/deps';
import { PUSH_TOO_LARGE } from '../../server/routes/sync-routes';
import { snapshotDb } from '../helpers/db-snapshot';
import { startTestServer } from '../helpers/test-server';
import { useApi } from './api';
import { newRequest } from './post-actors';
import { push, pushOk, single } from './sync-support';

const api = useApi();
let me: string;
let postId: number;
beforeAll(async () => {
  me = (await api.register('Limits Lou')).authorization.token;
  postId = (await newRequest(api, (await api.register('Author Ann')).authorization.token, 'Pray for the limits.')).id;
});

const pray = (key: string): PushMutation => ({ key, method: 'POST', path: `post/${postId}/pray` });

/** The push is refused with `status`, and the database is exactly as before. */
async function refusedWhole(mutations: unknown[], status: number, token: string | null = me): Promise<ApiError> {
  const before = await snapshotDb(api.server.handle);
  const r = await push(api, token ?? undefined, mutations);
  expect(r.status).toBe(status);
  expect(await snapshotDb(api.server.handle)).toEqual(before);
  return r.json as unknown as ApiError;
}

describe('POST sync/push: the whole batch is refused', () => {
  it('without a valid session (401, as every mutation route)', async () => {
    expect(await refusedWhole([pray('anon')], 401, null)).toEqual({ message: 'Unauthenticated', status: 401, code: 'auth.unauthenticated' });
    expect(await refusedWhole([pray('garbage')], 401, 'not-a-token')).toEqual({ message: 'Unauthenticated', status: 401, code: 'auth.unauthenticated' });
  });

  it(`with more than ${SYNC_PUSH_MAX_MUTATIONS} mutations (422) or none`, async () => {
    const many = Array.from({ length: SYNC_PUSH_MAX_MUTATIONS + 1 }, (_, i) => pray(`many-${i}`));
    expect(await refusedWhole(many, 422)).toEqual({
      message: TOO_MANY_MUTATIONS, status: 422, code: 'validation.too_long',
      errors: { mutations: [TOO_MANY_MUTATIONS] }, fieldCodes: { mutations: [{ code: 'validation.too_long', params: { max: SYNC_PUSH_MAX_MUTATIONS } }] },
    });
    expect((await refusedWhole([], 422)).errors?.mutations).toEqual(['mutations must hold at least one mutation']);
    const missing = await api.call<ApiError>('POST', 'sync/push', { token: me, body: {} });
    expect(missing.json).toMatchObject({ status: 422, errors: { mutations: ['mutations must be a list of mutations'] } });
  });

  it(`over ${SYNC_PUSH_MAX_BYTES} bytes (413), though larger than the 64 KB of single calls is fine`, async () => {
    const comment = (key: string, length: number): PushMutation => ({ key, method: 'POST', path: `post/${postId}/comment`, body: { comment: 'x'.repeat(length) } });
    expect(await refusedWhole([pray('big-0'), comment('big-1', SYNC_PUSH_MAX_BYTES)], 413)).toEqual({ message: PUSH_TOO_LARGE, status: 413, code: 'sync.push_too_large' });
    // 100 KB in one push: each comment is refused on its own (too long), the pray is applied.
    const results = await pushOk(api, me, [pray('wide-0'), comment('wide-1', 50_000), comment('wide-2', 50_000)]);
    expect(results.map((r) => r.status)).toEqual([200, 422, 422]);
  });

  it('when an item is malformed (422 naming the field)', async () => {
    const cases: [unknown, string][] = [
      [{ ...pray('x'), key: 'a key with spaces' }, 'mutations.1.key'],
      [{ ...pray('x'), key: undefined }, 'mutations.1.key'],
      [{ ...pray('x'), method: 'GET' }, 'mutations.1.method'],
      [{ ...pray('x'), method: 'PATCH' }, 'mutations.1.method'],
      [{ ...pray('x'), path: `/post/${postId}/pray` }, 'mutations.1.path'],
      [{ ...pray('x'), path: `post/${postId}/pray?x=1` }, 'mutations.1.path'],
      [{ ...pray('x'), path: '' }, 'mutations.1.path'],
      [{ ...pray('x'), body: ['not', 'an', 'object'] }, 'mutations.1.body'],
      [{ ...pray('x'), body: 'text' }, 'mutations.1.body'],
      ['not an object', 'mutations.1'],
    ];
    for (const [item, field] of cases) {
      const error = await refusedWhole([pray('shape-0'), item], 422);
      expect(Object.keys(error.errors ?? {}), JSON.stringify(item)).toEqual([field]);
    }
  });

  it('when an item is a mutation that must be sent on its own (bot check, abuse limit, upload), whatever the config', async () => {
    const onTheirOwn: [PushMutation, string][] = [
      [{ key: 'p', method: 'POST', path: 'post', body: { text: 'A new request', type: 'REQUEST' } }, BOT_CHECKED],
      [{ key: 'r', method: 'POST', path: `post/${postId}/report`, body: { type: 'spam' } }, RATE_LIMITED],
      [{ key: 'c', method: 'POST', path: `post/${postId}/comment/1/report`, body: { type: 'spam' } }, RATE_LIMITED],
      [{ key: 'i', method: 'POST', path: 'list/1/item/1/comment/1/report', body: { type: 'spam' } }, RATE_LIMITED],
      [{ key: 'a', method: 'POST', path: 'user/avatar' }, 'it is an image upload'],
    ];
    for (const [item, reason] of onTheirOwn) {
      const error = await refusedWhole([pray('own-0'), item], 422);
      expect(error.message).toBe(`Mutation 1 (${item.method} ${item.path}) cannot be batched (${reason}): send it on its own, not in sync/push`);
      expect(error.errors).toEqual({ 'mutations.1.path': [error.message] });
    }
  });

  it('when an item is not a mutation (auth, logout, sync itself)', async () => {
    for (const path of ['auth/login', 'auth/logout', 'guest/refresh', 'sync/push', 'user/delete-confirm']) {
      const error = await refusedWhole([pray('other-0'), { key: 'o', method: 'POST', path, body: {} }], 422);
      expect(error.message).toBe(`Mutation 1 (POST ${path}) is not a mutation that can be batched: send it on its own, not in sync/push`);
    }
  });
});

describe('POST sync/push: item-level answers of the router', () => {
  it('answers an over-long path param (414) and a bad escape (400) as the single call does', async () => {
    const items: PushMutation[] = [
      { key: 'long', method: 'POST', path: `post/${'9'.repeat(120)}/pray` },
      { key: 'escape', method: 'POST', path: 'post/%zz/pray' },
      { key: 'utf8', method: 'POST', path: 'post/%C0%AF/pray' },
      { key: 'encoded', method: 'POST', path: 'post/%31/pray' },
      { key: 'method', method: 'DELETE', path: `post/${postId}/pray` },
    ];
    const results = await pushOk(api, me, items);
    for (const [index, item] of items.entries()) {
      const r = await single(api, me, item);
      expect({ status: results[index]?.status, body: results[index]?.body }).toEqual({ status: r.status, body: r.json });
    }
    expect(results.map((r) => r.status)).toEqual([414, 400, 400, 200, 404]);
  });
});

describe('SYNC_PUSH_SINGLE_ONLY (common/sync-contract.ts)', () => {
  it('lists exactly the mutations the server will not batch', async () => {
    const singleOnly: string[] = [];
    const server = await startTestServer({
      seed: false,
      onRoute: (route) => {
        if (classifyRoute(route).kind !== 'single') return;
        for (const method of [route.method].flat()) singleOnly.push(`${method} ${route.url.slice(API_PREFIX.length + 1)}`);
      },
    });
    await server.close();
    expect(singleOnly.sort()).toEqual([...SYNC_PUSH_SINGLE_ONLY].sort());
  });
});
