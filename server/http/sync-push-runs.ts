// Runs of POST sync/push applied as a set (issue #25 point 2;
// docs/decisions/0022-prays-applied-as-a-set.md): consecutive mutations of one route that declares
// a `batchRun` (http/mutation.ts), each with a key not answered yet, go to that route's set
// statement in one savepoint, and every one is answered as its single call would be. If the set
// statement fails (a key claimed meanwhile by a concurrent push is the one expected way), the
// savepoint undoes the whole run and its mutations take the one-at-a-time path, which answers that
// case as a replay.
import type { ApiError } from '../../common/contract';
import type { PushMutation, PushResult } from '../../common/sync-contract';
import type { Db } from '../db/client';
import { requestHash, storeAnswers, type ClaimAnswer, type StoredResponse } from '../domain/idempotency';
import type { Session } from '../domain/tokens';
import { matchesKind } from './auth-context';
import { toApiError } from './errors';
import type { MutationRequest, RegisteredMutation, RunItem } from './mutation';

/** One planned item of a push: what to run, or the answer it gets without running (sync-push.ts). */
export type Planned = { item: PushMutation; url: string } & ({ run: RegisteredMutation; params: Record<string, string | undefined> } | { answer: ApiError });
type Runnable = Extract<Planned, { run: RegisteredMutation }>;

/** What the items of one batch share: the stored answers of its keys, and the keys its mutations claimed. */
export type BatchState = { stored: Map<string, StoredResponse>; claims: ClaimAnswer[] };

/** Shorter runs gain nothing over the one-at-a-time path. */
const MIN_RUN = 2;

/**
 * The run starting at `start`: the calls of the same set-applied route that follow, each with a key
 * neither answered before nor repeated in the run (a repeat is a replay of the first); [] for none.
 */
export function runAt(planned: readonly Planned[], start: number, session: Session, stored: ReadonlyMap<string, StoredResponse>): Runnable[] {
  const first = planned[start];
  if (first === undefined || !('run' in first) || first.run.options.batchRun === undefined) return [];
  if (!matchesKind(session, first.run.options.kind ?? 'any')) return [];
  const run: Runnable[] = [];
  const keys = new Set<string>();
  for (let index = start; index < planned.length; index += 1) {
    const next = planned[index];
    if (next === undefined || !('run' in next) || next.run !== first.run) break;
    if (stored.has(next.item.key) || keys.has(next.item.key)) break;
    keys.add(next.item.key);
    run.push(next);
  }
  return run.length >= MIN_RUN ? run : [];
}

/** The run through its route's set statement, answered in order; null when it must go one at a time. */
export async function applyRun(db: Db, run: Runnable[], session: Session, request: Pick<MutationRequest, 'headers'>, batch: BatchState): Promise<PushResult[] | null> {
  const batchRun = run[0]?.run.options.batchRun;
  if (batchRun === undefined) return null;
  const userId = session.user.id;
  const items: RunItem[] = run.map(({ item, url, params }) => ({
    request: { params, body: item.body, headers: request.headers },
    claim: { userId, key: item.key, requestHash: requestHash(item.method, url, item.body) },
  }));
  let outcomes;
  try {
    // The answers are stored in the run's savepoint, one insert for all: a key claimed meanwhile
    // fails it there and undoes the run with it (storeAnswers).
    outcomes = await db.transaction(async (savepoint) => {
      const answered = await batchRun(savepoint, session, items);
      await storeAnswers(savepoint, userId, answered.flatMap((outcome, index) => {
        const claim = items[index]?.claim;
        return 'refusal' in outcome || claim === undefined ? [] : [{ key: claim.key, requestHash: claim.requestHash, statusCode: outcome.status, body: { data: outcome.data } }];
      }));
      return answered;
    });
  } catch {
    return null;
  }
  return run.map(({ item }, index): PushResult => {
    const outcome = outcomes[index];
    const claim = items[index]?.claim;
    if (outcome === undefined || claim === undefined) throw new Error(`the run of ${item.path} answered ${String(outcomes.length)} of ${String(run.length)}`);
    if ('refusal' in outcome) {
      const body = outcome.refusal instanceof Error ? toApiError(outcome.refusal) : { message: 'An unexpected error occurred', status: 500, code: 'server.error' };
      return { key: item.key, status: body.status, body, replayed: false };
    }
    // Its answer is stored already, with the run's.
    const body = { data: outcome.data };
    // A later item with the same key replays this one, as a later single call would.
    batch.stored.set(item.key, { statusCode: outcome.status, body, requestHash: claim.requestHash });
    return { key: item.key, status: outcome.status, body, replayed: false };
  });
}
