// POST sync/push (issue #10, common/sync-contract.ts; docs/architecture/sync-protocol.md 'Outbox
// and sync protocol' 'Exactly once', 'Order'): an ordered batch of mutations, each exactly one
// single call (same method, path, body, key). The whole batch is checked before anything is applied
// (shape, bounds, every route batchable): a refusal there is one 422 and nothing is applied. Then
// every mutation runs through runMutation() in its own savepoint of the batch's one transaction,
// answered with exactly the status and body its single call would give; a refusal undoes only
// itself. A mutation may write its Idempotency-Key's row in its own statement (a claim,
// mutation.ts); the answers of the claimed keys are written in one statement at the end of the
// batch (issue #10 P4).
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApiError } from '../../common/contract';
import {
  SYNC_PUSH_MAX_MUTATIONS, type PushMutation, type PushResult,
} from '../../common/sync-contract';
import type { Db } from '../db/client';
import { completeClaims, findStoredMany } from '../domain/idempotency';
import { findSession, isActive, type Session } from '../domain/tokens';
import { announceOwnWrite } from '../live/announcements';
import { matchesKind } from './auth-context';
import { HttpError, PARAM_TOO_LONG, routeNotFound, toApiError, UNAUTHENTICATED } from './errors';
import { KEY_PATTERN, KEY_PATTERN_MESSAGE, runMutation } from './mutation';
import { applyRun, runAt, type BatchState, type Planned } from './sync-push-runs';
import { lockTargets } from './sync-push-locks';
import type { MutationRegistry } from './mutation-registry';
import { API_PREFIX } from './prefix';
import { validationError } from './validate';

// pchar of RFC 3986 and '/': no query ('?'), no fragment ('#'), no spaces; never a leading '/'.
const PATH_PATTERN = /^[\w\-.~!$&'()*+,;=:@%][\w\-.~!$&'()*+,;=:@%/]*$/;
const PATH_MESSAGE = 'path is the path under /api/v1: no leading slash, no query, e.g. post/12/pray';
const isBody = (value: unknown) => value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value));

const mutationSchema = z.object({
  key: z.string({ message: 'key is required' }).regex(KEY_PATTERN, KEY_PATTERN_MESSAGE),
  method: z.enum(['POST', 'PUT', 'DELETE'], { message: 'method must be POST, PUT or DELETE' }),
  path: z.string({ message: 'path is required' }).max(2000, 'path is too long').regex(PATH_PATTERN, PATH_MESSAGE),
  // Kept as sent (not rebuilt by zod): the request hash must be the single call's, byte for byte.
  body: z.custom<Record<string, unknown> | null>(isBody, 'body must be a JSON object, null or absent').optional(),
});

export const TOO_MANY_MUTATIONS = `A push carries at most ${SYNC_PUSH_MAX_MUTATIONS} mutations: send the rest in another push`;

const pushSchema = z.object({
  mutations: z.array(mutationSchema, { message: 'mutations must be a list of mutations' })
    .min(1, 'mutations must hold at least one mutation')
    .max(SYNC_PUSH_MAX_MUTATIONS, TOO_MANY_MUTATIONS),
});


function hasValidEscapes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function refuseWhole(index: number, item: PushMutation, why: string): HttpError {
  const message = `Mutation ${index} (${item.method} ${item.path}) ${why}: send it on its own, not in sync/push`;
  return new HttpError(422, message, { [`mutations.${index}.path`]: [message] }, { code: 'sync.invalid_path' });
}

/** Matches every item to its route; any route that may not be batched refuses the whole batch. */
export function planPush(registry: MutationRegistry, mutations: PushMutation[]): Planned[] {
  return mutations.map((item, index) => {
    const url = `${API_PREFIX}/${item.path}`;
    // What Fastify answers (sendFrameworkError) for a bad escape: a 400, before any route is matched.
    if (!hasValidEscapes(item.path)) return { item, url, answer: { message: 'Malformed URL', status: 400, code: 'request.malformed_url' } };
    const match = registry.match(item.method, url);
    if (!match.found) return { item, url, answer: match.status === 404 ? routeNotFound(item.method, url) : PARAM_TOO_LONG };
    const { route } = match;
    if (route.kind === 'single') throw refuseWhole(index, item, `cannot be batched (${route.reason})`);
    if (route.kind === 'other') throw refuseWhole(index, item, 'is not a mutation that can be batched');
    return { item, url, run: route.mutation, params: match.params };
  });
}

type PushCaller = {
  session: Session;
  /** The batch's bearer token: the session is read again after a mutation that may change it. */
  token: string;
  headers: FastifyRequest['headers'];
  log: FastifyBaseLogger;
};

function resultOf(item: PushMutation, body: ApiError): PushResult {
  return { key: item.key, status: body.status, body, replayed: false };
}

/** A user/* mutation may change what later mutations read of the caller (channel, locale...) or end the session. */
async function sessionAfter(db: Db, item: PushMutation, result: PushResult, caller: PushCaller, session: Session): Promise<Session | undefined> {
  if (!item.path.startsWith('user/') || result.replayed || result.status >= 300) return session;
  const fresh = await findSession(db, caller.token);
  return fresh !== undefined && isActive(fresh) ? fresh : undefined;
}


async function applyOne(db: Db, planned: Planned, session: Session | undefined, caller: PushCaller, { stored, claims }: BatchState): Promise<PushResult> {
  const { item, url } = planned;
  if ('answer' in planned) return resultOf(item, planned.answer);
  if (session === undefined || !matchesKind(session, planned.run.options.kind ?? 'any')) return resultOf(item, { message: UNAUTHENTICATED, status: 401, code: 'auth.unauthenticated' });
  try {
    const request = { params: planned.params, body: item.body, headers: caller.headers };
    const call = { session, method: item.method, url, request, key: item.key, known: { stored: stored.get(item.key) }, claims };
    const answer = await runMutation(db, call, planned.run.handler);
    // A later item with the same key replays this one, as a later single call would.
    if (!answer.replayed) stored.set(item.key, { statusCode: answer.statusCode, body: answer.body, requestHash: answer.requestHash });
    return { key: item.key, status: answer.statusCode, body: answer.body, replayed: answer.replayed };
  } catch (error) {
    const body: ApiError = error instanceof Error ? toApiError(error) : { message: 'An unexpected error occurred', status: 500, code: 'server.error' };
    if (body.status >= 500) caller.log.error({ err: error, key: item.key, path: item.path }, 'batched mutation failed');
    return resultOf(item, body);
  }
}

/** Applies a planned batch in one transaction, in order; the answers come back in the same order. */
export async function applyPush(db: Db, planned: Planned[], caller: PushCaller): Promise<PushResult[]> {
  return db.transaction(async (tx) => {
    const userId = caller.session.user.id;
    // First, so a concurrent push of the same keys has committed before this one reads them.
    await lockTargets(tx, planned);
    const batch: BatchState = { stored: await findStoredMany(tx, userId, [...new Set(planned.map((p) => p.item.key))]), claims: [] };
    let session: Session | undefined = caller.session;
    const results: PushResult[] = [];
    for (let index = 0; index < planned.length; ) {
      // A run of set-applied calls (prays) in a constant number of statements (issue #25 point 2).
      const run = session === undefined ? [] : runAt(planned, index, session, batch.stored);
      const answered = session === undefined || run.length === 0 ? null : await applyRun(tx, run, session, caller, batch);
      if (answered !== null) {
        results.push(...answered);
        index += answered.length;
        continue;
      }
      const item = planned[index];
      index += 1;
      if (item === undefined) break;
      const result = await applyOne(tx, item, session, caller, batch);
      results.push(result);
      if (session !== undefined) session = await sessionAfter(tx, item.item, result, caller, session);
    }
    // In the batch's transaction, so the keys and their effects commit together
    // (docs/architecture/sync-protocol.md 'Outbox and sync protocol').
    await completeClaims(tx, userId, batch.claims);
    // Once per push, not per mutation: the account's other devices pull (issue #48, server/live/announcements.ts).
    if (results.some((r) => r.status < 300 && !r.replayed)) await announceOwnWrite(tx, userId, caller.session.token.id);
    return results;
  });
}

/** The body of a push, checked whole before anything is applied (item bodies are left to their routes). */
export function parsePush(body: unknown): PushMutation[] {
  const result = pushSchema.safeParse(body ?? {});
  if (result.success) return result.data.mutations;
  throw validationError(result.error, body ?? {});
}
