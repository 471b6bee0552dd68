// docs/product.md §7 GET post/session/{quick,bookmark,my-prayers,community}: Page<ApiPost> feeds for a prayer
// session, with the semantics of
// docs/decisions/0082-posts-the-prayer-session-feeds-loadmore-is-a-cursor.md.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiPost, Envelope, PostPage } from '../../common/contract';
import { useApi } from './api';
import { newRequest, useActors } from './post-actors';

const api = useApi();
const actors = useActors(api);
// Posts by `other` in channel 1 unless named otherwise.
let open1: ApiPost;
let open2: ApiPost;
let thanks: ApiPost;
let answered: ApiPost;
let spanish: ApiPost;
let ownOpen: ApiPost;
let ownAnswered: ApiPost;

beforeAll(async () => {
  open1 = await newRequest(api, actors.other, 'Open request one');
  thanks = await api.createPost(actors.other, { text: 'Thanks be to God', type: 'THANK' });
  answered = await newRequest(api, actors.other, 'Answered request');
  await api.call('POST', 'post/answer', { token: actors.other, body: { post_id: answered.id, answer_text: 'Yes!' } });
  spanish = await newRequest(api, actors.other, 'Petición en español', { channel_id: 3 });
  ownAnswered = await newRequest(api, actors.owner, 'My answered request');
  await api.call('POST', 'post/answer', { token: actors.owner, body: { post_id: ownAnswered.id } });
  ownOpen = await newRequest(api, actors.owner, 'My open request');
  open2 = await newRequest(api, actors.other, 'Open request two');
});

const session = (name: string, token?: string, query = '', headers?: Record<string, string>) =>
  api.call<Envelope<PostPage>>('GET', `post/session/${name}${query}`, { ...(token === undefined ? {} : { token }), ...(headers ? { headers } : {}) });
const ids = (page: PostPage) => page.data.map((p) => p.id);

describe('GET post/session/quick', () => {
  it('gives other people\'s open requests of the channel, newest first, in pages of the caller\'s session size (5)', async () => {
    const r = await session('quick', actors.owner);
    expect(r.status).toBe(200);
    const page = r.json.data;
    expect(page.data).toHaveLength(5);
    expect(ids(page).slice(0, 2)).toEqual([open2.id, open1.id]);
    expect(page.last_page).toBe(Math.ceil(page.total / 5));
    for (const post of page.data) expect(post).toMatchObject({ type: 'REQUEST', atendido: false, is_mine: false, channel_id: 1 });
    const all = await Promise.all(Array.from({ length: page.last_page }, (_, i) => session('quick', actors.owner, `?page=${i + 1}`)));
    const every = all.flatMap((p) => ids(p.json.data));
    expect(every).toHaveLength(page.total);
    for (const excluded of [thanks.id, answered.id, spanish.id, ownOpen.id]) expect(every).not.toContain(excluded);
  });

  it('leaves out what the caller already prayed for today', async () => {
    await api.call('POST', `post/${open2.id}/pray`, { token: actors.guest });
    const r = await session('quick', actors.guest);
    expect(ids(r.json.data)).not.toContain(open2.id);
    expect(ids(r.json.data).slice(0, 2)).toEqual([ownOpen.id, open1.id]);
    expect(ids((await session('quick', actors.owner)).json.data)[0]).toBe(open2.id);
  });

  it('needs a session (401 for visitors) and a valid page (422)', async () => {
    expect((await session('quick')).status).toBe(401);
    expect((await session('quick', actors.owner, '?page=0')).status).toBe(422);
  });
});

describe('GET post/session/bookmark', () => {
  it('gives the caller\'s bookmarks in any channel, most recently bookmarked first, without deleted posts', async () => {
    const gone = await newRequest(api, actors.other, 'Soon deleted');
    for (const post of [open1, spanish, gone]) await api.call('POST', `post/${post.id}/bookmark`, { token: actors.guest });
    await api.call('DELETE', `post/${gone.id}`, { token: actors.other });
    const r = await session('bookmark', actors.guest);
    expect(r.status).toBe(200);
    expect(ids(r.json.data)).toEqual([spanish.id, open1.id]);
    expect(r.json.data).toMatchObject({ current_page: 1, last_page: 1, total: 2 });
    expect(r.json.data.data.every((p) => p.is_bookmarked)).toBe(true);
    expect((await session('bookmark', actors.owner)).json.data.total).toBe(0);
    expect((await session('bookmark')).status).toBe(401);
  });
});

describe('GET post/session/my-prayers', () => {
  it('gives the caller\'s own open requests only', async () => {
    const r = await session('my-prayers', actors.owner);
    expect(r.status).toBe(200);
    expect(ids(r.json.data)).toEqual([ownOpen.id]);
    expect(r.json.data.total).toBe(1);
    expect((await session('my-prayers', actors.guest)).json.data.total).toBe(0);
    expect((await session('my-prayers')).status).toBe(401);
  });
});

describe('GET post/session/community', () => {
  it('gives open requests of the channel by others, newest first; visitors may read it', async () => {
    const visitor = await session('community');
    expect(visitor.status).toBe(200);
    expect(ids(visitor.json.data).slice(0, 3)).toEqual([open2.id, ownOpen.id, open1.id]);
    const mine = await session('community', actors.owner);
    expect(ids(mine.json.data)).not.toContain(ownOpen.id);
    expect(ids(mine.json.data).slice(0, 2)).toEqual([open2.id, open1.id]);
    for (const post of mine.json.data.data) expect(post).toMatchObject({ type: 'REQUEST', atendido: false, channel_id: 1 });
  });

  it('follows x-channel-id', async () => {
    const r = await session('community', undefined, '', { 'x-channel-id': '3' });
    expect(ids(r.json.data)[0]).toBe(spanish.id);
    expect(r.json.data.data.every((p) => p.channel_id === 3)).toBe(true);
  });
});
