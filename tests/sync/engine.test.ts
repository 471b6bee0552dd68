// The engine's wake-ups (docs/architecture/sync-protocol.md 'Outbox and sync protocol'),
// in-process: a command pokes it through src/sync/client, and a timer retries while an entry waits
// out its backoff (asking for Background Sync meanwhile).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prayForPost } from '../../src/commands';
import { clearAllTables, db } from '../../src/model/db';
import { getAuth, getMeta, viewerId } from '../../src/model/meta';
import { readPost } from '../../src/db/reads';
import { AuthError, LOGGED_OUT_FLAG, UnsentChangesError, logout, setChannel } from '../../src/state';
import { connectSyncEngine } from '../../src/sync/client';
import type { SyncApi } from '../../worker/api-types';
import { createSyncEngine } from '../../worker/engine';
import { faultyFetch, otherGuestToken, serverPost, useHarness, type Fault, type RecordedCall } from './support';

const h = useHarness({}, { freshDevice: false });
let engine: SyncApi;
let fault: (call: { method: string; path: string }) => Fault = () => 'pass';
const calls: RecordedCall[] = [];
const requestBackgroundSync = vi.fn();

beforeEach(async () => {
  await clearAllTables();
  fault = () => 'pass';
  engine = createSyncEngine({ fetch: faultyFetch(calls, () => fault) });
  await engine.start({ apiBase: h.apiBase, online: true, visible: false }, { requestBackgroundSync });
  connectSyncEngine(engine);
  const signedIn = await engine.guestLogin();
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  calls.length = 0;
});

afterEach(async () => {
  connectSyncEngine(null);
  await engine.stop();
});

async function firstPostId(): Promise<number> {
  const first = await db.posts.orderBy('id').first();
  if (!first) throw new Error('sign-in did not pull the feed');
  return first.id;
}

describe('sync engine', () => {
  it('a command pokes the engine, which drains on its own', async () => {
    const postId = await firstPostId();
    const before = await serverPost(h, postId);
    await prayForPost(postId);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 5_000 });
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
    expect((await readPost(postId))?.shownPrayedCount).toBe(before.prayedCount + 1);
  });

  it('retries on a timer after a server error, and asks for Background Sync', async () => {
    const postId = await firstPostId();
    let failures = 1;
    fault = (call) => (call.method === 'POST' && failures-- > 0 ? { status: 502, body: { message: 'Bad gateway', status: 502 } } : 'pass');
    await prayForPost(postId);
    await vi.waitFor(() => expect(requestBackgroundSync).toHaveBeenCalled(), { timeout: 5_000 });
    expect(await db.outbox.count()).toBe(1);
    // FIRST_RETRY_MS later, with no other wake-up, the timer drains it.
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 6_000, interval: 100 });
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/pray')).map((c) => c.status)).toEqual(['faked', 200]);
  });
});

describe('one request for one thing (issue #25)', () => {
  const gets = (path: string, from = 0) => calls.slice(from).filter((call) => call.method === 'GET' && call.path === path).length;

  it('the same pull asked again while it runs shares its request and its answer', async () => {
    // A filtered page: the unfiltered first page is kept by the one pull (worker/sync-pull.ts).
    const [first, second] = await Promise.all([engine.pull('feed', [{ type: 'REQUEST' }]), engine.pull('feed', [{ type: 'REQUEST' }])]);
    expect(first).toEqual(second);
    expect(first.ok).toBe(true);
    expect(gets('posts')).toBe(1);
    // Once answered, the next one asks again.
    await engine.pull('feed', [{ type: 'REQUEST' }]);
    expect(gets('posts')).toBe(2);
  });

  it("a start's session of the viewer the store already holds is not counted again; a new viewer is", async () => {
    // The sign-in's own counts first (its answers are recorded before they are stored).
    const viewer = viewerId(await getAuth());
    await vi.waitFor(async () => {
      expect((await getMeta('notificationsUnread'))?.viewerId).toBe(viewer);
      expect((await getMeta('syncCursor'))?.viewer).toBe(viewer);
    });
    const from = calls.length;
    const held = await getAuth();
    const same = await engine.initSession({ memberToken: held.memberToken, guestToken: held.guestToken });
    expect(same.ok).toBe(true);
    // A first start on a device (nothing held): the session adopted from the cookie's token is counted at once.
    const other = await otherGuestToken(h);
    await clearAllTables();
    const adopted = await engine.initSession({ memberToken: null, guestToken: other });
    expect(adopted.ok).toBe(true);
    const adoptedViewer = viewerId(await getAuth());
    expect(adoptedViewer).not.toBe(viewer);
    await vi.waitFor(async () => {
      expect((await getMeta('notificationsUnread'))?.viewerId).toBe(adoptedViewer);
      expect((await getMeta('syncCursor'))?.viewer).toBe(adoptedViewer);
    });
    // One pull, the new viewer's: the held viewer's session asked none
    // (docs/decisions/0021-one-pull.md).
    expect(gets('sync/pull', from)).toBe(1);
    expect(gets('notifications/unread-count', from) + gets('posts/changes', from)).toBe(0);
  });
});

describe('logout (docs/product.md §4) through src/state', () => {
  const flags = new Map<string, string>();

  beforeEach(() => {
    flags.clear();
    vi.stubGlobal('sessionStorage', { setItem: (key: string, value: string) => void flags.set(key, value), getItem: (key: string) => flags.get(key) ?? null, removeItem: (key: string) => void flags.delete(key) });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks first when changes are unsent, then clears everything, flags it and resets the channel', async () => {
    await setChannel(2);
    fault = () => 'offline';
    await prayForPost(await firstPostId());
    const refused = await logout().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(UnsentChangesError);
    expect(refused).toMatchObject({ unsent: 1 });
    expect(await db.outbox.count()).toBe(1);

    await logout({ force: true });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.count()).toBe(0);
    expect(flags.get(LOGGED_OUT_FLAG)).toBe('1');
    expect(await getMeta('channel')).toMatchObject({ channelId: 1 });
  });

  it('with no session raises the 422 of docs/product.md §8', async () => {
    await logout({ force: true });
    const error = await logout().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 422, message: 'You are not logged in' });
  });
});
