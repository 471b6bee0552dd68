// Pulls against the real server (docs/architecture/sync-protocol.md 'Outbox and sync protocol'
// Pull, New posts): a pull never undoes or doubles a local action; new-count polling and "load new
// posts" (docs/product.md §4).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestAuthResponse, PostPage, PostResponse } from '../../common/contract';
import { PAGE_SIZE } from '../../common/constants';
import { oldestServerPost } from '../../src/db/feed-reads';
import { feedKeyRow, type FeedKey } from '../../src/model/feed-key';
import { prayForPost } from '../../src/commands';
import { db } from '../../src/model/db';
import { getMeta, setMeta } from '../../src/model/meta';
import { readFeed, readPost } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { checkNewCount } from '../../worker/poll';
import { loadNewPosts, pullFeed } from '../../worker/pull';
import { CAUGHT_UP_MS, KEEP_UP_RUNS, READ_AHEAD_PAGES, isReadingAhead, readAheadSettled } from '../../worker/feed-read-ahead';
import { pullPost } from '../../worker/pull-post';
import { serverPost, useHarness } from './support';

const h = useHarness();
let postId: number;

beforeEach(async () => {
  postId = (await db.posts.orderBy('id').first())?.id ?? 0;
});

/** Another person on another device: a new guest's token. */
async function otherGuestToken(): Promise<string> {
  const guest = await h.api.call<GuestAuthResponse>({ method: 'POST', path: 'guest/login', body: {}, token: null });
  if (!guest.ok) throw new Error(guest.error.message);
  return guest.data.authorization.token;
}

async function postAsSomeoneElse(text: string): Promise<number> {
  const created = await h.api.call<PostResponse>({
    method: 'POST',
    path: 'post',
    body: { text, type: 'REQUEST' },
    token: await otherGuestToken(),
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.data.post.id;
}

describe('pull while a pray is pending', () => {
  it('shows server count + this device’s unacknowledged pray: not doubled, not lost', async () => {
    const before = await serverPost(h, postId);
    await prayForPost(postId);

    await pullFeed(h.api, {});
    expect((await readPost(postId))?.shownPrayedCount).toBe(before.prayedCount + 1);
    await pullFeed(h.api, {});
    expect((await readPost(postId))?.shownPrayedCount).toBe(before.prayedCount + 1);

    await drainOutbox(h.api);
    await pullFeed(h.api, {});
    expect(await readPost(postId)).toMatchObject({ prayedCount: before.prayedCount + 1, shownPrayedCount: before.prayedCount + 1 });
  });

  it('after a dropped response, the older replayed answer does not undo a newer pull', async () => {
    const before = await serverPost(h, postId);
    await prayForPost(postId);
    h.setFault((call) => (call.method === 'POST' ? 'drop-response' : 'pass'));
    await drainOutbox(h.api);
    h.setFault(() => 'pass');
    // Someone else prays; the pull brings both prays, the replay then returns the stored answer
    // from before theirs.
    const other = await otherGuestToken();
    expect((await h.api.call({ method: 'POST', path: `post/${postId}/pray`, token: other })).ok).toBe(true);
    await pullFeed(h.api, {});
    await drainOutbox(h.api, { ignoreBackoff: true });
    expect(await readPost(postId)).toMatchObject({ prayedCount: before.prayedCount + 2, shownPrayedCount: before.prayedCount + 2 });
  });
});

describe('new posts', () => {
  it('counts what others posted since the newest pulled post, then loads and resets', async () => {
    expect(await getMeta('feedSince')).toEqual(expect.any(String));
    const id = await postAsSomeoneElse('A new request from another device');

    expect(await checkNewCount(h.api)).toBe(true);
    expect(await getMeta('newCount')).toBe(1);

    const result = await loadNewPosts(h.api);
    expect(result).toMatchObject({ ok: true, count: 1 });
    expect((await readFeed({}))[0]?.id).toBe(id);
    expect(await getMeta('newCount')).toBe(0);
    expect(await checkNewCount(h.api)).toBe(true);
    expect(await getMeta('newCount')).toBe(0);
  });

  it.each([
    ['no answer', 'offline' as const],
    ['a server error', { status: 500, body: { message: 'boom', status: 500 } }],
  ])('a failed count fetch (%s) is only logged and yields false (docs/product.md §4)', async (_case, fault) => {
    await setMeta('newCount', 3);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    h.setFault(() => fault);
    expect(await checkNewCount(h.api)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(await getMeta('newCount')).toBe(3);
    warn.mockRestore();
  });
});

describe('pruning', () => {
  it('a fresh first page removes a post the server no longer has', async () => {
    const newest = await db.posts.get((await readFeed({}))[0]?.id ?? 0);
    if (!newest) throw new Error('empty feed');
    // A post just older than the newest one, deleted on the server since this device pulled it.
    await db.posts.put({ ...newest, id: 777_777, createdAtMs: newest.createdAtMs - 1 });
    await pullFeed(h.api, {});
    expect(await db.posts.get(777_777)).toBeUndefined();
    expect(await db.posts.get(postId)).toBeDefined();
  });
});

describe('load more (issue #10 P5)', () => {
  it('goes on from the end of the pulled pages, not from an older post that came another way', async () => {
    for (let i = 0; i < 2 * PAGE_SIZE + 5; i += 1) await postAsSomeoneElse(`Load-more frontier ${String(i)}`);
    const serverPage = async (page: number): Promise<PostPage> => {
      const r = await h.api.call<PostPage>({ path: 'posts', query: { page } });
      if (!r.ok) throw new Error(r.error.message);
      return r.data;
    };
    const second = (await serverPage(2)).data.map((post) => post.id);
    const last = await serverPage((await serverPage(1)).last_page);
    await pullFeed(h.api, {});
    // The feed's oldest post arrives another way (an opened link): the screen's cursor is now it.
    const stray = last.data.at(-1)?.id ?? 0;
    expect(second).not.toContain(stray);
    expect((await pullPost(h.api, stray)).ok).toBe(true);
    const keys = (await db.posts.where('feed').above([0]).keys()) as unknown as FeedKey[];
    const screenCursor = oldestServerPost(keys.map(feedKeyRow));
    expect(screenCursor).toBe(stray);

    expect((await pullFeed(h.api, { loadMore: screenCursor })).ok).toBe(true);
    await readAheadSettled();
    const held = new Set(await db.posts.toCollection().primaryKeys());
    expect(second.filter((id) => !held.has(id))).toEqual([]);
  });

  it('reads pages ahead after a load more, and pulls none of them twice', async () => {
    for (let i = 0; i < (READ_AHEAD_PAGES + 3) * PAGE_SIZE; i += 1) await postAsSomeoneElse(`Read ahead ${String(i)}`);
    await pullFeed(h.api, {});
    const cursorAfterFirst = oldestServerPost(((await db.posts.where('feed').above([0]).keys()) as unknown as FeedKey[]).map(feedKeyRow));
    const pages: string[] = [];
    const carried: boolean[] = [];
    const call = h.api.call.bind(h.api);
    const spy = vi.spyOn(h.api, 'call').mockImplementation((request) => {
      if (request.path === 'posts') pages.push(String(request.query?.loadMore));
      if (request.path === 'posts') carried.push(request.token !== undefined && request.channel !== undefined);
      return call(request);
    });
    try {
      expect((await pullFeed(h.api, { loadMore: cursorAfterFirst })).ok).toBe(true);
      await readAheadSettled();
      expect(pages).toHaveLength(1 + READ_AHEAD_PAGES);
      // The reader's own page reads the session; the run's pages carry the one read at its start.
      expect(carried).toEqual([false, ...Array<boolean>(READ_AHEAD_PAGES).fill(true)]);
      // The screen asks again with the cursor it rendered before the pages ahead landed.
      expect((await pullFeed(h.api, { loadMore: cursorAfterFirst })).ok).toBe(true);
      await readAheadSettled();
      expect(new Set(pages).size).toBe(pages.length);
    } finally {
      spy.mockRestore();
    }
    const held = await db.posts.count();
    expect(held).toBeGreaterThanOrEqual((READ_AHEAD_PAGES + 3) * PAGE_SIZE);
  });

  it('asks for the page after next while the next one comes, and goes on from where the next one really ends (issue #25 P5)', async () => {
    const token = await otherGuestToken();
    const made: number[] = [];
    // The first page, the reader's own, and a run of 4: every post of these is pulled.
    for (let i = 0; i < (2 + READ_AHEAD_PAGES) * PAGE_SIZE; i += 1) {
      const created = await h.api.call<PostResponse>({ method: 'POST', path: 'post', body: { text: `Two in flight ${String(i)}`, type: 'REQUEST' }, token });
      if (!created.ok) throw new Error(created.error.message);
      made.push(created.data.post.id);
    }
    await pullFeed(h.api, {});
    const cursor = oldestServerPost(((await db.posts.where('feed').above([0]).keys()) as unknown as FeedKey[]).map(feedKeyRow));
    const asked: number[] = [];
    let inFlight = 0;
    let most = 0;
    let stale: { deleted: number; ahead: number; end: number } | null = null;
    const call = h.api.call.bind(h.api);
    const spy = vi.spyOn(h.api, 'call').mockImplementation(async (request) => {
      if (request.path !== 'posts') return call(request);
      const from = Number(request.query?.loadMore);
      // The third page asked: a post of it goes just before it is asked, after the page before
      // named where it ends. The page after next, asked on that word, no longer follows it.
      if (asked.length === 3) {
        const below = made.filter((id) => id < from).sort((x, y) => y - x);
        stale = { deleted: below[16] ?? 0, ahead: below[PAGE_SIZE - 1] ?? 0, end: below[PAGE_SIZE] ?? 0 };
        await call({ method: 'DELETE', path: `post/${String(stale.deleted)}`, token });
      }
      asked.push(from);
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await call(request);
      } finally {
        inFlight -= 1;
      }
    });
    // Asked well after the runs of the tests before ended: a run of 4, whatever ran before (a
    // caught-up reader's longer chain could overlap the stale page's request with two others).
    const now = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now() + CAUGHT_UP_MS);
    try {
      expect((await pullFeed(h.api, { loadMore: cursor })).ok).toBe(true);
      await readAheadSettled();
    } finally {
      spy.mockRestore();
      clock.mockRestore();
    }
    expect(most).toBe(2);
    const { deleted, ahead, end } = stale ?? { deleted: 0, ahead: -1, end: -1 };
    // Asked on the stale word, then again from the page's real end.
    expect(asked).toContain(ahead);
    expect(asked).toContain(end);
    // Every post of the other person's still on the server is held: no page skipped.
    const held = new Set(await db.posts.toCollection().primaryKeys());
    expect(made.filter((id) => id !== deleted && !held.has(id))).toEqual([]);
  });

  it('a reader who catches up with a run gets the next ones twice as long, one before they ask; one who does not, the first length', async () => {
    const token = await otherGuestToken();
    // The first page, then room for every run below: 1 + 4, 1 + 8 + 8 + 8, 1 + 4, and one to spare.
    for (let i = 0; i < 36 * PAGE_SIZE; i += 1) {
      const created = await h.api.call<PostResponse>({ method: 'POST', path: 'post', body: { text: `Reading through ${String(i)}`, type: 'REQUEST' }, token });
      if (!created.ok) throw new Error(created.error.message);
    }
    await pullFeed(h.api, {});
    const cursor = oldestServerPost(((await db.posts.where('feed').above([0]).keys()) as unknown as FeedKey[]).map(feedKeyRow));
    let clock: { mockRestore: () => void } | undefined;
    const pages: string[] = [];
    const call = h.api.call.bind(h.api);
    const spy = vi.spyOn(h.api, 'call').mockImplementation((request) => {
      if (request.path === 'posts') pages.push(String(request.query?.loadMore));
      return call(request);
    });
    try {
      expect((await pullFeed(h.api, { loadMore: cursor })).ok).toBe(true);
      expect(isReadingAhead()).toBe(true);
      await readAheadSettled();
      // Its own page and a run of 4.
      expect(pages).toHaveLength(1 + READ_AHEAD_PAGES);
      // The screen drew the run and reached its end a moment later: the reader caught up. Its own
      // page, a run of 8, and KEEP_UP_RUNS - 1 more of 8 before it asks again (its ask comes once
      // the screen has drawn the first, which is stored while the next is fetched).
      pages.length = 0;
      expect((await pullFeed(h.api, { loadMore: cursor })).ok).toBe(true);
      await readAheadSettled();
      expect(isReadingAhead()).toBe(false);
      expect(pages).toHaveLength(1 + KEEP_UP_RUNS * 2 * READ_AHEAD_PAGES);
      expect(new Set(pages).size).toBe(pages.length);
      // Asked well after the last run ended: a person reading, a run of the first length again.
      pages.length = 0;
      const later = Date.now() + CAUGHT_UP_MS;
      clock = vi.spyOn(Date, 'now').mockReturnValue(later);
      expect((await pullFeed(h.api, { loadMore: cursor })).ok).toBe(true);
      await readAheadSettled();
      expect(pages).toHaveLength(1 + READ_AHEAD_PAGES);
    } finally {
      spy.mockRestore();
      clock?.mockRestore();
    }
  });
});
