// The sync engine's rules (worker/reconcile.ts, worker/outbox-queue.ts planSend) as tables; the
// merges and the rebase plan are src/model's (tests/model/).
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS } from '../../common/constants';
import { newEntry } from '../../src/commands/commit';
import type { OutboxEntry } from '../../src/model/outbox-types';
import { planSend } from '../../worker/outbox-queue';
import { newestCreatedAt, outcomeOf, retryDelay, stalePostIds } from '../../worker/reconcile';
import { apiPost } from './fixtures';

describe('retryDelay', () => {
  it('retries first within 5 s (docs/architecture/sync-protocol.md, Outbox and sync protocol)', () => {
    expect(retryDelay(1, 0)).toBe(FIRST_RETRY_MS);
    expect(retryDelay(1, 0.99)).toBeLessThan(5_000);
  });

  it('doubles, then is capped', () => {
    expect(retryDelay(2, 0)).toBe(2 * FIRST_RETRY_MS);
    expect(retryDelay(3, 0)).toBe(4 * FIRST_RETRY_MS);
    expect(retryDelay(50, 0)).toBe(MAX_RETRY_MS);
  });
});

describe('outcomeOf', () => {
  it.each([
    [200, 'ack'],
    [201, 'ack'],
    [0, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [401, 'unauthorized'],
    [403, 'refuse'],
    [404, 'refuse'],
    [409, 'refuse'],
    [422, 'refuse'],
  ])('status %i -> %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});

describe('stalePostIds', () => {
  const at = (hour: number) => `2025-01-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const local = (id: number, hour: number) => ({ id, createdAtMs: Date.parse(at(hour)) });

  it('drops server posts inside the page window that the page lacks', () => {
    const page = [apiPost({ id: 10, created_at: at(12) }), apiPost({ id: 8, created_at: at(8) })];
    const rows = [local(10, 12), local(9, 10), local(8, 8), local(7, 6), local(-3, 11)];
    // 9 is inside [8h, 12h] and missing: gone. 7 is older than the page: unknown. -3 is local.
    expect(stalePostIds(rows, page, false)).toEqual([9]);
  });

  it('on the first page the window is open upwards', () => {
    const page = [apiPost({ id: 10, created_at: at(12) })];
    expect(stalePostIds([local(11, 14), local(10, 12)], page, true)).toEqual([11]);
    expect(stalePostIds([local(11, 14), local(10, 12)], page, false)).toEqual([]);
  });

  it('an empty page proves nothing', () => {
    expect(stalePostIds([local(1, 1)], [], true)).toEqual([]);
  });
});

describe('newestCreatedAt', () => {
  it('keeps the newest of the page and the previous cursor', () => {
    const posts = [apiPost({ created_at: '2025-01-02T00:00:00.000Z' }), apiPost({ created_at: '2025-01-03T00:00:00.000Z' })];
    expect(newestCreatedAt(posts, '2025-01-01T00:00:00.000Z')).toBe('2025-01-03T00:00:00.000Z');
    expect(newestCreatedAt(posts, '2025-02-01T00:00:00.000Z')).toBe('2025-02-01T00:00:00.000Z');
    expect(newestCreatedAt([], null)).toBeNull();
  });
});

describe('planSend (what goes out next)', () => {
  let seq = 0;
  const entry = (made: Omit<OutboxEntry, 'seq'>, changes: Partial<OutboxEntry> = {}): OutboxEntry => ({ ...made, seq: ++seq, ...changes }) as OutboxEntry;
  const pray = (postId: number) => entry(newEntry('post.pray', { postId }, null));
  const kinds = (plan: ReturnType<typeof planSend>) =>
    plan === null ? null : plan.kind === 'batch' ? plan.entries.map((e) => e.op) : [plan.kind, plan.entry.op];
  const now = 1_000;

  it('batches in seq order, cut at the count bound', () => {
    const queue = [pray(1), pray(2), pray(3)];
    expect(kinds(planSend(queue, { now, batching: true }))).toEqual(['post.pray', 'post.pray', 'post.pray']);
    expect(kinds(planSend(queue, { now, batching: true, maxMutations: 2 }))).toEqual(['post.pray', 'post.pray']);
  });

  it('cuts before an entry that still needs a temporary id; a head that needs one is an orphan', () => {
    const comment = entry(newEntry('comment.create', { postId: -3, commentId: -4 }, { comment: 'Amen' }));
    expect(kinds(planSend([pray(1), pray(2), comment, pray(3)], { now, batching: true }))).toEqual(['post.pray', 'post.pray']);
    expect(kinds(planSend([comment, pray(1)], { now, batching: true }))).toEqual(['orphan', 'comment.create']);
    // A create names its own temporary id but needs none: it may be batched.
    const mine = entry(newEntry('comment.create', { postId: 5, commentId: -4 }, { comment: 'Amen' }));
    expect(kinds(planSend([pray(1), mine, pray(2)], { now, batching: true }))).toEqual(['post.pray', 'comment.create', 'post.pray']);
  });

  it('a bot-checked or single-only route goes alone, and cuts the batch before it', () => {
    const create = entry(newEntry('post.create', { postId: -9 }, { text: 'x', type: 'REQUEST' }));
    const report = entry(newEntry('post.report', { postId: 2 }, { type: 'spam' }));
    expect(kinds(planSend([create, pray(1), pray(2)], { now, batching: true }))).toEqual(['single', 'post.create']);
    expect(kinds(planSend([report, pray(1)], { now, batching: true }))).toEqual(['single', 'post.report']);
    expect(kinds(planSend([pray(1), pray(2), report], { now, batching: true }))).toEqual(['post.pray', 'post.pray']);
  });

  it('a batch of one, no batching, or a head too large for a push: the single route', () => {
    expect(kinds(planSend([pray(1)], { now, batching: true }))).toEqual(['single', 'post.pray']);
    expect(kinds(planSend([pray(1), pray(2)], { now, batching: false }))).toEqual(['single', 'post.pray']);
    expect(kinds(planSend([pray(1), pray(2)], { now, batching: true, maxBytes: 10 }))).toEqual(['single', 'post.pray']);
    expect(planSend([], { now, batching: true })).toBeNull();
  });

  it('stops before an entry still waiting out its backoff, and within the byte bound', () => {
    const waiting = entry(newEntry('post.pray', { postId: 2 }, null), { nextAttemptAt: now + 1 });
    expect(kinds(planSend([pray(1), waiting], { now, batching: true }))).toEqual(['single', 'post.pray']);
    const plan = planSend([pray(1), pray(2), pray(3)], { now, batching: true, maxBytes: 16 + 2 * 100 });
    expect(plan?.kind === 'batch' ? plan.mutations.map((m) => m.path) : null).toEqual(['post/1/pray', 'post/2/pray']);
  });
});
