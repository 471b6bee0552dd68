// One send of the drain (docs/architecture/sync-protocol.md 'Batches'). The planner
// (outbox-queue.ts planSend) decides the route: a batch goes through POST sync/push (issue #10,
// common/sync-contract.ts), each item exactly its single call with its own Idempotency-Key; a batch
// of one, an op the server never batches (a bot check, a rate-limited report) and the fallback
// after a push refused whole go through the entry's own route. A 401 to the request refreshes the
// token once and sends the same request again. Either way the answer comes back in one form,
// `Sent`: the answered prefix (acks and refusals, in seq order) and where the settle stops;
// drain-outcome.ts settles it.
import { RECAPTCHA_HEADER } from '../common/constants';
import type { ApiError, Envelope } from '../common/contract';
import type { PushBody, PushResponse, PushResult } from '../common/sync-contract';
import { db } from '../src/model/db';
import { changeInFlight } from '../src/model/in-flight';
import type { OutboxEntry } from '../src/model/outbox-types';
import { opFor } from '../src/commands/ops/registry';
import { errorOf, readCallSession, type ApiClient, type ApiResult, type CallSession } from './api-client';
import { refreshAuth } from './auth';
import type { Answer } from './drain-settle';
import type { SendPlan } from './outbox-queue';
import { outcomeOf } from './reconcile';

/** What the planner sends: a batch through sync/push, or one entry through its own route. */
export type Planned = Exclude<SendPlan, { kind: 'orphan' }>;

/**
 * Where the settle stops. 'kept': `entry` has no answer it can be settled with (no answer, 5xx,
 * 408, 429, 401); `unanswered`: the entries sent with it that got no answer of their own (a push
 * that failed whole); `mayBeApplied`: no answer to a push, which the server may have applied, so
 * they stay 'sending'; `refreshed`: the 401 was the request's own, which already had its refresh.
 * 'fallback': the push was refused whole or answered with something that is not its answer.
 */
export type Stop =
  | { kind: 'kept'; entry: OutboxEntry; error: ApiError; noAnswer: boolean; unanswered: OutboxEntry[]; mayBeApplied: boolean; refreshed: boolean }
  | { kind: 'fallback'; unsupported: boolean };

/** A send and its answer: `entries` as sent (in flight), the answered prefix, and where it stopped (null: nowhere). */
export type Sent = { route: Planned['kind']; entries: OutboxEntry[]; answers: Answer[]; stop: Stop | null };

type Reply = Pick<Sent, 'answers' | 'stop'>;

/**
 * Entries go in flight in one transaction (src/model/in-flight.ts: one meta write, not one per
 * entry); those a command cancelled meanwhile drop out.
 */
export async function markSending(entries: OutboxEntry[]): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const current = await db.outbox.bulkGet(entries.map((entry) => entry.seq));
    const kept = current.filter((entry): entry is OutboxEntry => entry !== undefined);
    await changeInFlight({ add: kept.map((entry) => entry.seq) });
    return kept;
  });
}

/**
 * The 401 rule of the drain's requests: one refresh (worker/auth.ts, worker/unauthorized.ts), then
 * the same request again. The token and channel are read once and carried by the call, so nothing
 * is read from the store between the plan and the wire but this one round.
 */
async function callWithRefresh<T>(api: ApiClient, call: (session: CallSession) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const session = await readCallSession();
  const result = await call(session);
  if (result.ok || result.status !== 401) return result;
  // The Idempotency-Keys (and a push's stored answers) make sending the same request again safe.
  return (await refreshAuth(api, session.token)) ? call(await readCallSession()) : result;
}

/** The server's 422 for a missing or failed bot check names the google-recaptcha-token field. */
function isBotCheckRefusal<T>(result: ApiResult<T>): result is Extract<ApiResult<T>, { ok: false }> {
  return !result.ok && result.status === 422 && result.error.errors?.[RECAPTCHA_HEADER] !== undefined;
}

/**
 * The entry's own route (its op's `request`, docs/architecture/ops-and-screens.md 'The op
 * registry'). A bot-check refusal says nothing about the change itself, and a token minted later
 * may pass: answered like no answer (status 0), so the entry is kept and retried with backoff
 * instead of being rolled back (docs/decisions/0018-bot-check-and-offline-posting.md).
 */
async function callOwnRoute(api: ApiClient, entry: OutboxEntry, session: CallSession): Promise<ApiResult<unknown>> {
  const request = opFor(entry.op).request(entry);
  const botCheck = request.botCheck ? { action: request.botCheck } : undefined;
  const result = await api.call<unknown>({ method: request.method, path: request.path, body: request.body, idempotencyKey: entry.key, botCheck, ...session });
  if (!botCheck || !isBotCheckRefusal(result)) return result;
  return { ok: false, status: 0, error: { status: 0, message: `Held for a new bot check: ${result.error.message}` } };
}

/** A single call's answer: 2xx acknowledged, other 4xx refused; anything else keeps it. */
function ownRouteReply(entry: OutboxEntry, result: ApiResult<unknown>): Reply {
  if (result.ok) return { answers: [{ entry, ok: true, data: result.data }], stop: null };
  if (outcomeOf(result.status) === 'refuse') return { answers: [{ entry, ok: false, error: result.error }], stop: null };
  const stop: Stop = { kind: 'kept', entry, error: result.error, noAnswer: result.noAnswer === true, unanswered: [], mayBeApplied: false, refreshed: true };
  return { answers: [], stop };
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'data' in body;
}

/** One item's answer, exactly its single call's status and body; a refusal carries the push's request id. */
function itemAnswer(entry: OutboxEntry, result: PushResult, requestId: string | undefined): Answer | ApiError {
  if (result.status >= 200 && result.status < 300) {
    return isEnvelope(result.body) ? { entry, ok: true, data: result.body.data } : { status: 0, message: 'The answer had no data' };
  }
  const error = { ...errorOf(result.status, result.body, 'Request failed'), ...(requestId === undefined ? {} : { requestId }) };
  return outcomeOf(result.status) === 'refuse' ? { entry, ok: false, error } : error;
}

/** The results, one per mutation in the order sent, each under its own key; anything else is not an answer to this batch. */
function matches(entries: OutboxEntry[], results: PushResult[] | undefined): results is PushResult[] {
  return Array.isArray(results) && results.length === entries.length && results.every((result, i) => result.key === entries[i]?.key);
}

/**
 * A push's answer. As a whole: no answer, 5xx, 408, 429 or 401 keeps its head (the others wait
 * behind it); 404 (a server without sync/push), 413, 422 (refused whole, nothing applied) or an
 * answer that does not match the batch: its entries go one by one through their own routes, so
 * nothing is ever refused because it was batched. Per item, in order, up to the first item with
 * no answer it can be settled with: the items after it stay queued, and the next push sends them
 * again with the same keys and gets their stored answers (exactly once holds).
 */
function pushReply(entries: OutboxEntry[], result: ApiResult<PushResponse>): Reply {
  const [head, ...rest] = entries;
  if (!head) return { answers: [], stop: null };
  if (!result.ok) {
    const outcome = outcomeOf(result.status);
    if (outcome !== 'retry' && outcome !== 'unauthorized') {
      return { answers: [], stop: { kind: 'fallback', unsupported: result.status === 404 || result.status === 405 } };
    }
    const noAnswer = result.noAnswer === true;
    return { answers: [], stop: { kind: 'kept', entry: head, error: result.error, noAnswer, unanswered: rest, mayBeApplied: result.status === 0, refreshed: true } };
  }
  const { results } = result.data;
  if (!matches(entries, results)) return { answers: [], stop: { kind: 'fallback', unsupported: false } };
  const answers: Answer[] = [];
  for (const [i, item] of results.entries()) {
    const entry = entries[i];
    if (!entry) break;
    const answer = itemAnswer(entry, item, result.requestId);
    if (!('entry' in answer)) {
      return { answers, stop: { kind: 'kept', entry, error: answer, noAnswer: false, unanswered: [], mayBeApplied: false, refreshed: false } };
    }
    answers.push(answer);
  }
  return { answers, stop: null };
}

/**
 * Sends the planned entries still there after markSending (`marked`): null when none is left.
 * `onSending`: the request is on the wire (api-client.ts ApiCall).
 */
export async function sendMarked(api: ApiClient, planned: Planned, marked: OutboxEntry[], onSending?: () => void): Promise<Sent | null> {
  if (planned.kind === 'single') {
    const [entry] = marked;
    if (!entry) return null;
    const result = await callWithRefresh(api, (session) => callOwnRoute(api, entry, session));
    return { route: 'single', entries: [entry], ...ownRouteReply(entry, result) };
  }
  if (marked.length === 0) return null;
  const sending = new Set(marked.map((entry) => entry.seq));
  const body: PushBody = { mutations: planned.mutations.filter((_, i) => sending.has(planned.entries[i]?.seq ?? -1)) };
  const result = await callWithRefresh(api, (session) =>
    api.call<PushResponse>({ method: 'POST', path: 'sync/push', body, ...session, ...(onSending ? { onSending } : {}) }),
  );
  return { route: 'batch', entries: marked, ...pushReply(marked, result) };
}
