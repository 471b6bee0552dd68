// Issue #10 delta pull (GET posts/changes; on a poll tick through GET sync/pull) against the real server: on a poll tick, what others
// did to the posts this device holds shows here: new counts, posts gone. A pending local pray
// stays on top of the server's new count; posts not held are left to the new-posts control.
import { beforeEach, describe, expect, it } from 'vitest';
import type { PostResponse } from '../../common/contract';
import type { PostChanges } from '../../common/sync-contract';
import { prayForPost } from '../../src/commands';
import { db } from '../../src/model/db';
import { getMeta, setMeta } from '../../src/model/meta';
import { readPost } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { pollCounts } from '../../worker/poll';
import { pullPostChanges } from '../../worker/pull-changes';
import { pullFeed } from '../../worker/pull';
import { apiPost } from '../unit/fixtures';
import { direct, otherGuestToken, serverPost, useHarness } from './support';

const h = useHarness();
let other = '';
let theirs = 0;
let held: number[] = [];

beforeEach(async () => {
  other = await otherGuestToken(h);
  theirs = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Theirs, to be deleted', type: 'REQUEST' }, token: other })).post.id;
  await pullFeed(h.api, {});
  held = (await db.posts.orderBy('id').primaryKeys()).filter((id) => id !== theirs).slice(0, 2);
  // The first tick only learns where to start.
  expect(await pullPostChanges(h.api)).toBe(true);
  expect(await getMeta('postChangesCursor')).toMatchObject({ cursor: expect.any(String) });
  // And the poll's one pull (GET sync/pull, issue #25 item 1): its first call too.
  expect(await pollCounts(h.api)).toBe(true);
  expect(await getMeta('syncCursor')).toMatchObject({ cursor: expect.any(String) });
  h.calls.length = 0;
});

describe('delta pull', () => {
  it('after one poll tick, another person’s pray, comment and delete show on the posts held here', async () => {
    const [prayed = 0, commented = 0] = held;
    const before = { prayed: await serverPost(h, prayed), commented: (await db.posts.get(commented))?.commentCount ?? 0 };
    await direct(h, { method: 'POST', path: `post/${prayed}/pray`, token: other });
    await direct(h, { method: 'POST', path: `post/${commented}/comment`, body: { comment: 'With you' }, token: other });
    await direct(h, { method: 'DELETE', path: `post/${theirs}`, token: other });
    expect(await db.posts.get(theirs)).toBeDefined();
    const from = h.calls.length;

    expect(await pollCounts(h.api)).toBe(true);

    // One request: the one pull carries posts/changes's page (docs/decisions/0021-one-pull.md).
    expect(h.calls.slice(from).map((call) => call.path)).toEqual(['sync/pull']);
    expect(await readPost(prayed)).toMatchObject({ prayedCount: before.prayed.prayedCount + 1, shownPrayedCount: before.prayed.prayedCount + 1 });
    expect((await readPost(commented))?.shownCommentCount).toBe(before.commented + 1);
    expect(await db.posts.get(theirs)).toBeUndefined();
  });

  it('a pending local pray stays on top of the new server count, and counts once after the drain', async () => {
    const [postId = 0] = held;
    const before = await serverPost(h, postId);
    await prayForPost(postId);
    await direct(h, { method: 'POST', path: `post/${postId}/pray`, token: other });

    await pullPostChanges(h.api);

    expect(await readPost(postId)).toMatchObject({ prayedCount: before.prayedCount + 1, shownPrayedCount: before.prayedCount + 2, isPending: true });
    await drainOutbox(h.api);
    await pullPostChanges(h.api);
    expect(await readPost(postId)).toMatchObject({ prayedCount: before.prayedCount + 2, shownPrayedCount: before.prayedCount + 2, isPending: false });
  });

  it('posts not held here are not added (the new-posts control brings them)', async () => {
    const { post } = await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'New elsewhere', type: 'REQUEST' }, token: other });
    await direct(h, { method: 'POST', path: `post/${post.id}/pray`, token: other });
    await pullPostChanges(h.api);
    expect(await db.posts.get(post.id)).toBeUndefined();
  });

  it('follows has_more pages, storing each page’s cursor with it', async () => {
    const [postId = 0] = held;
    const pages: PostChanges[] = [
      { posts: [apiPost({ id: postId, prayedCount: 1_000 })], deleted: [], cursor: '7', has_more: true },
      { posts: [], deleted: [theirs], cursor: '9', has_more: false },
    ];
    h.setFault((call) => (call.path === 'posts/changes' ? { status: 200, body: { data: pages.shift() } } : 'pass'));

    expect(await pullPostChanges(h.api)).toBe(true);

    expect(h.calls.filter((call) => call.path === 'posts/changes')).toHaveLength(2);
    expect((await db.posts.get(postId))?.prayedCount).toBe(1_000);
    expect(await db.posts.get(theirs)).toBeUndefined();
    expect((await getMeta('postChangesCursor'))?.cursor).toBe('9');
  });

  it('another channel starts again without a cursor; a failed call is only logged', async () => {
    const channel = await getMeta('channel');
    await setMeta('channel', { channelId: channel?.channelId === 2 ? 1 : 2, lang: 'en-US' });
    expect(await pullPostChanges(h.api)).toBe(true);
    const stored = await getMeta('postChangesCursor');
    expect(stored?.channelId).not.toBe(channel?.channelId);

    h.setFault((call) => (call.path === 'posts/changes' ? 'offline' : 'pass'));
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await pullPostChanges(h.api)).toBe(false);
    } finally {
      console.warn = warn;
    }
    expect(await getMeta('postChangesCursor')).toEqual(stored);
  });
});
