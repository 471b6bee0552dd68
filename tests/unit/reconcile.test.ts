// The reconciliation rules (worker/reconcile.ts) as tables: one row per case, local vs server.
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS } from '../../common/constants';
import { EMPTY_POST_LOCAL, type RowRef } from '../../src/db/types';
import { newEntry } from '../../src/commands/commit';
import type { OutboxEntry } from '../../src/db/outbox-types';
import { planSend } from '../../worker/outbox-queue';
import {
  combineServerPosts, mergeServerComment, mergeServerPost, newestCreatedAt, outcomeOf, rebasePlan, retryDelay, stalePostIds,
} from '../../worker/reconcile';
import { apiComment, apiPost, commentRow, postRow } from './fixtures';

describe('mergeServerPost', () => {
  it.each([
    // [case, local prayedCount, server prayedCount, merged]
    ['a newer server count wins', 3, 5, 5],
    ['an older (replayed) answer never lowers the count', 5, 3, 5],
    ['equal counts stay', 4, 4, 4],
  ])('%s', (_case, local, server, merged) => {
    const row = mergeServerPost(postRow({ prayedCount: local }), apiPost({ prayedCount: server }));
    expect(row.prayedCount).toBe(merged);
  });

  it('drops local intent: only the rebase puts it back, from the outbox', () => {
    const row = mergeServerPost(postRow({}, { pendingPrays: 2, bookmarked: true }), apiPost({ prayedCount: 9 }));
    expect(row.local).toEqual(EMPTY_POST_LOCAL);
  });

  it('takes the server bookmark as is (a toggle can go both ways)', () => {
    expect(mergeServerPost(postRow({ is_bookmarked: true }), apiPost({ is_bookmarked: false })).is_bookmarked).toBe(false);
  });

  it('a new row starts without local intent and with its time indexed', () => {
    const row = mergeServerPost(undefined, apiPost({ created_at: '2025-02-01T00:00:00.000Z' }));
    expect(row.local).toEqual(EMPTY_POST_LOCAL);
    expect(row.createdAtMs).toBe(Date.parse('2025-02-01T00:00:00.000Z'));
  });
});

describe('mergeServerComment', () => {
  it('takes the server values and drops local intent; the rebase puts it back', () => {
    const row = mergeServerComment(commentRow({ comment: 'old' }, { edit: 'mine', liked: true }), apiComment({ comment: 'new', likeCount: 2 }));
    expect(row).toMatchObject({ comment: 'new', likeCount: 2, local: { edit: null, liked: null, deleted: false, reported: false } });
    expect(row.createdAtMs).toBe(Date.parse(apiComment().created_at));
  });
});

describe('rebasePlan', () => {
  const post = (id: number): RowRef => ({ table: 'posts', id });

  it('re-applies, in order, only the entries touching the seed rows', () => {
    const pending = [
      { entry: 'pray 1', rows: [post(1)] },
      { entry: 'pray 2', rows: [post(2)] },
      { entry: 'bookmark 1', rows: [post(1)] },
    ];
    expect(rebasePlan([post(1)], pending)).toEqual({ reset: [post(1)], reapply: ['pray 1', 'bookmark 1'] });
  });

  it('resets every row an entry touches, so a two-row effect is not counted twice', () => {
    const pending = [
      { entry: 'a', rows: [post(1), post(3)] },
      { entry: 'b', rows: [post(3)] },
    ];
    const plan = rebasePlan([post(1)], pending);
    expect(plan.reset).toEqual([post(1), post(3)]);
    expect(plan.reapply).toEqual(['a', 'b']);
  });

  it('with nothing pending, only resets', () => {
    expect(rebasePlan([post(4)], [])).toEqual({ reset: [post(4)], reapply: [] });
  });
});

describe('retryDelay', () => {
  it('retries first within 5 s (DESIGN §4)', () => {
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

describe('combineServerPosts (a batch writes each post once)', () => {
  it('folds answers like successive merges: the later one, counts that only grow', () => {
    const a = apiPost({ prayedCount: 7, isPrayed: true, text: 'old' });
    const b = apiPost({ prayedCount: 6, isPrayed: false, text: 'new' });
    const row = postRow({ prayedCount: 5 });
    expect(mergeServerPost(row, combineServerPosts(a, b))).toEqual(mergeServerPost(mergeServerPost(row, a), b));
    expect(combineServerPosts(undefined, b)).toBe(b);
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
