// Post actions through the outbox against the real server (docs/architecture/sync-protocol.md
// 'Outbox and sync protocol'): edit, answer, remove the answer, report and delete arrive once and
// reconcile; docs/product.md §4 answered posts go to the top; a permanent refusal is rolled back,
// recorded with its docs/product.md §5 banner text, and the queue goes on.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ApiComment, Page, PostResponse } from '../../common/contract';
import { answerPost, createComment, createRequest, deletePost, editPost, prayForPost, removeAnswer, reportPost } from '../../src/commands';
import { commit, newEntry } from '../../src/commands/commit';
import { bannerMessage } from '../../src/components/api-error';
import { db } from '../../src/model/db';
import { readFeed, readPost } from '../../src/db/reads';
import { enUS } from '../../src/i18n/locales/en-US';
import { drainOutbox } from '../../worker/drain';
import { pullFeed } from '../../worker/pull';
import { direct, mutations, otherGuestToken, pulledRequest, sentMutations, serverPost, useHarness } from './support';

const h = useHarness();

/** A request of this device's guest, on the server and pulled. */
const myRequest = (text: string) => pulledRequest(h, text);
const someoneElsesRequest = async (text: string) => pulledRequest(h, text, await otherGuestToken(h));

async function englishT() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
  return i18n.t;
}

describe('post actions', () => {
  it('edit, answer and remove the answer arrive once, in order, and reconcile', async () => {
    const id = await myRequest('Pray for my exam');
    await editPost(id, { text: 'Pray for my exams' });
    await answerPost(id, 'I passed');
    expect((await readFeed({}))[0]).toMatchObject({ id, text: 'Pray for my exams', atendido: true, isPending: true });

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 2, refused: 0, remaining: 0 });
    expect(sentMutations(h.calls).map((c) => [c.method, c.path])).toEqual([['PUT', `post/${id}`], ['POST', 'post/answer']]);
    const onServer = (await direct<PostResponse>(h, { path: `post/${id}` })).post;
    expect(onServer).toMatchObject({ text: 'Pray for my exams', atendido: true, answer_text: 'I passed' });
    expect(await readPost(id)).toMatchObject({ text: 'Pray for my exams', answer_text: 'I passed', updated_answer_at: onServer.updated_answer_at, isPending: false });

    await removeAnswer(id);
    await drainOutbox(h.api);
    expect((await direct<PostResponse>(h, { path: `post/${id}` })).post).toMatchObject({ atendido: false, answer_text: null });
    expect(await readPost(id)).toMatchObject({ atendido: false, isPending: false });
  });

  it('an answered post stays at the top after a pull (docs/product.md §4)', async () => {
    const mine = await myRequest('An older request of mine');
    await someoneElsesRequest('A newer request of someone else');
    expect((await readFeed({}))[0]?.id).not.toBe(mine);
    await answerPost(mine, 'Answered');
    expect((await readFeed({}))[0]?.id).toBe(mine);
    await drainOutbox(h.api);
    await pullFeed(h.api, {});
    expect((await readFeed({}))[0]).toMatchObject({ id: mine, atendido: true, isPending: false });
  });

  it("a report of someone else's post reaches the server once", async () => {
    const theirs = await someoneElsesRequest('Their request');
    await reportPost(theirs, 'spam');
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, remaining: 0 });
    expect(mutations(h.calls).map((c) => [c.path, c.status])).toEqual([[`post/${theirs}/report`, 200]]);
    expect((await readPost(theirs))?.isReported).toBe(false);
  });

  it('a delete reaches the server; the post is gone here and there', async () => {
    const id = await myRequest('To be deleted');
    await deletePost(id);
    expect(await readPost(id)).toBeNull();
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 1, remaining: 0 });
    expect(await db.posts.get(id)).toBeUndefined();
    expect((await h.api.call({ path: `post/${id}` })).status).toBe(404);
  });

  it('a post written offline and deleted before it was sent never reaches the server', async () => {
    const { id } = await createRequest({ text: 'Never mind', type: 'REQUEST', is_anonymous: false });
    await deletePost(id);
    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, refused: 0, remaining: 0 });
    expect(mutations(h.calls)).toEqual([]);
  });
});

describe('permanent refusals (docs/architecture/sync-protocol.md, Outbox and sync protocol)', () => {
  it('an edit of a request deleted elsewhere is refused and rolled back; later entries still arrive', async () => {
    const id = await myRequest('Deleted on my other phone');
    const other = await someoneElsesRequest('Still here');
    await direct(h, { method: 'DELETE', path: `post/${id}` });
    await editPost(id, { text: 'An edit that comes too late' });
    await prayForPost(other);
    await createComment(other, 'Praying for you');

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 2, refused: 1, remaining: 0 });

    const [failed, ...more] = await db.failed.toArray();
    expect(more).toHaveLength(0);
    expect(failed).toMatchObject({ op: 'post.edit', target: { postId: id }, status: 404 });
    expect(bannerMessage(failed, await englishT(), 'fallback')).toBe('This prayer request was deleted or is no longer available.');
    expect(await readPost(id)).toBeNull();
    expect((await serverPost(h, other)).prayedCount).toBe(1);
    const comments = await direct<Page<ApiComment>>(h, { path: `post/${other}/comments` });
    expect(comments.data.map((c) => c.comment)).toEqual(['Praying for you']);
  });

  it('a 422 rolls back to the server’s text and the banner says why in the app’s words (issue #12)', async () => {
    const id = await myRequest('Original text');
    // Past the command's own validation, as a rule only the server knows would refuse it.
    await commit(async () => newEntry('post.edit', { postId: id }, { text: 'x'.repeat(2001) }));
    expect((await readPost(id))?.text).toHaveLength(2001);

    expect(await drainOutbox(h.api)).toMatchObject({ sent: 0, refused: 1 });

    expect(await readPost(id)).toMatchObject({ text: 'Original text', isPending: false });
    const [failed] = await db.failed.toArray();
    expect(failed).toMatchObject({ op: 'post.edit', status: 422, errors: { text: [expect.any(String)] } });
    expect(failed).toMatchObject({ code: 'validation.too_long', fieldCodes: { text: [{ code: 'validation.too_long', params: { max: 2000 } }] } });
    expect(bannerMessage(failed, await englishT(), 'fallback')).toBe('Keep it under 2000 characters.');
  });
});
