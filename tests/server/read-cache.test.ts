// Issue #14 point 4: GET /posts answers are kept until the next write (server/http/read-cache.ts).
// What can go wrong with such a cache is a stale answer: these check that every write through the
// API, a logout and a token's expiry end a kept answer, and that a kept answer is really served
// (a change made behind the API's back stays unseen until the next write; with READ_CACHE=0 it
// shows at once). The two-process case on PostgreSQL is in two-processes.test.ts.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PostPage } from '../../common/contract';
import { memoryGeneration, ReadCache, type WriteGeneration } from '../../server/http/read-cache';
import { useApi } from './api';

type Loaded = { value: string; validUntil: number | null };

function counted(value: string, validUntil: number | null = Number.POSITIVE_INFINITY) {
  const calls = { n: 0 };
  const load = (): Promise<Loaded> => {
    calls.n += 1;
    return Promise.resolve({ value: `${value}#${calls.n}`, validUntil });
  };
  return { calls, load };
}

describe('ReadCache', () => {
  it('serves a kept answer until the generation moves on', async () => {
    const writes = memoryGeneration();
    const cache = new ReadCache(writes);
    const { calls, load } = counted('page');
    expect(await cache.get('k', load)).toBe('page#1');
    expect(await cache.get('k', load)).toBe('page#1');
    await writes.bump();
    expect(await cache.get('k', load)).toBe('page#2');
    expect(calls.n).toBe(2);
  });

  it('does not keep an answer loaded while a write happened', async () => {
    const writes = memoryGeneration();
    const cache = new ReadCache(writes);
    let n = 0;
    const racing = async (): Promise<Loaded> => {
      n += 1;
      if (n === 1) {
        await writes.bump(); // a write commits while the first read is still querying
        await cache.get('other', () => Promise.resolve({ value: 'x', validUntil: Number.POSITIVE_INFINITY }));
      }
      return { value: `read ${n}`, validUntil: Number.POSITIVE_INFINITY };
    };
    expect(await cache.get('k', racing)).toBe('read 1');
    expect(await cache.get('k', racing)).toBe('read 2');
  });

  it('keeps an answer no longer than it says (a token\'s expiry), and not at all when it says null', async () => {
    let clock = 1_000;
    const now = () => clock;
    const cache = new ReadCache(memoryGeneration());
    const expiring = counted('member', 2_000);
    expect(await cache.get('m', expiring.load, now)).toBe('member#1');
    expect(await cache.get('m', expiring.load, now)).toBe('member#1');
    clock = 2_000;
    expect(await cache.get('m', expiring.load, now)).toBe('member#2');
    const never = counted('error', null);
    await cache.get('e', never.load, now);
    await cache.get('e', never.load, now);
    expect(never.calls.n).toBe(2);
  });

  it('holds at most its size, dropping the oldest', async () => {
    const cache = new ReadCache(memoryGeneration(), true, 2);
    const loads = ['a', 'b', 'c'].map((key) => ({ key, ...counted(key) }));
    for (const { key, load } of loads) await cache.get(key, load);
    expect(cache.size).toBe(2);
    await cache.get('a', loads[0]?.load ?? counted('?').load);
    expect(loads[0]?.calls.n).toBe(2);
    await cache.get('c', loads[2]?.load ?? counted('?').load);
    expect(loads[2]?.calls.n).toBe(1);
  });

  it('holds at most its byte budget (the answers\' JSON), dropping the oldest; an answer over the budget is not kept', async () => {
    const answer = (n: number) => async () => ({ value: { text: 'x'.repeat(n) }, validUntil: Number.MAX_SAFE_INTEGER });
    const size = (n: number) => JSON.stringify({ text: 'x'.repeat(n) }).length;
    const cache = new ReadCache(memoryGeneration(), true, 100, size(40) * 2 + size(10));
    await cache.get('a', answer(40));
    await cache.get('b', answer(40));
    await cache.get('c', answer(10));
    expect(cache.size).toBe(3);
    expect(cache.keptBytes).toBe(size(40) * 2 + size(10));
    // A replaced key counts once; one byte over drops the oldest.
    await cache.get('d', answer(11));
    expect(cache.size).toBe(3);
    expect(cache.keptBytes).toBe(size(40) + size(10) + size(11));
    const a = counted('a');
    await cache.get('a', a.load);
    expect(a.calls.n).toBe(1);
    await cache.get('huge', answer(1_000));
    expect(cache.keptBytes).toBeLessThanOrEqual(size(40) * 2 + size(10));
    const huge = counted('huge');
    await cache.get('huge', huge.load);
    expect(huge.calls.n).toBe(1);
  });

  it('switched off, loads every time and reads no generation', async () => {
    let reads = 0;
    const writes: WriteGeneration = { current: () => Promise.resolve((reads += 1)), bump: () => Promise.resolve() };
    const cache = new ReadCache(writes, false);
    const { calls, load } = counted('page');
    await cache.get('k', load);
    await cache.get('k', load);
    expect(calls.n).toBe(2);
    expect(reads).toBe(0);
  });
});

describe.each([true, false])('GET /posts with READ_CACHE %s', (readCache) => {
  const api = useApi({ readCache });
  let member: string;
  let other: string;
  beforeAll(async () => {
    member = (await api.register('Reader Rita')).authorization.token;
    other = (await api.register('Writer Walter')).authorization.token;
  });

  const feed = async (token?: string) => {
    const r = await api.call<Envelope<PostPage>>('GET', 'posts', token === undefined ? {} : { token });
    return r.status === 200 ? r.json.data : r.status;
  };
  const texts = async (token?: string) => {
    const page = await feed(token);
    return typeof page === 'number' ? [] : page.data.map((p) => p.text);
  };

  it('a write through the API shows on the next read, for members and visitors', async () => {
    await texts(member);
    await texts();
    const post = await api.createPost(other, { text: 'Pray for the exams on Friday, please.', type: 'REQUEST' });
    expect((await texts(member))[0]).toBe(post.text);
    expect((await texts())[0]).toBe(post.text);
    await api.call('POST', `post/${post.id}/pray`, { token: member });
    const page = await feed(member);
    expect(typeof page === 'number' ? undefined : page.data[0]).toMatchObject({ id: post.id, isPrayed: true, prayedCount: 1 });
  });

  it(readCache ? 'serves the kept page: a change behind the API\'s back shows only after the next write' : 'reads the database every time', async () => {
    const before = await texts(member);
    const newest = (await feed(member) as PostPage).data[0]?.id ?? 0;
    await api.server.handle.db.execute(sql`UPDATE posts SET text = 'Changed behind the API' WHERE id = ${newest}`);
    expect((await texts(member))[0]).toBe(readCache ? before[0] : 'Changed behind the API');
    await api.call('POST', 'post', { token: other, body: { text: '', type: 'REQUEST' } }); // refused (422), still a write request
    expect((await texts(member)).includes('Changed behind the API')).toBe(true);
  });

  it('a logged-out token gets 401, not its kept page', async () => {
    const token = (await api.register('Leaving Lea')).authorization.token;
    expect(typeof await feed(token)).toBe('object');
    expect(typeof await feed(token)).toBe('object');
    expect((await api.call('POST', 'auth/logout', { token })).status).toBe(200);
    expect(await feed(token)).toBe(401);
  });
});
