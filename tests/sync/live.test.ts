// The live stream against the real server (issue #48; docs/architecture/live.md 'Live stream'): the
// engine of this device holds GET sync/live; what another account does reaches this device's store
// within about a second, with no poll; the poll slows while the stream is up; a logout closes it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_COUNT_POLL_MS } from '../../common/constants';
import type { PostResponse } from '../../common/contract';
import { LIVE_SAFETY_POLL_MS } from '../../common/live-contract';
import { clearAllTables, db } from '../../src/model/db';
import { getMeta } from '../../src/model/meta';
import { connectSyncEngine } from '../../src/sync/client';
import type { SyncApi } from '../../worker/api-types';
import { createSyncEngine } from '../../worker/engine';
import { forgetCountedPosts } from '../../worker/live-apply';
import { direct, faultyFetch, otherGuestToken, useHarness, type RecordedCall } from './support';

const h = useHarness({}, { freshDevice: false });
let engine: SyncApi;
const calls: RecordedCall[] = [];
let intervals: number[] = [];

beforeEach(async () => {
  await clearAllTables();
  forgetCountedPosts();
  intervals = [];
  engine = createSyncEngine({
    fetch: faultyFetch(calls, () => () => 'pass'),
    // One context: no Web Locks in Node, and no other tab to hear.
    live: { locks: null, channel: () => null },
    onPollInterval: (ms) => intervals.push(ms),
  });
  await engine.start({ apiBase: h.apiBase, online: true, visible: true }, { requestBackgroundSync: () => undefined });
  connectSyncEngine(engine);
  const signedIn = await engine.guestLogin();
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  await vi.waitFor(() => expect(intervals.at(-1)).toBe(LIVE_SAFETY_POLL_MS), { timeout: 5_000 });
  // The start's, the sign-in's and the hello's catch-ups are done before the test's own counting.
  await quiet();
  calls.length = 0;
});

afterEach(async () => {
  connectSyncEngine(null);
  await engine.stop();
});

/** Until no call was made for half a second. */
async function quiet(): Promise<void> {
  for (let seen = -1; seen !== calls.length; ) {
    seen = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const pulls = () => calls.filter((c) => c.method === 'GET' && c.path !== 'sync/live').map((c) => c.path);

async function heldPostId(): Promise<number> {
  const post = await db.posts.orderBy('id').last();
  if (!post) throw new Error('the sign-in pulled no feed');
  return post.id;
}

describe('live stream (real server)', () => {
  it('holds one stream and slows the poll to the safety interval while it is up', () => {
    expect(intervals).toEqual([LIVE_SAFETY_POLL_MS]);
  });

  it("another account's pray moves this device's count within a second, with no pull", async () => {
    const id = await heldPostId();
    const before = (await db.posts.get(id))?.prayedCount ?? 0;
    const other = await otherGuestToken(h);
    const latencies: number[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const at = performance.now();
      await direct(h, { method: 'POST', path: `post/${id}/pray`, token: other });
      await vi.waitFor(async () => expect((await db.posts.get(id))?.prayedCount).toBe(before + n), { timeout: 1_000, interval: 5 });
      latencies.push(performance.now() - at);
      // The double-tap rule of the server (issue #12) lets one person pray again a second later.
      await new Promise((resolve) => setTimeout(resolve, 1_050));
    }
    expect(pulls()).toEqual([]);
    console.info(`live: pray on another device -> count in this store: ${latencies.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
  });

  it("another account's new post grows the new-posts count, once", async () => {
    expect(await getMeta('feedSince')).toBeTruthy();
    const before = (await getMeta('newCount')) ?? 0;
    const other = await otherGuestToken(h);
    const at = performance.now();
    await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Pray for the harvest', type: 'REQUEST' }, token: other });
    await vi.waitFor(async () => expect(await getMeta('newCount')).toBe(before + 1), { timeout: 1_000, interval: 5 });
    console.info(`live: new post on another device -> newCount here: ${(performance.now() - at).toFixed(0)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await getMeta('newCount')).toBe(before + 1);
    expect(pulls()).toEqual([]);
  });

  it('a comment elsewhere moves the comment count', async () => {
    const id = await heldPostId();
    const before = (await db.posts.get(id))?.commentCount ?? 0;
    await direct(h, { method: 'POST', path: `post/${id}/comment`, body: { comment: 'Praying with you' }, token: await otherGuestToken(h) });
    await vi.waitFor(async () => expect((await db.posts.get(id))?.commentCount).toBe(before + 1), { timeout: 1_000, interval: 5 });
  });

  it('a logout closes the stream and the poll goes back to 30 s', async () => {
    const out = await engine.logout({ force: true });
    expect(out.ok).toBe(true);
    await vi.waitFor(() => expect(intervals.at(-1)).toBe(NEW_COUNT_POLL_MS), { timeout: 5_000 });
  });
});
