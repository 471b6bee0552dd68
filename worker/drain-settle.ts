// The drain's writes (docs/architecture/sync-protocol.md 'Outbox and sync protocol' steps 5-7):
// each answer folded into the local database in one rw transaction over writeTables(). A batch's
// answered prefix is settled in ONE transaction: every entry removed, each op's onAck or onRefuse
// run in seq order, and ONE rebase at the end over the union of the rows they touched (the ops'
// ctx.rebase only collects rows here, batchContext), so a batch of 100 prays for one post writes
// the post and re-applies what is still pending once, not 100 times.
import type { ApiError, ApiPost } from '../common/contract';
import { db, writeTables } from '../src/model/db';
import { changeInFlight } from '../src/model/in-flight';
import { setMeta } from '../src/model/meta';
import type { OpName, OutboxEntry, OutboxEntryOf, OpResponse, OutboxState } from '../src/model/outbox-types';
import type { RowRef } from '../src/model/types';
import type { OpContext } from '../src/commands/ops/op-types';
import { opFor, rebaseRows, runsOf } from '../src/commands/ops/registry';
import { combineServerPosts } from '../src/model/merge';
import { putServerRows } from '../src/model/rows';
import { compactMutations } from '../src/model/compact-mutations';
import { opContext, recordFailure, setTodayPrayerCount } from './local-store';
import { queueOf } from './outbox-queue';
import { retryDelay } from './reconcile';

/** `isDependent`: refused because what it waited for was refused (issue #12: the reason the user reads). */
export type Answer = { entry: OutboxEntry; ok: true; data: unknown } | { entry: OutboxEntry; ok: false; error: ApiError; isDependent?: boolean };

export type RetryOptions = { now?: () => number; random?: () => number };

/**
 * An OpContext for one batch's transaction: what every entry's answer would write again and
 * again is written once, at the end. The rebase only collects rows; server posts are combined
 * per id (combineServerPosts: the last answer, counts that only grow), the today count keeps the
 * last answer's. Everything else (id rewrites, forgets, dependents) runs in place, so the entries
 * behind see rewritten ids at once; a forgotten or rewritten post drops its pending put.
 */
function batchContext(): { ctx: OpContext; flush(): Promise<void> } {
  const rows: RowRef[] = [];
  const posts = new Map<number, ApiPost>();
  let todayCount: number | null = null;
  const ctx: OpContext = {
    ...opContext,
    async putServerPosts(incoming) {
      for (const post of incoming) posts.set(post.id, combineServerPosts(posts.get(post.id), post));
    },
    async forgetPost(postId) {
      posts.delete(postId);
      await opContext.forgetPost(postId);
    },
    async rewritePostId(tempId, realId) {
      posts.delete(tempId);
      await opContext.rewritePostId(tempId, realId);
    },
    async setTodayPrayerCount(count) {
      todayCount = count;
    },
    async rebase(refs) {
      rows.push(...refs);
    },
  };
  const flush = async () => {
    await putServerRows('posts', [...posts.values()]);
    if (todayCount !== null) await setTodayPrayerCount(todayCount);
    await rebaseRows(rows);
  };
  return { ctx, flush };
}

/** The op's own types for the answer's data: the server's reply to this entry's request. */
function onAck<K extends OpName>(entry: OutboxEntryOf<K>, data: unknown, ctx: OpContext): Promise<void> {
  // The data is the answer of exactly this entry's request (docs/product.md §7), typed by its op.
  const response = data as OpResponse<K>;
  return opFor(entry.op).onAck(entry, response, ctx);
}

async function settleOne(answer: Answer, ctx: OpContext): Promise<void> {
  const { entry } = answer;
  // Removed first, so the rebase no longer re-applies it. One write per entry also keeps Dexie's
  // transaction zone alive across the context's writes-free awaits (Dexie follows a native await
  // for a bounded number of microtasks after its last operation; past it the transaction commits).
  await db.outbox.delete(entry.seq);
  if (answer.ok) {
    await onAck(entry, answer.data, ctx);
  } else {
    await opFor(entry.op).onRefuse(entry, answer.error, ctx);
    await recordFailure(entry, answer.error, answer.isDependent === true);
  }
}

type Ack = Extract<Answer, { ok: true }>;

/** An ack its op may fold together with the acks of the same op around it (OpModule.ackRun). */
function runsWithOthers(answer: Answer): answer is Ack {
  return answer.ok && opFor(answer.entry.op).ackRun !== undefined;
}

/**
 * Consecutive acks of one op folded in one step (issue #25 P4): their entries removed in one
 * write (which also keeps the transaction's zone, as settleOne's delete does), then the op's ackRun.
 * The delete tells the other contexts one span of seqs, not each of up to 1,000 keys: merging
 * those into every live query of the outbox cost the feed screen 0.6 s of a 5,000-pray delivery
 * (docs/architecture/local-store.md 'Reads that follow the screen, not the store').
 */
async function settleRun<K extends OpName>(op: K, acks: Ack[], ctx: OpContext): Promise<void> {
  await db.outbox.bulkDelete(acks.map(({ entry }) => entry.seq));
  compactMutations(db.name, db.outbox.name);
  // Each data is the answer to exactly its entry's request (docs/product.md §7), typed by its op.
  const typed = acks.map(({ entry, data }) => ({ entry: entry as OutboxEntryOf<K>, response: data as OpResponse<K> }));
  await opFor(op).ackRun?.(typed, ctx);
}

/** Acks and refusals, in order, in one transaction with one rebase; `lastProgressAt` once. */
export async function settleAnswers(answers: Answer[], now: number): Promise<void> {
  if (answers.length === 0) return;
  const parts = runsOf(answers, (first, next) => runsWithOthers(first) && runsWithOthers(next) && first.entry.op === next.entry.op);
  await db.transaction('rw', writeTables(), async () => {
    const { ctx, flush } = batchContext();
    for (const part of parts) {
      const [first] = part;
      if (first !== undefined && part.length > 1 && runsWithOthers(first)) await settleRun(first.entry.op, part.filter(runsWithOthers), ctx);
      else for (const answer of part) await settleOne(answer, ctx);
    }
    await flush();
    await changeInFlight({ drop: answers.map(({ entry }) => entry.seq) });
    await setMeta('lastProgressAt', now);
  });
}

/**
 * No answer, or one that says 'later' (5xx, 408, 429): keep it and back off. `state`: 'sending'
 * when the request may have been applied (no answer to a batch), so a command does not cancel a
 * create the server may already hold (src/commands/cancel-unsent.ts). `noAnswer`: the request got
 * no answer at all, so the backoff is the network's (resetNetworkBackoff).
 */
export async function keepForRetry(entry: OutboxEntry, error: ApiError, options: RetryOptions, state: OutboxState = 'pending', noAnswer = false): Promise<number> {
  const now = options.now?.() ?? Date.now();
  const nextAttemptAt = now + retryDelay(entry.attempts + 1, options.random?.() ?? Math.random());
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await db.outbox.update(entry.seq, { state, attempts: entry.attempts + 1, lastError: error.message, nextAttemptAt, noAnswer });
    await changeInFlight({ drop: [entry.seq] });
  });
  return nextAttemptAt;
}

/**
 * The server answered again: the head, if it waits after a request that got no answer, is due
 * now and its backoff starts over (attempts 0). A head waiting after a server's 5xx, 408 or 429
 * keeps its backoff: those are the server's rules
 * (docs/decisions/0028-sync-never-waits-for-an-event.md).
 */
export async function resetNetworkBackoff(viewer: number | null, now: number): Promise<void> {
  const [head] = await queueOf(viewer, 1);
  if (head?.noAnswer === true && head.nextAttemptAt > now) await db.outbox.update(head.seq, { attempts: 0, nextAttemptAt: now });
}

/**
 * Entries sent but not settled (a batch that was not applied, or a 401): back in the queue. Out of
 * the in-flight set; only an entry that says 'sending' itself, or a `lastError` to keep, is written
 * (one bulk request; entries settled or cancelled meanwhile are skipped).
 */
export async function markPending(entries: OutboxEntry[], lastError?: string): Promise<void> {
  const changes = lastError === undefined ? { state: 'pending' as const } : { state: 'pending' as const, lastError };
  const written = entries.filter((entry) => entry.state === 'sending' || lastError !== undefined);
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await changeInFlight({ drop: entries.map((entry) => entry.seq) });
    if (written.length > 0) await db.outbox.bulkUpdate(written.map((entry) => ({ key: entry.seq, changes })));
  });
}
