// The one wrapper for every mutating route (docs/architecture/sync-protocol.md 'Outbox and sync
// protocol' 'Exactly once'). It authenticates, runs the handler in one transaction, and when an
// Idempotency-Key is sent stores the response in that same transaction. A replay returns the stored
// status and body without applying again; the same key with a different request is a 422. New
// endpoints get all of this by using mutation(). The core, runMutation(), is shared with POST
// sync/push (issue #10, http/sync-push.ts), which applies each batched mutation in a savepoint of
// the batch's transaction: one key, one answer, whichever way it arrives.
import type { FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../common/constants';
import type { Envelope } from '../../common/contract';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { findStored, requestHash, storeResponse, type ClaimAnswer, type KeyClaim, type StoredResponse } from '../domain/idempotency';
import type { Session } from '../domain/tokens';
import { announceOwnWrite } from '../live/announcements';
import { requireSession, type SessionKind } from './auth-context';
import { fieldError, HttpError } from './errors';

/** What a handler may read of its request: the same for a single call and a batched one. */
export type MutationRequest = Pick<FastifyRequest, 'params' | 'body' | 'headers'>;
/**
 * `claim`: offered inside POST sync/push when the call has a key. A handler whose effect is one
 * statement may insert the key's row in it (claimInsert) and answer `claimed: true`: one
 * statement less per mutation (issue #10 P4); the answer is then written by the batch.
 */
type MutationContext = { tx: Db; session: Session; request: MutationRequest; claim?: KeyClaim };
type MutationResult<T> = { status?: number; data: T; claimed?: boolean };
type MutationHandler<T> = (ctx: MutationContext) => Promise<MutationResult<T>>;
/** One call of a run applied as a set (POST sync/push): its request, and the key it claims. */
export type RunItem = { request: MutationRequest; claim: KeyClaim };
/** A run item's outcome: its answer (stored under its key with the run's, sync-push-runs.ts), or what its single call throws. */
export type RunOutcome = { status: number; data: unknown } | { refusal: unknown };
/**
 * Applies consecutive calls of one route in a constant number of statements, each answered as its
 * single call would be in that order, each applied key's answer stored in the run's savepoint
 * (issue #25 point 2). A refused item leaves no trace; a statement that fails (a key claimed
 * meanwhile by a concurrent push) throws, and the caller applies the run one call at a time.
 */
export type BatchRun = (tx: Db, session: Session, items: RunItem[]) => Promise<RunOutcome[]>;
type MutationOptions = {
  kind?: SessionKind;
  /** How sync/push applies a run of this route's calls together (the pray: server/domain/pray-run.ts). */
  batchRun?: BatchRun;
  /**
   * Why the route is never applied inside POST sync/push (a bot check, an abuse limit, an
   * upload): the client sends it on its own. Stated here, not read from the route's options,
   * so the answer does not change with the server's configuration (docs/api.md 'Sync').
   */
  singleOnly?: string;
};

/** One call of a mutation: `url` is the path (and query) under which its request hash is kept. */
type MutationCall = {
  session: Session;
  method: string;
  url: string;
  request: MutationRequest;
  key: string | undefined;
  /** The stored answer of `key` when the caller has already looked it up (sync/push reads a whole batch at once). */
  known?: { stored: StoredResponse | undefined };
  /** The batch's claimed keys still to be answered (completeClaims): given, handlers are offered a claim. */
  claims?: ClaimAnswer[];
};
/** The answer of one call, and the hash a later call with the same key must match. */
type MutationAnswer = { statusCode: number; body: unknown; replayed: boolean; requestHash: string };
export type RegisteredMutation = { handler: MutationHandler<unknown>; options: MutationOptions };

export const KEY_PATTERN = /^[\w.:-]{1,200}$/;
export const KEY_PATTERN_MESSAGE = 'Idempotency-Key must be 1 to 200 letters, digits or . _ : -';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request';

/** The route handlers mutation() made, so the sync/push registry can find the handler behind a route. */
const registered = new WeakMap<object, RegisteredMutation>();

export function registeredMutation(handler: unknown): RegisteredMutation | undefined {
  return typeof handler === 'function' ? registered.get(handler) : undefined;
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) throw fieldError(IDEMPOTENCY_HEADER, KEY_PATTERN_MESSAGE, 'idempotency.invalid_key');
  return key;
}

function replayOf(stored: StoredResponse, hash: string): MutationAnswer {
  if (stored.requestHash !== hash) throw new HttpError(422, KEY_REUSED_MESSAGE, { [IDEMPOTENCY_HEADER]: [KEY_REUSED_MESSAGE] }, { code: 'idempotency.key_reused' });
  return { statusCode: stored.statusCode, body: stored.body, replayed: true, requestHash: hash };
}

/**
 * Applies one mutation exactly once per (caller, key). `db` is the database (the single route: its
 * own transaction) or an open transaction (sync/push: `db.transaction` is then a savepoint, so a
 * refusal undoes only this mutation). Refusals are thrown, as HttpError, and store nothing.
 */
export async function runMutation<T>(db: Db, call: MutationCall, handler: MutationHandler<T>): Promise<MutationAnswer> {
  const { key, session } = call;
  const hash = requestHash(call.method, call.url, call.request.body);
  const userId = session.user.id;
  if (key !== undefined) {
    const stored = call.known === undefined ? await findStored(db, userId, key) : call.known.stored;
    if (stored !== undefined) return replayOf(stored, hash);
  }
  const claim = key !== undefined && call.claims !== undefined ? { userId, key, requestHash: hash } : undefined;
  try {
    const { answer, claimed } = await db.transaction(async (tx) => {
      const result = await handler({ tx, session, request: call.request, ...(claim === undefined ? {} : { claim }) });
      const body: Envelope<T> = { data: result.data };
      const statusCode = result.status ?? 200;
      const keyClaimed = claim !== undefined && result.claimed === true;
      if (key !== undefined && !keyClaimed) await storeResponse(tx, userId, key, { statusCode, body, requestHash: hash });
      return { answer: { statusCode, body, replayed: false, requestHash: hash }, claimed: keyClaimed };
    });
    // Only once its savepoint is released: a refused mutation leaves no claim to answer.
    if (claimed && key !== undefined) call.claims?.push({ key, statusCode: answer.statusCode, body: answer.body });
    return answer;
  } catch (error) {
    // A concurrent duplicate committed first: ours failed on the key's primary key (or on a
    // unique index of the effect itself) and rolled back; answer as a replay of the winner.
    if (key === undefined || !isUniqueViolation(error)) throw error;
    const stored = await findStored(db, userId, key);
    if (stored === undefined) throw error;
    return replayOf(stored, hash);
  }
}

export function mutation<T>(db: Db, handler: MutationHandler<T>, options: MutationOptions = {}): RouteHandlerMethod {
  const route: RouteHandlerMethod = async function mutationRoute(request, reply) {
    const session = await requireSession(db, request, options.kind);
    const key = idempotencyKey(request);
    // The account's other devices pull what this call changed (issue #48, server/live/announcements.ts).
    const announced: MutationHandler<T> = async (ctx) => {
      const result = await handler(ctx);
      await announceOwnWrite(ctx.tx, session.user.id, session.token.id);
      return result;
    };
    const answer = await runMutation(db, { session, method: request.method, url: request.url, request, key }, announced);
    if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
    return reply.code(answer.statusCode).send(answer.body);
  };
  registered.set(route, { handler, options });
  return route;
}
