// docs/product.md §3 feed types, §4 new-post polling; docs/architecture/sync-protocol.md 'Outbox
// and sync protocol' 'New posts', §6 search, §7 page size. Relies on the seed: 10 posts per
// channel, ids 1-10 English, 11-20 Portuguese, 21-30 Spanish.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, AuthResponse, Envelope, NewCountResponse, PostPage } from '../../common/contract';
import { uniqueEmail, useApi } from './api';

const api = useApi();
let demo: string;
beforeAll(async () => {
  demo = await api.login();
});

async function feed(query: string, token?: string, headers?: Record<string, string>): Promise<PostPage> {
  const r = await api.call<Envelope<PostPage>>('GET', `posts${query}`, { ...(token ? { token } : {}), ...(headers ? { headers } : {}) });
  if (r.status !== 200) throw new Error(`GET posts${query}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data;
}
const ids = (page: PostPage) => page.data.map((p) => p.id);

describe('feed types (docs/product.md §3)', () => {
  it('lists the whole channel newest first by default', async () => {
    const page = await feed('', demo);
    expect(ids(page)).toEqual([10, 8, 7, 6, 5, 3, 2, 1, 9, 4]);
    expect(page.data.every((p) => p.channel_id === 1)).toBe(true);
  });

  it('filters REQUEST (unanswered), THANK, ANSWERED (by creation) and ANSWER (by answer time)', async () => {
    expect(ids(await feed('?type=REQUEST'))).toEqual([10, 8, 6, 5, 3, 1]);
    expect(ids(await feed('?type=THANK'))).toEqual([7, 2]);
    expect(ids(await feed('?type=ANSWERED'))).toEqual([9, 4]);
    const answers = await feed('?type=ANSWER');
    expect(ids(answers)).toEqual([4, 9]);
    expect(answers.data.every((p) => p.atendido && p.answer_text !== null && p.updated_answer_at !== null)).toBe(true);
  });

  it('filters PRAYED_BY_USER and BOOKMARKED for the caller, and requires a session for them', async () => {
    expect(ids(await feed('?type=PRAYED_BY_USER', demo)).sort((a, b) => a - b)).toEqual([1, 3, 4, 9]);
    const bookmarked = await feed('?type=BOOKMARKED', demo);
    expect(ids(bookmarked)).toEqual([1, 9]);
    expect(bookmarked.data.every((p) => p.is_bookmarked)).toBe(true);
    expect((await api.call<ApiError>('GET', 'posts?type=BOOKMARKED')).status).toBe(401);
  });

  it('computes the caller-specific fields', async () => {
    const page = await feed('', demo);
    const own = page.data.find((p) => p.id === 5);
    expect(own).toMatchObject({ is_mine: true, isPrayed: false });
    expect(page.data.find((p) => p.id === 1)).toMatchObject({ is_mine: false, isPrayed: true, is_bookmarked: true, prayedCount: 2 });
    expect(page.data.find((p) => p.id === 3)?.user).toEqual({ id: null, username: 'anonymous', name: 'Anonymous', avatar: null });
  });
});

describe('search in the channel language (Postgres FTS)', () => {
  it('stems English, Portuguese and Spanish words in their own channel', async () => {
    expect(ids(await feed('?search=interviews'))).toEqual([4]);
    expect(ids(await feed('?search=surgery'))).toEqual([9]);
    expect(ids(await feed('?search=entrevistas', undefined, { 'x-channel-id': '2' }))).toEqual([13]);
    expect(ids(await feed('?search=cirug%C3%ADas', undefined, { 'x-channel-id': '3' }))).toEqual([23]);
  });

  it('searches testimonies too, combines with a type, and stays in the channel', async () => {
    expect(ids(await feed('?search=hallway'))).toEqual([9]);
    expect(ids(await feed('?search=surgery&type=REQUEST'))).toEqual([]);
    expect((await feed('?search=surgery', undefined, { 'x-channel-id': '3' })).total).toBe(0);
  });
});

describe('paging, since, new and loadMore', () => {
  let spanish: AuthResponse;
  beforeAll(async () => {
    const r = await api.call<Envelope<AuthResponse>>('POST', 'auth/register', { body: { name: 'Paginadora', email: uniqueEmail('es'), password: 'long-enough-pw', channel_id: 3 } });
    spanish = r.json.data;
    for (let i = 1; i <= 15; i += 1) await api.createPost(spanish.authorization.token, { text: `Petición número ${i}`, type: 'REQUEST' });
  });

  it('pages by 20 in the caller channel with current_page, last_page and total', async () => {
    const token = spanish.authorization.token;
    const first = await feed('', token);
    const second = await feed('?page=2', token);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 25 });
    expect(first.data).toHaveLength(20);
    expect(second).toMatchObject({ current_page: 2, last_page: 2, total: 25 });
    expect(second.data).toHaveLength(5);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(25);
    const times = [...first.data, ...second.data].map((p) => Date.parse(p.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await feed('?page=3', token)).data).toEqual([]);
    // The x-channel-id header wins over the member's own channel.
    expect((await feed('', token, { 'x-channel-id': '1' })).total).toBe(10);
  });

  it('continues after a cursor with loadMore, stable when new posts arrive', async () => {
    const token = spanish.authorization.token;
    const first = await feed('', token);
    const cursor = first.data.at(-1)?.id ?? 0;
    const pageTwo = await feed('?page=2', token);
    const before = await feed(`?loadMore=${cursor}`, token);
    expect(ids(before)).toEqual(ids(pageTwo));
    await api.createPost(token, { text: 'Una petición más reciente', type: 'REQUEST' });
    const after = await feed(`?loadMore=${cursor}`, token);
    expect(ids(after)).toEqual(ids(before));
    // Offset paging shifts by the new post; the cursor does not.
    expect(ids(await feed('?page=2', token))[0]).toBe(cursor);
    expect(before).toMatchObject({ current_page: 2, last_page: 2 });
    expect(before.data).toHaveLength(5);
    expect((await api.call<ApiError>('GET', 'posts?loadMore=987654', { token })).status).toBe(422);
  });

  it('returns only posts created after since', async () => {
    const since = new Date(Date.now() - 4 * 60 * 60 * 1000).toISOString();
    expect(ids(await feed(`?since=${since}`))).toEqual([10, 8]);
  });

  it('loads new posts by others with new=1, matching new-count (docs/product.md §4)', async () => {
    const alice = (await api.register('Alice New')).authorization.token;
    const bob = (await api.register('Bob New')).authorization.token;
    const since = (await feed('', alice)).data[0]?.created_at ?? '';
    await new Promise((resolve) => setTimeout(resolve, 5));
    const byAlice = await api.createPost(alice, { text: 'Alice asks for prayer', type: 'REQUEST' });
    const byBob = await api.createPost(bob, { text: 'Bob gives thanks', type: 'THANK' });

    const forAlice = await feed(`?new=1&since=${encodeURIComponent(since)}`, alice);
    expect(ids(forAlice)).toEqual([byBob.id]);
    expect(forAlice.new_count).toBe(1);
    const count = (token?: string) => api.call<Envelope<NewCountResponse>>('GET', `posts/new-count?since=${encodeURIComponent(since)}`, token ? { token } : {});
    expect((await count(alice)).json).toEqual({ data: { new_count: 1 } });
    expect((await count(bob)).json.data.new_count).toBe(1);
    expect((await count()).json.data.new_count).toBe(2);
    // The newest post's own timestamp is not "new" (millisecond timestamps round-trip exactly).
    expect(ids(await feed(`?since=${encodeURIComponent(byBob.created_at)}`))).toEqual([]);
    expect(byAlice.id).toBeLessThan(byBob.id);
  });

  it('requires since for new=1 and for new-count', async () => {
    expect((await api.call<ApiError>('GET', 'posts?new=1')).json.errors?.since).toBeDefined();
    expect((await api.call<ApiError>('GET', 'posts/new-count')).status).toBe(422);
  });
});
