// Issue #10: the outbox goes out in batches (POST sync/push) against the real server: mixed ops
// in one request, a refusal that rolls back only its own entry, temporary-id chains across
// batches, routes that may not be batched sent on their own, and how many requests it takes.
import { describe, expect, it, vi } from 'vitest';
import type { ApiComment, ApiNote, ListDetailResponse, Page, PostResponse } from '../../common/contract';
import { SYNC_PUSH_MAX_MUTATIONS } from '../../common/sync-contract';
import {
  createComment, createList, createNote, createRequest, editComment, editPost, prayForPost, reportPost, toggleBookmark,
} from '../../src/commands';
import { db } from '../../src/model/db';
import { readPost } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { pullFeed } from '../../worker/pull';
import { postRow } from '../unit/fixtures';
import { aSecondLater } from '../helpers/pray-clock';
import { createApiClient, type ApiClient } from '../../worker/api-client';
import { direct, faultyFetch, mutations, otherGuestToken, pushes, sentMutations, serverPost, useHarness } from './support';

const h = useHarness();
/** BATCH_PRAYS=500 BATCH_RTT_MS=100 measures the 500 actions over a 100 ms round trip. By default two full pushes and a part. */
const PRAYS = Number(process.env.BATCH_PRAYS ?? 2 * SYNC_PUSH_MAX_MUTATIONS + 50);
const RTT_MS = Number(process.env.BATCH_RTT_MS ?? 0);

/** The harness's client, or one whose every request takes RTT_MS more (half each way). */
function apiWithRoundTrip(): ApiClient {
  if (RTT_MS === 0) return h.api;
  const wait = () => new Promise((resolve) => setTimeout(resolve, RTT_MS / 2));
  const inner = faultyFetch(h.calls, () => () => 'pass');
  const slow: typeof fetch = async (input, init) => {
    await wait();
    const response = await inner(input, init);
    await wait();
    return response;
  };
  return createApiClient({ apiBase: h.apiBase, fetch: slow, unauthorizedStore: h.unauthorizedStore });
}

async function seedPosts(): Promise<[number, number]> {
  const [first, second] = await db.posts.orderBy('id').limit(2).primaryKeys();
  if (first === undefined || second === undefined) throw new Error('the seed feed has fewer than two posts');
  return [first, second];
}

const comments = async (postId: number) => (await direct<Page<ApiComment>>(h, { path: `post/${postId}/comments` })).data;

describe('batched drain', () => {
  it('sends mixed ops in one push, in order, each with its own key, and reconciles them', async () => {
    const [p1, p2] = await seedPosts();
    const before = [await serverPost(h, p1), await serverPost(h, p2)];
    await prayForPost(p1);
    await toggleBookmark(p2);
    const comment = await createComment(p1, 'Amen to this');
    await createNote(p2, 'Remember on Sunday');
    const list = await createList({ name: 'Batched', visibility: 'PRIVATE' });
    const keys = (await db.outbox.orderBy('seq').toArray()).map((entry) => entry.key);

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 5, refused: 0, remaining: 0, held: 0 });

    expect(mutations(h.calls).map((call) => call.path)).toEqual(['sync/push']);
    expect(sentMutations(h.calls).map((item) => [item.path.replace(/\d+/g, 'n'), item.key, item.status])).toEqual([
      ['post/n/pray', keys[0], 200],
      ['post/n/bookmark', keys[1], 200],
      ['post/n/comment', keys[2], 201],
      ['post/n/note', keys[3], 201],
      ['list', keys[4], 201],
    ]);
    expect((await serverPost(h, p1)).prayedCount).toBe((before[0]?.prayedCount ?? 0) + 1);
    expect((await serverPost(h, p2)).is_bookmarked).toBe(!before[1]?.is_bookmarked);
    const [onServer] = (await comments(p1)).filter((c) => c.comment === 'Amen to this');
    expect(await db.comments.get(comment.id)).toBeUndefined();
    expect(await db.comments.get(onServer?.id ?? 0)).toMatchObject({ comment: 'Amen to this' });
    const notes = (await direct<Page<ApiNote>>(h, { path: `post/${p2}/notes` })).data;
    expect(notes.map((n) => n.note)).toEqual(['Remember on Sunday']);
    expect((await db.lists.get(list.id))).toBeUndefined();
    expect(await readPost(p1)).toMatchObject({ prayedCount: (before[0]?.prayedCount ?? 0) + 1, shownPrayedCount: (before[0]?.prayedCount ?? 0) + 1, isPending: false });
  });

  it('a refusal inside a batch rolls back only its own entry; the others are applied once', async () => {
    const [p1] = await seedPosts();
    const before = await serverPost(h, p1);
    // A post deleted on the server since it was pulled.
    await db.posts.put(postRow({ id: 999_999, prayedCount: 3 }));
    await prayForPost(p1);
    await prayForPost(999_999);
    aSecondLater();
    await prayForPost(p1);

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 2, refused: 1, remaining: 0 });

    expect(pushes(h.calls)).toHaveLength(1);
    expect(sentMutations(h.calls).map((item) => item.status)).toEqual([200, 404, 200]);
    expect((await db.failed.toArray()).map((f) => [f.op, f.target, f.status])).toEqual([['post.pray', { postId: 999_999 }, 404]]);
    // Rolled back and re-fetched: gone on the server, so gone here.
    expect(await db.posts.get(999_999)).toBeUndefined();
    expect((await serverPost(h, p1)).prayedCount).toBe(before.prayedCount + 2);
    expect(await readPost(p1)).toMatchObject({ shownPrayedCount: before.prayedCount + 2, isPending: false });
  });

  it('a post written offline, commented on, prayed for and edited: the chain crosses batches with real ids', async () => {
    const { id: tempId } = await createRequest({ text: 'Pray for the river crossing', type: 'REQUEST', is_anonymous: false });
    const { id: tempComment } = await createComment(tempId, 'Safe travels');
    await prayForPost(tempId);
    await editPost(tempId, { text: 'Pray for the river crossing on Friday' });
    await editComment(tempId, tempComment, 'Safe travels, all of you');

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 5, refused: 0, remaining: 0 });

    // The create goes alone (bot check); what needs its id goes in the next batch; the comment's
    // edit needs the comment's id, so it waits for the batch that creates it.
    expect(mutations(h.calls).map((call) => call.path.replace(/\d+/g, 'n'))).toEqual(['post', 'sync/push', 'post/n/comment/n']);
    expect(sentMutations(h.calls).map((item) => item.path.replace(/\d+/g, 'n'))).toEqual([
      'post', 'post/n/comment', 'post/n/pray', 'post/n', 'post/n/comment/n',
    ]);
    const realId = (await readPost(tempId))?.id ?? 0;
    expect(realId).toBeGreaterThan(0);
    expect(await serverPost(h, realId)).toMatchObject({ text: 'Pray for the river crossing on Friday', prayedCount: 1, isPrayed: true });
    expect((await comments(realId)).map((c) => c.comment)).toEqual(['Safe travels, all of you']);
    expect(await readPost(realId)).toMatchObject({ prayedCount: 1, shownPrayedCount: 1, commentCount: 1, shownCommentCount: 1, isPending: false });
    expect(await db.posts.get(tempId)).toBeUndefined();
    expect(await db.comments.get(tempComment)).toBeUndefined();
  });

  it('a report and a bot-checked create go on their own, in seq order between batches', async () => {
    const [p1] = await seedPosts();
    const { post: theirs } = await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Theirs', type: 'REQUEST' }, token: await otherGuestToken(h) });
    await pullFeed(h.api, {});
    h.calls.length = 0;
    const before = await serverPost(h, p1);
    await prayForPost(p1);
    aSecondLater();
    await prayForPost(p1);
    await reportPost(theirs.id, 'spam');
    aSecondLater();
    await prayForPost(p1);
    await toggleBookmark(p1);
    await createRequest({ text: 'Mine, written offline', type: 'REQUEST', is_anonymous: false });
    aSecondLater();
    await prayForPost(p1);

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 7, refused: 0, remaining: 0 });

    expect(mutations(h.calls).map((call) => [call.path, call.items?.length ?? 1])).toEqual([
      ['sync/push', 2],
      [`post/${theirs.id}/report`, 1],
      ['sync/push', 2],
      ['post', 1],
      [`post/${p1}/pray`, 1],
    ]);
    expect((await serverPost(h, p1)).prayedCount).toBe(before.prayedCount + 4);
  });

  it(`${PRAYS} prays go in ${Math.ceil(PRAYS / SYNC_PUSH_MAX_MUTATIONS)} pushes and count exactly ${PRAYS}`, { timeout: 60_000 }, async () => {
    const count = PRAYS;
    const [p1] = await seedPosts();
    const before = await serverPost(h, p1);
    for (let i = 0; i < count; i += 1) {
      aSecondLater();
      await prayForPost(p1);
    }
    const api = apiWithRoundTrip();
    // Each push carries the token and channel read for it in one round (worker/drain-send.ts), not read again by the client.
    const carried: boolean[] = [];
    const call = api.call.bind(api);
    const spy = vi.spyOn(api, 'call').mockImplementation((request) => {
      if (request.path === 'sync/push') carried.push(request.token !== undefined && request.channel !== undefined);
      return call(request);
    });
    const started = performance.now();

    const report = await drainOutbox(api).finally(() => spy.mockRestore());

    const ms = performance.now() - started;
    expect(carried).toEqual(Array<boolean>(Math.ceil(count / SYNC_PUSH_MAX_MUTATIONS)).fill(true));
    console.info(`${count} prays: ${pushes(h.calls).length} push requests, ${mutations(h.calls).length} requests in all, drained in ${ms.toFixed(0)} ms (in-process server, +${RTT_MS} ms a round trip)`);
    expect(report).toMatchObject({ sent: count, refused: 0, remaining: 0 });
    const max = SYNC_PUSH_MAX_MUTATIONS;
    expect(mutations(h.calls)).toHaveLength(Math.ceil(count / max));
    // 1,050: [500, 500, 50]
    expect(pushes(h.calls).map((call) => call.items?.length)).toEqual(Array.from({ length: Math.ceil(count / max) }, (_, i) => Math.min(max, count - max * i)));
    expect((await serverPost(h, p1)).prayedCount).toBe(before.prayedCount + count);
    expect(await readPost(p1)).toMatchObject({ shownPrayedCount: before.prayedCount + count, isPending: false });
  });

  it('a list made offline and its items: each batch is cut before an id it still needs', async () => {
    const { id: tempList } = await createList({ name: 'Cut lists', visibility: 'PRIVATE' });
    const { addListItem } = await import('../../src/commands');
    await addListItem(tempList, { text: 'first' });
    await addListItem(tempList, { text: 'second' });

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 3, remaining: 0 });

    expect(mutations(h.calls).map((call) => [call.path.replace(/\d+/g, 'n'), call.items?.length ?? 1])).toEqual([['list', 1], ['sync/push', 2]]);
    const realList = (await db.lists.toArray()).find((list) => list.name === 'Cut lists')?.id ?? 0;
    const detail = await direct<ListDetailResponse>(h, { path: `list/${realList}` });
    expect(detail.items.data.map((item) => item.text)).toEqual(['first', 'second']);
  });
});
