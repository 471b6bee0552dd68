// The one outcome step of the drain (docs/architecture/sync-protocol.md 'Drain protocol'): every
// send's answer (drain-send.ts `Sent`, a batch or one entry on its own route) is settled here, in
// order:
//   - the answered prefix: acks and refusals in ONE transaction with one rebase (drain-settle.ts);
//     after a rollback the entity is re-fetched, so the screen shows the server's truth;
//   - where it stopped: no answer, 5xx, 408, 429: kept with backoff, and the drain stops;
//     401: one refresh per entry and drain, then it goes again; after that it waits, 'pending',
//     for a new sign-in; a push refused whole: its entries go one by one (fallback).
import { bearerToken, getAuth } from '../src/model/meta';
import type { OutboxEntry } from '../src/model/outbox-types';
import type { ApiClient } from './api-client';
import { refreshAuth } from './auth';
import type { Sent, Stop } from './drain-send';
import { keepForRetry, markPending, settleAnswers, type RetryOptions } from './drain-settle';
import { refetchAfterRefusal } from './pull-post';
import { outcomeOf } from './reconcile';

/**
 * How the drain goes on: 'next' plans the next send; 'retry' stops until retryAt; 'auth' stops
 * until a new sign-in; 'fallback' sends the `count` entries of the batch singly ('unsupported':
 * the server has no sync/push, so do not try it again for a while).
 */
export type Then = { kind: 'next' } | { kind: 'retry'; retryAt: number } | { kind: 'auth' } | { kind: 'fallback'; unsupported: boolean; count: number };

export type SendStep = { sent: number; refused: number; then: Then };

/** Step 3 of the drain: the head still needs a temporary id, so its creator is gone. */
export async function refuseOrphan(entry: OutboxEntry, now: number): Promise<void> {
  await settleAnswers([{ entry, ok: false, error: { status: 409, message: 'It belonged to a post that could not be created.' }, isDependent: true }], now);
}

async function afterStop(api: ApiClient, sent: Sent, stop: Stop, options: RetryOptions, authRetried: Set<number>): Promise<Then> {
  if (stop.kind === 'fallback') {
    await markPending(sent.entries);
    return { kind: 'fallback', unsupported: stop.unsupported, count: sent.entries.length };
  }
  const { entry, error } = stop;
  if (outcomeOf(error.status) === 'unauthorized') {
    // A 401 for one item of a push (its session ended or does not fit the route): refresh once, then send it again.
    if (!stop.refreshed && !authRetried.has(entry.seq) && (await refreshAuth(api, bearerToken(await getAuth())))) {
      authRetried.add(entry.seq);
      return { kind: 'next' };
    }
    await markPending([entry, ...stop.unanswered], error.message);
    return { kind: 'auth' };
  }
  if (!stop.mayBeApplied && stop.unanswered.length > 0) await markPending(stop.unanswered);
  const retryAt = await keepForRetry(entry, error, options, stop.mayBeApplied ? 'sending' : 'pending', stop.noAnswer);
  return { kind: 'retry', retryAt };
}

/**
 * Settles one send's answer (see above). `authRetried`: entries whose 401 already had its
 * refresh in this drain; a second 401 for one of them stops the drain.
 */
export async function settleSent(api: ApiClient, sent: Sent, options: RetryOptions, authRetried: Set<number>): Promise<SendStep> {
  await settleAnswers(sent.answers, options.now?.() ?? Date.now());
  const refusals = sent.answers.filter((answer) => !answer.ok);
  for (const refusal of refusals) await refetchAfterRefusal(api, refusal.entry);
  const counts = { sent: sent.answers.length - refusals.length, refused: refusals.length };
  return { ...counts, then: sent.stop ? await afterStop(api, sent, sent.stop, options, authRetried) : { kind: 'next' } };
}
