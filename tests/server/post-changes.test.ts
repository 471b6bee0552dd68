// GET posts/changes (issue #10, common/sync-contract.ts PostChanges): the delta pull that keeps
// locally held posts fresh. Each changed post comes as GET posts serializes it for the caller;
// posts gone from the caller's view come as ids in `deleted`.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ApiPost, Envelope, PostResponse } from '../../common/contract';
import { REPORTS_TO_DENOUNCE } from '../../common/constants';
import { SYNC_CHANGES_PAGE_SIZE } from '../../common/sync-contract';
import { callOk, useApi } from './api';
import { newRequest } from './post-actors';
import { changes } from './sync-support';

const api = useApi();
let viewer: string;
let author: string;
let authorId: number;
beforeAll(async () => {
  viewer = (await api.register('Viewer Vera')).authorization.token;
  const registered = await api.register('Author Arno');
  author = registered.authorization.token;
  authorId = registered.user.id;
});

const asViewer = async (id: number): Promise<ApiPost> => (await api.call<Envelope<PostResponse>>('GET', `post/${id}`, { token: viewer })).json.data.post;

describe('GET posts/changes', () => {
  it('without since answers only the cursor to start from', async () => {
    const start = await changes(api, undefined, viewer);
    expect(start).toEqual({ posts: [], deleted: [], cursor: expect.stringMatching(/^\d+$/), has_more: false });
    // Nothing changed since: the same cursor back, nothing else; anonymous callers may ask too.
    expect(await changes(api, start.cursor, viewer)).toEqual({ posts: [], deleted: [], cursor: start.cursor, has_more: false });
    expect((await changes(api, start.cursor)).posts).toEqual([]);
  });

  it('brings a post back after a prayer, a comment, an answer and an edit, as GET post shows it', async () => {
    const post = await newRequest(api, author, 'Pray for my new job.');
    const { cursor } = await changes(api, undefined, viewer);
    const other = (await api.register('Praying Paul')).authorization.token;
    await callOk(api, 'POST', `post/${post.id}/pray`, other);
    let page = await changes(api, cursor, viewer);
    expect(page.posts).toEqual([await asViewer(post.id)]);
    expect(page.posts[0]?.prayedCount).toBe(1);

    await callOk(api, 'POST', `post/${post.id}/comment`, other, { comment: 'Praying!' });
    page = await changes(api, page.cursor, viewer);
    expect(page.posts.map((p) => [p.id, p.commentCount])).toEqual([[post.id, 1]]);

    await callOk(api, 'POST', 'post/answer', author, { post_id: post.id, answer_text: 'I got the job!' });
    await callOk(api, 'PUT', `post/${post.id}`, author, { text: 'Pray for my new job (update).' });
    page = await changes(api, page.cursor, viewer);
    expect(page.posts).toEqual([await asViewer(post.id)]);
    expect(page.posts[0]).toMatchObject({ atendido: true, answer_text: 'I got the job!', text: 'Pray for my new job (update).', commentCount: 1 });
    expect(page.deleted).toEqual([]);
    // The author sees their own flags (is_mine), the viewer theirs.
    expect((await changes(api, cursor, author)).posts[0]).toMatchObject({ id: post.id, is_mine: true });
  });

  it('lists a deleted post, and one removed for good, in deleted', async () => {
    const soft = await newRequest(api, author, 'Soon deleted.');
    const hard = await newRequest(api, author, 'Soon removed for good.');
    const { cursor } = await changes(api, undefined, viewer);
    await callOk(api, 'DELETE', `post/${soft.id}`, author);
    // An account deletion removes its posts for good (ON DELETE CASCADE); the row itself goes here.
    await api.server.handle.db.execute(sql`delete from posts where id = ${hard.id}`);
    const page = await changes(api, cursor, viewer);
    expect(page.posts).toEqual([]);
    expect(page.deleted).toEqual([soft.id, hard.id]);
  });

  it('lists a post hidden by reports in deleted for others, while its author still gets it', async () => {
    const post = await newRequest(api, author, 'Reported until hidden.');
    const { cursor } = await changes(api, undefined, viewer);
    for (let i = 0; i < REPORTS_TO_DENOUNCE; i += 1) {
      await callOk(api, 'POST', `post/${post.id}/report`, (await api.register(`Reporter ${i}`)).authorization.token, { type: 'spam' });
    }
    expect(await changes(api, cursor, viewer)).toMatchObject({ posts: [], deleted: [post.id] });
    expect((await changes(api, cursor)).deleted).toEqual([post.id]);
    expect((await changes(api, cursor, author)).posts.map((p) => [p.id, p.visibility])).toEqual([[post.id, 4]]);
  });

  it('keeps channels apart: a change in channel 2 is only in channel 2', async () => {
    const { cursor } = await changes(api, undefined, viewer);
    const pt = await newRequest(api, author, 'Orem por mim.', { channel_id: 2 });
    await callOk(api, 'POST', `post/${pt.id}/pray`, viewer);
    expect((await changes(api, cursor, viewer)).posts).toEqual([]);
    const inPt = await changes(api, cursor, viewer, { 'x-channel-id': '2' });
    expect(inPt.posts.map((p) => [p.id, p.prayedCount, p.channel_id])).toEqual([[pt.id, 1, 2]]);
  });

  it('pages by cursor with has_more, even through one transaction that changed many posts', async () => {
    const { cursor } = await changes(api, undefined, viewer);
    const total = SYNC_CHANGES_PAGE_SIZE + 50;
    // One statement, one transaction: every change has the same transaction id, paged by post id.
    await api.server.handle.db.execute(sql`insert into posts (user_id, channel_id, type, text)
      select ${authorId}, 1, 'REQUEST', 'Bulk request ' || n from generate_series(1, ${total}) as n`);
    const first = await changes(api, cursor, viewer);
    expect(first.has_more).toBe(true);
    expect(first.posts).toHaveLength(SYNC_CHANGES_PAGE_SIZE);
    const second = await changes(api, first.cursor, viewer);
    expect(second.has_more).toBe(false);
    expect(second.posts).toHaveLength(total - SYNC_CHANGES_PAGE_SIZE);
    const ids = [...first.posts, ...second.posts].map((p) => p.id);
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(BigInt(second.cursor)).toBeGreaterThan(BigInt(first.cursor));
    expect(await changes(api, second.cursor, viewer)).toMatchObject({ posts: [], deleted: [], has_more: false });
  });

  it('refuses a since that is not a cursor (422)', async () => {
    for (const since of ['abc', '-1', '1.5', '1e3', '', '9'.repeat(31), `${2n ** 95n}`]) {
      const r = await api.call<ApiError>('GET', `posts/changes?since=${encodeURIComponent(since)}`, { token: viewer });
      expect({ since, status: r.status }).toEqual({ since, status: 422 });
      expect(r.json.errors?.since).toEqual(['since must be a cursor returned by posts/changes']);
    }
  });
});
