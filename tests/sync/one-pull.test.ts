// Issue #25 item 1, the one pull (docs/decisions/0021-one-pull.md), against the real server: a
// returning start catches up through GET sync/pull, at most 2 requests when nothing changed, and
// shows after that one pull every change made elsewhere; a cursor the server cannot serve leads
// to a full refresh that keeps the queued work. Each start is a new context: a new engine, and the
// catch-ups of the last one forgotten (forgetCatchUps), over the same local database, as a reopened app's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiList, ApiListItem, ApiPost, NoteChangeResponse, PostResponse } from '../../common/contract';
import { SYNC_CURSOR_MAX_AGE_MS } from '../../common/sync-contract';
import { decodeSyncCursor, encodeSyncCursor } from '../../server/domain/sync-cursor';
import { clearAllTables, db } from '../../src/model/db';
import { getAuth, getMeta, setMeta } from '../../src/model/meta';
import type { SyncApi } from '../../worker/api-types';
import { createSyncEngine } from '../../worker/engine';
import { pollCounts } from '../../worker/poll';
import { catchUp, forgetCatchUps, recentCatchUp } from '../../worker/sync-pull';
import { connectSyncEngine } from '../../src/sync/client';
import { direct, faultyFetch, otherGuestToken, useHarness, type Fault, type RecordedCall } from './support';

const h = useHarness({}, { freshDevice: false });
let engine: SyncApi | null = null;
let calls: RecordedCall[] = [];
let fault: (call: { method: string; path: string }) => Fault = () => 'pass';

/** The page's handle of the last start's module graph: emptied after each test, or the next test
 * file in this worker (isolate: false) would poke a stopped engine whose server is gone. */
let disconnect: () => void = () => undefined;

afterEach(async () => {
  await engine?.stop();
  engine = null;
  disconnect();
});

/** A start in a new context: fresh worker modules, the held session, the feed screen's first pull; settled. */
async function start(): Promise<void> {
  await engine?.stop();
  // Not vi.resetModules(): with the suite's shared module graph (isolate: false) a second graph
  // opened its own copy of the database in some file orders, and the test read the other one.
  forgetCatchUps();
  calls = [];
  engine = createSyncEngine({ fetch: faultyFetch(calls, () => fault) });
  await engine.start({ apiBase: h.apiBase, online: true, visible: false });
  connectSyncEngine(engine);
  disconnect = () => connectSyncEngine(null);
  const held = await getAuth();
  const session = await engine.initSession({ memberToken: held.memberToken, guestToken: held.guestToken });
  if (!session.ok) throw new Error(session.error.message);
  const feed = await engine.pull('feed', [{}]);
  expect(feed.ok).toBe(true);
  await vi.waitFor(async () => {
    expect(calls.some((call) => call.path === 'sync/pull')).toBe(true);
    await recentCatchUp(h.api);
  });
  await engine.drain();
}

const apiCalls = () => calls.map((call) => `${call.method} ${call.path}`);

beforeEach(async () => {
  await clearAllTables();
  fault = () => 'pass';
  await start();
  const signedIn = await engine?.guestLogin();
  if (!signedIn?.ok) throw new Error('guest login failed');
  // The first visit's own pulls, to the end; the next start is a returning one.
  await engine?.prefetch();
});

describe('a returning start', () => {
  it('asks once when nothing changed', async () => {
    expect(await getMeta('syncCursor')).toMatchObject({ cursor: expect.any(String) });
    await start();
    // The startup flow's profile check (docs/product.md §4) and the one pull.
    expect(apiCalls().sort()).toEqual(['GET guest/me', 'GET sync/pull']);
  });

  it('shows a post, a prayer count, a comment count, a notification, a list item and a deletion made elsewhere', async () => {
    const other = await otherGuestToken(h);
    const mine = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Mine, to be prayed for', type: 'REQUEST' } })).post;
    const doomed = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Theirs, to be deleted', type: 'REQUEST' }, token: other })).post;
    const list = (await direct<{ list: ApiList }>(h, { method: 'POST', path: 'list', body: { name: 'Family', visibility: 'PRIVATE' } })).list;
    await start();
    expect(await db.posts.get(mine.id)).toBeDefined();
    expect(await db.posts.get(doomed.id)).toBeDefined();
    expect(await db.lists.get(list.id)).toBeDefined();

    // Elsewhere: another person prays, comments, posts and deletes; this account adds an item on another device.
    await direct(h, { method: 'POST', path: `post/${mine.id}/pray`, token: other });
    await direct(h, { method: 'POST', path: `post/${mine.id}/comment`, body: { comment: 'With you' }, token: other });
    const fresh = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'A new one elsewhere', type: 'REQUEST' }, token: other })).post;
    await direct(h, { method: 'DELETE', path: `post/${doomed.id}`, token: other });
    const item = (await direct<{ item: ApiListItem }>(h, { method: 'POST', path: `list/${list.id}/item`, body: { text: 'Grandma' } })).item;

    await start();

    // The profile check, one pull, and the first page because a new post waits.
    expect(apiCalls().sort()).toEqual(['GET guest/me', 'GET posts', 'GET sync/pull']);
    const shown = await db.posts.get(mine.id);
    expect(shown).toMatchObject({ prayedCount: 1, commentCount: 1 });
    expect(await db.posts.get(fresh.id)).toMatchObject({ text: 'A new one elsewhere' } satisfies Partial<ApiPost>);
    expect(await db.posts.get(doomed.id)).toBeUndefined();
    expect((await getMeta('notificationsUnread'))?.count).toBeGreaterThan(0);
    expect(await db.notifications.count()).toBeGreaterThan(0);
    expect(await db.listItems.get(item.id)).toMatchObject({ text: 'Grandma', post_list_id: list.id });
  });
});

describe('a viewer just known', () => {
  it('is caught up by a pull of its own, never by the one in flight', async () => {
    // The pull in flight may have been asked without the session and already passed its account
    // check: its answer has no unread count for the viewer (e2e/push.spec.ts, a cookie session).
    const from = h.calls.length;
    const inFlight = catchUp(h.api, 'full');
    expect(catchUp(h.api, 'full')).toBe(inFlight);
    const own = catchUp(h.api, 'viewer');
    expect(own).not.toBe(inFlight);
    // Later callers join the newest, which asks for everything.
    expect(catchUp(h.api, 'due')).toBe(own);
    expect((await inFlight).ok && (await own).ok).toBe(true);
    expect(h.calls.slice(from).filter((call) => call.path === 'sync/pull')).toHaveLength(2);
  });
});

describe('a note written on another device', () => {
  it('moves the post\'s notes count on the next poll, and a deleted one moves it back at the next start', async () => {
    // Someone else's post: no session feed of this account carries it, only the pull's posts and counts.
    const post = (await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text: 'Noted elsewhere', type: 'REQUEST' }, token: await otherGuestToken(h) })).post;
    await start();
    expect(await db.posts.get(post.id)).toMatchObject({ noteCount: 0 });

    // This account on another device: a note on the post (no column of the post changes, only this viewer's count).
    const written = await direct<NoteChangeResponse>(h, { method: 'POST', path: `post/${post.id}/note`, body: { note: 'Pray on Sunday' } });
    calls = [];
    expect(await pollCounts(h.api)).toBe(true);
    expect(await db.posts.get(post.id)).toMatchObject({ noteCount: 1 });

    // A note queued here stays on top of the pulled count; one deleted elsewhere takes the count back down.
    fault = (call) => (call.method === 'POST' ? 'offline' : 'pass');
    const { createNote } = await import('../../src/commands');
    await createNote(post.id, 'Queued here');
    await direct(h, { method: 'DELETE', path: `post/${post.id}/note/${written.note.id}` });
    await start();
    expect(apiCalls().filter((call) => call.startsWith('GET')).sort()).toEqual(['GET guest/me', 'GET sync/pull']);
    const { readPost } = await import('../../src/db/reads');
    expect(await readPost(post.id)).toMatchObject({ noteCount: 0, shownNoteCount: 1, isPending: true });
  });
});

describe('a cursor the server cannot serve', () => {
  it('leads to a full refresh that keeps the queued work', async () => {
    const postId = (await db.posts.orderBy('id').first())?.id ?? 0;
    const before = (await db.posts.get(postId))?.prayedCount ?? 0;
    const stored = await getMeta('syncCursor');
    const held = decodeSyncCursor(stored?.cursor ?? '');
    if (!stored || !held) throw new Error('no cursor held');
    await setMeta('syncCursor', { ...stored, cursor: encodeSyncCursor({ ...held, issuedAt: Date.now() - SYNC_CURSOR_MAX_AGE_MS - 60_000 }) });
    // A row the server no longer has, which only a refresh can prove gone.
    const stale = await db.posts.get(postId);
    if (!stale) throw new Error('no post held');
    await db.posts.put({ ...stale, id: 2_000_000_000, text: 'Stale' });
    // A pray queued while the pushes fail.
    fault = (call) => (call.method === 'POST' ? 'offline' : 'pass');
    const { prayForPost } = await import('../../src/commands');
    await prayForPost(postId);

    await start();

    expect(apiCalls()).toEqual(expect.arrayContaining(['GET sync/pull', 'GET posts']));
    expect(await db.posts.get(2_000_000_000)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
    const { readPost } = await import('../../src/db/reads');
    expect(await readPost(postId)).toMatchObject({ prayedCount: before, shownPrayedCount: before + 1, isPending: true });
    expect(decodeSyncCursor((await getMeta('syncCursor'))?.cursor ?? '')?.issuedAt).toBeGreaterThan(Date.now() - 60_000);
  });
});
