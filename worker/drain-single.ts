// One outbox entry through its own route (SPEC §7), as the drain sent every entry before
// batching: the head when it may not be batched (a bot check, a rate-limited report), a batch of
// one, and the fallback when POST sync/push is refused whole or missing (worker/drain.ts).
import { RECAPTCHA_HEADER } from '../common/constants';
import type { ApiError } from '../common/contract';
import { db } from '../src/db/db';
import { bearerToken, getAuth } from '../src/db/meta';
import type { OpName, OutboxEntry, OutboxEntryOf, OpResponse } from '../src/db/outbox-types';
import { opFor } from '../src/commands/ops/registry';
import type { ApiClient, ApiResult } from './api-client';
import { refreshAuth } from './auth';
import { keepForRetry, settleAnswers, type RetryOptions } from './drain-settle';
import { refetchAfterRefusal } from './pull-post';
import { outcomeOf } from './reconcile';

export type Step = { kind: 'sent' | 'refused' | 'cancelled' | 'auth' } | { kind: 'retry'; retryAt: number };

async function send<K extends OpName>(api: ApiClient, entry: OutboxEntryOf<K>): Promise<ApiResult<OpResponse<K>>> {
  const request = opFor(entry.op).request(entry);
  const botCheck = request.botCheck ? { action: request.botCheck } : undefined;
  const call = () =>
    api.call<OpResponse<K>>({ method: request.method, path: request.path, body: request.body, idempotencyKey: entry.key, botCheck });
  const token = bearerToken(await getAuth());
  const result = await call();
  if (botCheck && isBotCheckRefusal(result)) return heldForBotCheck(result.error);
  if (result.ok || result.status !== 401) return result;
  return (await refreshAuth(api, token)) ? call() : result;
}

/** The server's 422 for a missing or failed bot check names the google-recaptcha-token field. */
function isBotCheckRefusal<T>(result: ApiResult<T>): result is Extract<ApiResult<T>, { ok: false }> {
  return !result.ok && result.status === 422 && result.error.errors?.[RECAPTCHA_HEADER] !== undefined;
}

/**
 * A bot-check refusal says nothing about the change itself, and a token minted later may pass:
 * answered like no answer (status 0), so the entry is kept and retried with backoff instead of
 * being rolled back (docs/decisions.md 'Bot check and offline posting').
 */
function heldForBotCheck<T>(error: ApiError): ApiResult<T> {
  return { ok: false, status: 0, error: { status: 0, message: `Held for a new bot check: ${error.message}` } };
}

/** Step 3: the head still needs a temporary id, so its creator is gone. */
export async function refuseOrphan(entry: OutboxEntry, now: number): Promise<void> {
  await settleAnswers([{ entry, ok: false, error: { status: 409, message: 'It belonged to a post that could not be created.' }, isDependent: true }], now);
}

/** Sends one entry and settles its answer (steps 4-8). */
export async function drainOne(api: ApiClient, entry: OutboxEntry, options: RetryOptions): Promise<Step> {
  const now = () => options.now?.() ?? Date.now();
  // Zero rows updated: a command cancelled it meanwhile (deleting what was never sent).
  if ((await db.outbox.update(entry.seq, { state: 'sending' })) === 0) return { kind: 'cancelled' };
  const result = await send(api, entry);
  if (result.ok) {
    await settleAnswers([{ entry, ok: true, data: result.data }], now());
    return { kind: 'sent' };
  }
  switch (outcomeOf(result.status)) {
    case 'refuse':
      await settleAnswers([{ entry, ok: false, error: result.error }], now());
      // DESIGN §4: after a rollback, re-fetch the entity so the screen shows the server's truth.
      await refetchAfterRefusal(api, entry);
      return { kind: 'refused' };
    case 'unauthorized':
      await db.outbox.update(entry.seq, { state: 'pending', lastError: result.error.message });
      return { kind: 'auth' };
    default:
      return { kind: 'retry', retryAt: await keepForRetry(entry, result.error, options, 'pending', result.noAnswer === true) };
  }
}
