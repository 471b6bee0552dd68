// One batch through POST sync/push (issue #10, common/sync-contract.ts). Each item is exactly
// its single call with its own Idempotency-Key, answered with exactly its single call's status
// and body, so each answer is settled with the rules of a single send (reconcile.ts outcomeOf),
// in order:
//   - 2xx: acknowledged; other 4xx: refused (rolled back, recorded, re-fetched). The answered
//     prefix is settled in one transaction with one rebase (drain-settle.ts).
//   - 5xx, 408, 429 or no answer for an item: it is kept for a retry with backoff, and the items
//     after it are left as they are: the next push sends them again with the same keys, and the
//     server replays their stored answers (exactly once holds).
//   - 401 for an item: the token is refreshed once and the next batch starts with it.
// The push as a whole: no answer, 5xx, 408, 429: retry with backoff; 401: refresh once and send
// the same batch again; 404 (a server without sync/push), 413, 422 (refused whole, nothing
// applied) or an answer that does not match the batch: its entries go one by one through their
// own routes (drain-single.ts), so nothing is ever refused because it was batched.
import type { ApiError, Envelope } from '../common/contract';
import type { PushBody, PushMutation, PushResponse, PushResult } from '../common/sync-contract';
import { db } from '../src/db/db';
import { bearerToken, getAuth } from '../src/db/meta';
import type { OutboxEntry } from '../src/db/outbox-types';
import { errorOf, type ApiClient, type ApiResult } from './api-client';
import { refreshAuth } from './auth';
import { keepForRetry, markPending, settleAnswers, type Answer, type RetryOptions } from './drain-settle';
import { refetchAfterRefusal } from './pull-post';
import { outcomeOf } from './reconcile';

export type BatchStep = {
  sent: number;
  refused: number;
  /**
   * How the drain goes on: 'next' with the next batch; 'retry' stops until retryAt; 'auth' stops
   * until a new sign-in; 'fallback' sends the `count` entries of the batch singly ('unsupported':
   * the server has no sync/push, so do not try it again for a while).
   */
  then: { kind: 'next' } | { kind: 'retry'; retryAt: number } | { kind: 'auth' } | { kind: 'fallback'; unsupported: boolean; count: number };
};

/** Entries are marked 'sending' in one transaction; those a command cancelled meanwhile drop out. */
export async function markSending(entries: OutboxEntry[]): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.bulkGet(entries.map((entry) => entry.seq));
    const kept = current.filter((entry): entry is OutboxEntry => entry !== undefined);
    await db.outbox.where('seq').anyOf(kept.map((entry) => entry.seq)).modify({ state: 'sending' });
    return kept;
  });
}

async function push(api: ApiClient, mutations: PushMutation[], onSending?: () => void): Promise<ApiResult<PushResponse>> {
  const body: PushBody = { mutations };
  const call = () => api.call<PushResponse>({ method: 'POST', path: 'sync/push', body, ...(onSending ? { onSending } : {}) });
  const token = bearerToken(await getAuth());
  const result = await call();
  if (result.ok || result.status !== 401) return result;
  // The stored answers make sending the same batch again safe.
  return (await refreshAuth(api, token)) ? call() : result;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'data' in body;
}

function answerOf(entry: OutboxEntry, result: PushResult): Answer | ApiError {
  if (result.status >= 200 && result.status < 300) {
    return isEnvelope(result.body) ? { entry, ok: true, data: result.body.data } : { status: 0, message: 'The answer had no data' };
  }
  const error = errorOf(result.status, result.body, 'Request failed');
  return outcomeOf(result.status) === 'refuse' ? { entry, ok: false, error } : error;
}

/** The results, one per mutation in the order sent, each under its own key; anything else is not an answer to this batch. */
function matches(entries: OutboxEntry[], results: PushResult[] | undefined): results is PushResult[] {
  return Array.isArray(results) && results.length === entries.length && results.every((result, i) => result.key === entries[i]?.key);
}

/** What the whole push's failure means (no item was answered). */
async function failedWhole(entries: OutboxEntry[], result: Extract<ApiResult<PushResponse>, { ok: false }>, options: RetryOptions): Promise<BatchStep> {
  const [head] = entries;
  const none = { sent: 0, refused: 0 };
  switch (outcomeOf(result.status)) {
    case 'retry': {
      if (!head) return { ...none, then: { kind: 'next' } };
      // No answer at all: the server may have applied the batch; the others keep 'sending'.
      const mayBeApplied = result.status === 0;
      if (!mayBeApplied) await markPending(entries.slice(1));
      const retryAt = await keepForRetry(head, result.error, options, mayBeApplied ? 'sending' : 'pending', result.noAnswer === true);
      return { ...none, then: { kind: 'retry', retryAt } };
    }
    case 'unauthorized':
      await markPending(entries, result.error.message);
      return { ...none, then: { kind: 'auth' } };
    default:
      await markPending(entries);
      return { ...none, then: { kind: 'fallback', unsupported: result.status === 404 || result.status === 405, count: entries.length } };
  }
}

/** A push on its way or answered: its entries (marked 'sending') and the answer. */
export type SentBatch = { entries: OutboxEntry[]; result: ApiResult<PushResponse> };

/** Pushes entries already marked 'sending' (markSending; `batch` and `mutations` as planned). */
export async function pushMarked(
  api: ApiClient, batch: OutboxEntry[], marked: OutboxEntry[], mutations: PushMutation[], onSending?: () => void,
): Promise<SentBatch | null> {
  if (marked.length === 0) return null;
  const sending = new Set(marked.map((entry) => entry.seq));
  const items = mutations.filter((_, i) => sending.has(batch[i]?.seq ?? -1));
  return { entries: marked, result: await push(api, items, onSending) };
}

/**
 * Every item answered with a 2xx (with data) or a refusal: nothing stops the drain after it, so
 * the next batch may go out while this one is settled (worker/drain-pipeline.ts).
 */
export function isFullyAnswered(sent: SentBatch): boolean {
  const { result, entries } = sent;
  if (!result.ok || !matches(entries, result.data.results)) return false;
  return result.data.results.every((item, i) => {
    const entry = entries[i];
    return entry !== undefined && 'entry' in answerOf(entry, item);
  });
}

/**
 * Settles one push's answers (see above). `authRetried`: entries whose 401 already had its
 * refresh in this drain; a second 401 for one of them stops the drain.
 */
export async function settleBatch(api: ApiClient, sent: SentBatch, options: RetryOptions, authRetried: Set<number>): Promise<BatchStep> {
  const now = () => options.now?.() ?? Date.now();
  const { entries, result } = sent;
  if (!result.ok) return failedWhole(entries, result, options);
  if (!matches(entries, result.data.results)) {
    await markPending(entries);
    return { sent: 0, refused: 0, then: { kind: 'fallback', unsupported: false, count: entries.length } };
  }
  const answers: Answer[] = [];
  let stop: { entry: OutboxEntry; error: ApiError } | null = null;
  for (const [i, item] of result.data.results.entries()) {
    const entry = entries[i];
    if (!entry) break;
    const answer = answerOf(entry, item);
    if ('entry' in answer) {
      answers.push(answer);
      continue;
    }
    stop = { entry, error: answer };
    break;
  }
  await settleAnswers(answers, now());
  const refusals = answers.filter((answer) => !answer.ok);
  // DESIGN §4: after a rollback, re-fetch the entity so the screen shows the server's truth.
  for (const refusal of refusals) await refetchAfterRefusal(api, refusal.entry);
  const step = { sent: answers.length - refusals.length, refused: refusals.length };
  if (!stop) return { ...step, then: { kind: 'next' } };
  if (outcomeOf(stop.error.status) !== 'unauthorized') {
    return { ...step, then: { kind: 'retry', retryAt: await keepForRetry(stop.entry, stop.error, options) } };
  }
  // 401 for one item (its session ended or does not fit the route): refresh once, then resend.
  if (!authRetried.has(stop.entry.seq) && (await refreshAuth(api, bearerToken(await getAuth())))) {
    authRetried.add(stop.entry.seq);
    return { ...step, then: { kind: 'next' } };
  }
  await db.outbox.update(stop.entry.seq, { state: 'pending', lastError: stop.error.message });
  return { ...step, then: { kind: 'auth' } };
}
