// The one wrapper for every mutating route (DESIGN.md §4 'Exactly once'). It authenticates, runs
// the handler in one transaction, and when an Idempotency-Key is sent stores the response in that
// same transaction. A replay returns the stored status and body without applying again; the same
// key with a different request is a 422. New endpoints get all of this by using mutation().
import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../common/constants';
import type { Envelope } from '../../common/contract';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { findStored, requestHash, storeResponse, type StoredResponse } from '../domain/idempotency';
import type { Session } from '../domain/tokens';
import { requireSession, type SessionKind } from './auth-context';
import { fieldError, HttpError } from './errors';

export type MutationContext = { tx: Db; session: Session; request: FastifyRequest };
export type MutationResult<T> = { status?: number; data: T };
export type MutationHandler<T> = (ctx: MutationContext) => Promise<MutationResult<T>>;
export type MutationOptions = { kind?: SessionKind };

const KEY_PATTERN = /^[\w.:-]{1,200}$/;
export const REPLAYED_HEADER = 'idempotent-replayed';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request';

function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) throw fieldError(IDEMPOTENCY_HEADER, 'Idempotency-Key must be 1 to 200 letters, digits or . _ : -');
  return key;
}

function replay(reply: FastifyReply, stored: StoredResponse, hash: string): FastifyReply {
  if (stored.requestHash !== hash) throw new HttpError(422, KEY_REUSED_MESSAGE, { [IDEMPOTENCY_HEADER]: [KEY_REUSED_MESSAGE] });
  return reply.code(stored.statusCode).header(REPLAYED_HEADER, 'true').send(stored.body);
}

export function mutation<T>(db: Db, handler: MutationHandler<T>, options: MutationOptions = {}): RouteHandlerMethod {
  return async function mutationRoute(request, reply) {
    const session = await requireSession(db, request, options.kind);
    const key = idempotencyKey(request);
    const hash = requestHash(request.method, request.url, request.body);
    const userId = session.user.id;
    if (key !== undefined) {
      const stored = await findStored(db, userId, key);
      if (stored !== undefined) return replay(reply, stored, hash);
    }
    try {
      const response = await db.transaction(async (tx) => {
        const result = await handler({ tx, session, request });
        const body: Envelope<T> = { data: result.data };
        const statusCode = result.status ?? 200;
        if (key !== undefined) await storeResponse(tx, userId, key, { statusCode, body, requestHash: hash });
        return { statusCode, body };
      });
      return reply.code(response.statusCode).send(response.body);
    } catch (error) {
      // A concurrent duplicate committed first: ours failed on the key's primary key (or on a
      // unique index of the effect itself) and rolled back; answer as a replay of the winner.
      if (key === undefined || !isUniqueViolation(error)) throw error;
      const stored = await findStored(db, userId, key);
      if (stored === undefined) throw error;
      return replay(reply, stored, hash);
    }
  };
}
