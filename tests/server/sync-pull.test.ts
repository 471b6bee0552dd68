// GET sync/pull (issue #25 item 1, common/sync-contract.ts SyncPull): the cursor's round trip, a
// tiny answer when nothing changed, each kind of change made elsewhere in the next pull, the
// 'refresh' answer to a cursor that cannot be served, and the edge's validation. It reads the
// post change feed like posts/changes (tests/server/sync-support.ts), so scripts/server-suite-pg.sh
// runs it alone.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { ApiError } from '../../common/contract';
import { SYNC_CURSOR_MAX_AGE_MS, type SyncPull } from '../../common/sync-contract';
import { decodeSyncCursor, encodeSyncCursor } from '../../server/domain/sync-cursor';
import { callOk, useApi } from './api';
import { createItem, createList } from './lists-support';
import { newRequest } from './post-actors';
import { changes } from './sync-support';

const api = useApi();
let viewer: string;
let other: string;
beforeAll(async () => {
  viewer = (await api.register('Viewer Vera')).authorization.token;
  other = (await api.register('Other Otto')).authorization.token;
});

type Pulled = { data: SyncPull; bytes: number };

async function pull(token: string | undefined, query: Record<string, string> = {}, headers?: Record<string, string>): Promise<Pulled> {
  const search = new URLSearchParams(query).toString();
  const r = await api.call<Envelope<SyncPull>>('GET', `sync/pull${search === '' ? '' : `?${search}`}`, { ...(token === undefined ? {} : { token }), ...(headers ? { headers } : {}) });
  if (r.status !== 200) throw new Error(`sync/pull answered ${r.status}: ${JSON.stringify(r.json)}`);
  return { data: r.json.data, bytes: JSON.stringify(r.json).length };
}

const SECTIONS = ['settings', 'reminders', 'hidden_people', 'notifications', 'moderation', 'note_counts', 'lists', 'list_items', 'biblical', 'bookmarks', 'post_sessions', 'list_sessions'] as const;
const sectionsOf = (data: SyncPull) => SECTIONS.filter((name) => data[name] !== undefined);


/** A device that has caught up: its cursor after a full first pull and one more (nothing new since). */
async function caughtUp(token: string): Promise<string> {
  const first = await pull(token, { full: '1' });
  return (await pull(token, { cursor: first.data.cursor, full: '1' })).data.cursor;
}

describe('GET sync/pull', () => {
  it('without a cursor answers every section and where the posts start; nothing changed answers a few hundred bytes', async () => {
    const first = await pull(viewer);
    expect(first.data.refresh).toBe(false);
    expect(sectionsOf(first.data)).toEqual(['settings', 'reminders', 'hidden_people', 'notifications', 'note_counts', 'lists', 'biblical', 'bookmarks', 'post_sessions', 'list_sessions']);
    expect(first.data.posts).toEqual([]);
    expect(first.data.cursor).toMatch(/^[\w-]+$/);
    expect(first.data.unread_count).toBe(0);
    expect(first.data.new_count).toBeNull();
    // The sections are what their single routes answer.
    const settings = await api.call<Envelope<{ settings: unknown }>>('GET', 'user/settings', { token: viewer });
    expect(first.data.settings).toEqual(settings.json.data.settings);
    const lists = await api.call<Envelope<unknown>>('GET', 'list', { token: viewer });
    expect(first.data.lists).toEqual(lists.json.data);

    const again = await pull(viewer, { cursor: first.data.cursor, full: '1', since: new Date().toISOString() });
    expect(again.data).toMatchObject({ refresh: false, posts: [], deleted: [], has_more: false, new_count: 0, unread_count: 0 });
    expect(sectionsOf(again.data)).toEqual([]);
    expect(again.bytes).toBeLessThan(1024);
    expect(first.bytes).toBeGreaterThan(4 * again.bytes);
  });

  it('brings a new post, a prayer count, a comment count, a notification and a deletion made elsewhere', async () => {
    const mine = await newRequest(api, viewer, 'Pray for my exam.');
    const since = new Date().toISOString();
    const cursor = await caughtUp(viewer);
    const theirs = await newRequest(api, other, 'Pray for my mother.');
    await callOk(api, 'POST', `post/${mine.id}/pray`, other);
    await callOk(api, 'POST', `post/${mine.id}/comment`, other, { comment: 'Praying for you' });
    const next = await pull(viewer, { cursor, since });
    expect(next.data.refresh).toBe(false);
    expect(next.data.new_count).toBe(1);
    const byId = new Map(next.data.posts.map((post) => [post.id, post]));
    expect(byId.get(theirs.id)?.text).toBe('Pray for my mother.');
    expect(byId.get(mine.id)).toMatchObject({ prayedCount: 1, commentCount: 1 });
    // The author is told: the unread count and the first page of notifications come with it.
    expect(next.data.unread_count).toBeGreaterThan(0);
    expect(next.data.notifications?.unread_count).toBe(next.data.unread_count);
    expect(next.data.notifications?.data.some((n) => 'post_id' in n && n.post_id === mine.id)).toBe(true);
    // Only what changed: the settings and the rest stay out.
    expect(sectionsOf(next.data)).toEqual(['notifications']);

    await callOk(api, 'DELETE', `post/${theirs.id}`, other);
    const after = await pull(viewer, { cursor: next.data.cursor });
    expect(after.data.deleted).toContain(theirs.id);
    expect(after.data.posts.map((post) => post.id)).not.toContain(theirs.id);
  });

  it('brings a list item added on another device with the next full pull, and only that list', async () => {
    const list = await createList(api, viewer, { name: 'Family' });
    const cursor = await caughtUp(viewer);
    // A pull without `full` reads no list, and leaves their digests as they were.
    const item = await createItem(api, viewer, list.id, { text: 'Pray for grandma' });
    const light = await pull(viewer, { cursor });
    expect(light.data.list_items).toBeUndefined();
    const next = await pull(viewer, { cursor: light.data.cursor, full: '1' });
    expect(next.data.list_items?.map((section) => [section.list?.id, section.items.map((i) => i.id), section.complete])).toEqual([[list.id, [item.id], true]]);
    expect(next.data.lists?.myLists.find((l) => l.id === list.id)).toBeDefined();
    expect(next.data.list_sessions?.map((s) => s.key)).toContain(`list:${list.id}`);
    expect(next.data.biblical).toBeUndefined();
  });

  it('brings a changed setting and a hidden person without full', async () => {
    const cursor = await caughtUp(viewer);
    await callOk(api, 'PUT', 'user/prayer-session-items-qtd', viewer, { qtd: 7 });
    const next = await pull(viewer, { cursor });
    expect(next.data.settings?.session_items_qtd).toBe(7);
    expect(sectionsOf(next.data)).toEqual(['settings']);
    const otherId = (await api.call<Envelope<{ user: { id: number } }>>('GET', 'auth/me', { token: other })).json.data.user.id;
    await callOk(api, 'PUT', `user/hidden-people/${otherId}`, viewer);
    const hidden = await pull(viewer, { cursor: next.data.cursor });
    expect(hidden.data.hidden_people?.people.map((person) => person.id)).toEqual([otherId]);
    expect(sectionsOf(hidden.data)).toEqual(['hidden_people']);
  });

  it("brings this account's notes count on a post, written or deleted on another device, without full; to no one else", async () => {
    const theirs = await newRequest(api, other, 'Pray for the journey.');
    const cursor = await caughtUp(viewer);
    const otherCursor = await caughtUp(other);
    const written = await api.call<Envelope<{ note: { id: number } }>>('POST', `post/${theirs.id}/note`, { token: viewer, body: { note: 'Ask on Sunday' } });
    expect(written.status).toBe(201);
    await callOk(api, 'POST', `post/${theirs.id}/note`, viewer, { note: 'And on Monday' });
    // A note changes no column of the post: no post change carries it, the section does.
    const next = await pull(viewer, { cursor });
    expect(next.data.posts.map((post) => post.id)).not.toContain(theirs.id);
    expect(next.data.note_counts?.complete).toBe(true);
    expect(next.data.note_counts?.posts.find((noted) => noted.post_id === theirs.id)).toEqual({ post_id: theirs.id, count: 2 });
    expect(sectionsOf(next.data)).toEqual(['note_counts']);
    expect(sectionsOf((await pull(other, { cursor: otherCursor })).data)).toEqual([]);

    await callOk(api, 'DELETE', `post/${theirs.id}/note/${written.json.data.note.id}`, viewer);
    const fewer = await pull(viewer, { cursor: next.data.cursor });
    expect(fewer.data.note_counts?.posts.find((noted) => noted.post_id === theirs.id)?.count).toBe(1);
    // A post the viewer may no longer see leaves the set.
    await callOk(api, 'DELETE', `post/${theirs.id}`, other);
    const gone = await pull(viewer, { cursor: fewer.data.cursor });
    expect(gone.data.deleted).toContain(theirs.id);
    expect(gone.data.note_counts?.posts.map((noted) => noted.post_id)).not.toContain(theirs.id);
  });

  it("follows posts/changes's plan, the cursor moving on", async () => {
    const cursor = (await pull(viewer)).data.cursor;
    // Shares posts/changes's plan: the same posts after the same position.
    const author = (await api.register('Author Ada')).authorization.token;
    const post = await newRequest(api, author, 'Pray for the harvest.');
    const decoded = decodeSyncCursor(cursor);
    if (!decoded) throw new Error('the server wrote a cursor it cannot read');
    const next = await pull(viewer, { cursor });
    expect(next.data.posts).toEqual((await changes(api, decoded.postsText, viewer)).posts);
    expect(next.data.posts.map((p) => p.id)).toContain(post.id);
    expect((await pull(viewer, { cursor: next.data.cursor })).data.posts).toEqual([]);
  });
});

describe('a cursor the server cannot serve', () => {
  async function expectRefresh(token: string, cursor: string, headers?: Record<string, string>): Promise<void> {
    const answer = await pull(token, { cursor }, headers);
    expect(answer.data.refresh).toBe(true);
    expect(answer.data.posts).toEqual([]);
    // Everything, as to a device with no cursor: the device refreshes what it holds.
    expect(sectionsOf(answer.data)).toEqual(expect.arrayContaining(['settings', 'lists', 'biblical', 'post_sessions']));
    // The fresh cursor is served.
    expect((await pull(token, { cursor: answer.data.cursor }, headers)).data.refresh).toBe(false);
  }

  it("answers 'refresh' to another account's cursor", async () => {
    await expectRefresh(viewer, await caughtUp(other));
  });

  it("answers 'refresh' to another channel's cursor", async () => {
    await expectRefresh(viewer, await caughtUp(viewer), { 'x-channel-id': '2' });
  });

  it("answers 'refresh' to a cursor older than SYNC_CURSOR_MAX_AGE_MS, and not to a younger one", async () => {
    const held = decodeSyncCursor(await caughtUp(viewer));
    if (!held) throw new Error('unreadable cursor');
    const aged = (ms: number) => encodeSyncCursor({ ...held, issuedAt: Date.now() - ms });
    expect((await pull(viewer, { cursor: aged(SYNC_CURSOR_MAX_AGE_MS - 60_000) })).data.refresh).toBe(false);
    await expectRefresh(viewer, aged(SYNC_CURSOR_MAX_AGE_MS + 60_000));
  });

  it("answers 'refresh' to a position the change feed has not reached (another database)", async () => {
    const held = decodeSyncCursor(await caughtUp(viewer));
    if (!held) throw new Error('unreadable cursor');
    const ahead = ((held.posts.xid + 1_000_000n) << 32n).toString();
    await expectRefresh(viewer, encodeSyncCursor({ ...held, postsText: ahead }));
  });
});

describe('validation at the edge', () => {
  it.each([
    ['cursor', 'not a cursor!'],
    ['cursor', Buffer.from('{"v":1}').toString('base64url')],
    ['cursor', Buffer.from('[1,2]').toString('base64url')],
    ['since', 'yesterday'],
    ['full', 'maybe'],
  ])('refuses %s=%s with a 422 naming the field', async (field, value) => {
    const r = await api.call<ApiError>('GET', `sync/pull?${field}=${encodeURIComponent(value)}`, { token: viewer });
    expect(r.status).toBe(422);
    expect(Object.keys(r.json.errors ?? {})).toEqual([field]);
    if (field === 'cursor') expect(r.json.fieldCodes?.cursor).toEqual([{ code: 'sync.invalid_cursor' }]);
  });

  it('answers an anonymous caller the posts and the public sections only', async () => {
    const answer = await pull(undefined);
    expect(answer.data.unread_count).toBeNull();
    expect(sectionsOf(answer.data)).toEqual(['lists', 'biblical', 'post_sessions', 'list_sessions']);
    expect(Object.keys(answer.data.post_sessions ?? {})).toEqual(['community']);
  });
});
