// Issue #28 item 3, updates of a request through the outbox against the real server: written
// offline they show at once and reach the server exactly once (a lost answer replays, nothing more);
// one removed before it was sent never leaves the device; another device gets them through the one
// pull; a refused one (not the author) is rolled back visibly and listed with its words.
import { describe, expect, it } from 'vitest';
import type { PostResponse } from '../../common/contract';
import type { PostUpdateResponse } from '../../common/post-updates-contract';
import { addUpdate, createRequest, deleteUpdate, prayForPost } from '../../src/commands';
import { readPost } from '../../src/db/reads';
import { db } from '../../src/model/db';
import { opLabelKey } from '../../src/routes/-failed-changes';
import { drainOutbox } from '../../worker/drain';
import { pullFeed } from '../../worker/pull';
import { pullOnce } from './groups-support';
import { direct, mutations, otherGuestToken, sentMutations, serverPost, useHarness } from './support';

const h = useHarness();

type WithUpdates = { updates?: { id: number; text: string }[] };
const serverUpdates = async (postId: number) => ((await serverPost(h, postId)) as WithUpdates).updates?.map((u) => u.text) ?? [];
/** [text, waiting to be sent, has the server's id]: one written here keeps its temporary negative id until the answer. */
const shown = async (postId: number) => (await readPost(postId))?.shownUpdates.map((u) => [u.text, u.id < 0, u.id > 0]) ?? [];

/** A request of this device, sent. */
async function myRequest(text = 'Pray for my mother\'s surgery'): Promise<number> {
  const { id } = await createRequest({ text, type: 'REQUEST', is_anonymous: false });
  expect(await drainOutbox(h.api)).toMatchObject({ refused: 0, remaining: 0 });
  const post = await readPost(id);
  if (!post || post.id < 0) throw new Error('the request was not sent');
  h.calls.length = 0;
  return post.id;
}

describe('an update written offline', () => {
  it('shows at once, waits, and reaches the server exactly once though its answer was lost', async () => {
    const postId = await myRequest();
    h.setFault(() => 'offline');
    const { id: tempId } = await addUpdate(postId, '  Surgery is on Thursday ');
    expect(tempId).toBeLessThan(0);
    expect(await shown(postId)).toEqual([['Surgery is on Thursday', true, false]]);
    expect(await readPost(postId)).toMatchObject({ isPending: true });
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 1 });

    // Online again, the server applies it but the answer is lost: the retry with the same key replays.
    let dropped = false;
    h.setFault((c) => ((c.items ?? [c]).some((item) => item.path.endsWith('/update')) && !dropped ? ((dropped = true), 'drop-response') : 'pass'));
    await drainOutbox(h.api, { ignoreBackoff: true });
    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ refused: 0, remaining: 0 });

    // Offline, then applied with its answer lost, then replayed: one key, one update on the server.
    const sends = sentMutations(h.calls).filter((c) => c.path === `post/${postId}/update`);
    expect(sends.map((c) => c.status)).toEqual(['dropped', 'dropped', 201]);
    expect(new Set(sends.map((c) => c.key)).size).toBe(1);
    expect(await serverUpdates(postId)).toEqual(['Surgery is on Thursday']);
    expect(await shown(postId)).toEqual([['Surgery is on Thursday', false, true]]);
    expect(await readPost(postId)).toMatchObject({ isPending: false });
  });

  it('removed before it was sent, never leaves the device; removed after, leaves the server too', async () => {
    const postId = await myRequest('Pray for the exams');
    const { id: tempId } = await addUpdate(postId, 'Wrong request');
    await deleteUpdate(postId, tempId);
    expect(await shown(postId)).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, remaining: 0 });
    expect(mutations(h.calls)).toEqual([]);

    await addUpdate(postId, 'Passed the first one');
    await addUpdate(postId, 'Passed them all');
    expect(await drainOutbox(h.api)).toMatchObject({ refused: 0, remaining: 0 });
    const first = (await readPost(postId))?.shownUpdates[0];
    await deleteUpdate(postId, first?.id ?? 0);
    expect(await shown(postId)).toEqual([['Passed them all', false, true]]);
    expect(await drainOutbox(h.api)).toMatchObject({ refused: 0, remaining: 0 });
    expect(await serverUpdates(postId)).toEqual(['Passed them all']);
  });

  it('removed while it was being sent, the removal waits for its real id and follows it', async () => {
    const postId = await myRequest('Pray for the journey');
    const { id: tempId } = await addUpdate(postId, 'We leave at dawn');
    // As a push that got no answer leaves its head (a send in flight is in meta's in-flight set,
    // tests/unit/post-commands.test.ts): the create can no longer be cancelled here.
    await db.outbox.toCollection().modify({ state: 'sending' });
    await deleteUpdate(postId, tempId);
    expect(await shown(postId)).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual(['postUpdate.create', 'postUpdate.delete']);

    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ refused: 0, remaining: 0 });

    const paths = sentMutations(h.calls).map((c) => `${c.method} ${c.path.replace(/\d+/g, 'N')}`);
    expect(paths).toEqual(['POST post/N/update', 'DELETE post/N/update/N']);
    expect(sentMutations(h.calls)[1]?.path).not.toContain('-');
    expect(await serverUpdates(postId)).toEqual([]);
    expect(await shown(postId)).toEqual([]);
  });

  it('is checked before it is queued: the author only, 1-500 characters', async () => {
    const postId = await myRequest();
    await expect(addUpdate(postId, '   ')).rejects.toMatchObject({ status: 422, message: 'Write the update' });
    await expect(addUpdate(postId, 'u'.repeat(501))).rejects.toMatchObject({ status: 422, message: 'Keep it under 500 characters' });
    const theirs = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Their request', type: 'REQUEST' }, token: await otherGuestToken(h) })).post;
    await pullFeed(h.api, {});
    await expect(addUpdate(theirs.id, 'Not mine to tell')).rejects.toMatchObject({ status: 403 });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('an update made elsewhere', () => {
  it('reaches this device through the one pull, and so does its removal', async () => {
    const author = await otherGuestToken(h);
    const post = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Pray for our move', type: 'REQUEST' }, token: author })).post;
    await pullFeed(h.api, {});
    await prayForPost(post.id);
    expect(await drainOutbox(h.api)).toMatchObject({ refused: 0, remaining: 0 });
    await pullOnce(h);
    expect(await shown(post.id)).toEqual([]);

    const added = await direct<PostUpdateResponse>(h, { method: 'POST', path: `post/${post.id}/update`, body: { text: 'The boxes are packed' }, token: author });
    await pullOnce(h);
    expect(await shown(post.id)).toEqual([['The boxes are packed', false, true]]);

    await direct(h, { method: 'DELETE', path: `post/${post.id}/update/${added.update.id}`, token: author });
    await pullOnce(h);
    expect(await shown(post.id)).toEqual([]);
  });
});

describe('a refused update', () => {
  it('is rolled back visibly and listed with its words and its label', async () => {
    // The device believes the post is its own (a stale row): the server knows better.
    const post = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Someone else\'s request', type: 'REQUEST' }, token: await otherGuestToken(h) })).post;
    await pullFeed(h.api, {});
    await db.posts.update(post.id, { is_mine: true });
    await addUpdate(post.id, 'Words I want to keep');
    expect(await shown(post.id)).toEqual([['Words I want to keep', true, false]]);

    expect(await drainOutbox(h.api)).toMatchObject({ refused: 1, remaining: 0 });

    expect(await shown(post.id)).toEqual([]);
    expect(await readPost(post.id)).toMatchObject({ isPending: false });
    expect(await db.failed.toArray()).toMatchObject([{ op: 'postUpdate.create', status: 403, code: 'post.not_author', requestBody: { text: 'Words I want to keep' } }]);
    expect(opLabelKey('postUpdate.create')).toBe('postUpdateCreate');
    expect(await serverUpdates(post.id)).toEqual([]);
  });
});
