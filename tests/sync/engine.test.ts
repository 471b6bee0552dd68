// The engine's wake-ups (DESIGN §4), in-process: a command pokes it through src/sync/client, and
// a timer retries while an entry waits out its backoff (asking for Background Sync meanwhile).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prayForPost } from '../../src/commands';
import { clearAllTables, db } from '../../src/db/db';
import { readPost } from '../../src/db/reads';
import { connectSyncEngine } from '../../src/sync/client';
import type { SyncApi } from '../../worker/api-types';
import { createSyncEngine } from '../../worker/engine';
import { faultyFetch, serverPost, startHarness, type Fault, type Harness, type RecordedCall } from './support';

let h: Harness;
let engine: SyncApi;
let fault: (call: { method: string; path: string }) => Fault = () => 'pass';
const calls: RecordedCall[] = [];
const requestBackgroundSync = vi.fn();

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h.server.close();
});

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
