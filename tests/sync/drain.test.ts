// The outbox drain against the real server (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol'): exactly once, order, backoff, refusals that never block the queue.
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS } from '../../common/constants';
import { prayForPost, toggleBookmark } from '../../src/commands';
import { db } from '../../src/model/db';
import { readPost } from '../../src/db/reads';
import { drainOutbox } from '../../worker/drain';
import { postRow } from '../unit/fixtures';
import { aSecondLater } from '../helpers/pray-clock';
import { mutations, sentMutations, serverPost, useHarness } from './support';

const h = useHarness();
let postId: number;

beforeEach(async () => {
  const first = await db.posts.orderBy('id').first();
  if (!first) throw new Error('the seed feed is empty');
  postId = first.id;
});

describe('drain', () => {
  it('sends each entry once, in order, with its idempotency key, and reconciles', async () => {
    const before = await serverPost(h, postId);
    await prayForPost(postId);
    aSecondLater();
    await prayForPost(postId);
    await toggleBookmark(postId);
    const keys = (await db.outbox.orderBy('seq').toArray()).map((e) => e.key);

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ sent: 3, refused: 0, remaining: 0, retryAt: null });
    // Issue #10: one POST sync/push carries the three, each with its own key.
    expect(mutations(h.calls).map((c) => c.path)).toEqual(['sync/push']);
    expect(sentMutations(h.calls).map((c) => [c.path, c.key])).toEqual([
      [`post/${postId}/pray`, keys[0]],
      [`post/${postId}/pray`, keys[1]],
      [`post/${postId}/bookmark`, keys[2]],
    ]);
    const after = await serverPost(h, postId);
    expect(after.prayedCount).toBe(before.prayedCount + 2);
    expect(after.is_bookmarked).toBe(!before.is_bookmarked);
    expect(await db.posts.get(postId)).toMatchObject({ prayedCount: after.prayedCount, local: { pendingPrays: 0, bookmarked: null } });
    expect((await readPost(postId))?.shownPrayedCount).toBe(after.prayedCount);

    h.calls.length = 0;
    await drainOutbox(h.api);
    expect(mutations(h.calls)).toHaveLength(0);
  });

  it('replays a dropped response with the same key, and the server applies it once', async () => {
    const before = await serverPost(h, postId);
    await prayForPost(postId);
    const [entry] = await db.outbox.toArray();
    h.setFault((call) => (call.method === 'POST' ? 'drop-response' : 'pass'));

    const first = await drainOutbox(h.api);
    expect(first.remaining).toBe(1);
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
    expect((await readPost(postId))?.shownPrayedCount).toBe(before.prayedCount + 1);

    h.setFault(() => 'pass');
    const second = await drainOutbox(h.api, { ignoreBackoff: true });
    expect(second).toMatchObject({ sent: 1, remaining: 0 });
    expect(mutations(h.calls).map((c) => c.key)).toEqual([entry?.key, entry?.key]);
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
    expect((await readPost(postId))?.shownPrayedCount).toBe(before.prayedCount + 1);
  });

  it('keeps the entry on a 5xx and backs off, first retry within 5 s', async () => {
    const before = await serverPost(h, postId);
    await prayForPost(postId);
    h.setFault((call) => (call.method === 'POST' ? { status: 503, body: { message: 'Service unavailable', status: 503 } } : 'pass'));
    const startedAt = Date.now();

    const report = await drainOutbox(h.api);

    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({ attempts: 1, state: 'pending', lastError: 'Service unavailable' });
    expect(kept?.nextAttemptAt).toBeGreaterThan(startedAt);
    expect(kept?.nextAttemptAt).toBeLessThanOrEqual(Date.now() + FIRST_RETRY_MS);
    expect(kept?.nextAttemptAt).toBeLessThan(startedAt + 5_000);
    expect(report.retryAt).toBe(kept?.nextAttemptAt);
    // The optimistic pray stays visible while it waits.
    expect((await readPost(postId))?.shownPrayedCount).toBe(before.prayedCount + 1);

    // Within the backoff, a poke does not send.
    h.calls.length = 0;
    await drainOutbox(h.api);
    expect(mutations(h.calls)).toHaveLength(0);

    h.setFault(() => 'pass');
    expect(await drainOutbox(h.api, { ignoreBackoff: true })).toMatchObject({ sent: 1, remaining: 0 });
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
  });

  it('rolls back a 4xx refusal, records it, and later entries still go through', async () => {
    // A post deleted on the server since it was pulled.
    await db.posts.put(postRow({ id: 999_999, prayedCount: 3 }));
    const before = await serverPost(h, postId);
    await prayForPost(999_999);
    await prayForPost(postId);
    expect((await readPost(999_999))?.shownPrayedCount).toBe(4);

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ sent: 1, refused: 1, remaining: 0 });
    const failed = await db.failed.toArray();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ op: 'post.pray', target: { postId: 999_999 }, status: 404 });
    expect(failed[0]?.message).toMatch(/not found/i);
    // Rolled back, then re-fetched: the server says it is gone, so the local copy goes too.
    expect(await db.posts.get(999_999)).toBeUndefined();
    expect((await serverPost(h, postId)).prayedCount).toBe(before.prayedCount + 1);
  });
});
