// The sync calls (common/sync-contract.ts; docs/api.md 'Sync'): POST sync/push applies a batch of
// mutations in one request, GET posts/changes is the delta pull that keeps locally held posts
// fresh (issue #10), GET sync/pull is the one pull that catches a device up (issue #25 item 1).
// Thin adapters over http/sync-push.ts, domain/post-changes.ts and domain/sync-pull.ts.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Envelope } from '../../common/contract';
import { SYNC_PUSH_MAX_BYTES, type PostChanges, type PushResponse, type SyncPull } from '../../common/sync-contract';
import { currentCursor, decodeCursor, listPostChanges } from '../domain/post-changes';
import { decodeSyncCursor } from '../domain/sync-cursor';
import { syncPull } from '../domain/sync-pull';
import { bearerToken, optionalSession, requireSession } from '../http/auth-context';
import { resolveChannel } from '../http/channel';
import { handleError, HttpError, sendError, UNAUTHENTICATED } from '../http/errors';
import type { MutationRegistry } from '../http/mutation-registry';
import { applyPush, parsePush, planPush } from '../http/sync-push';
import { flag, newCountQuerySchema } from '../http/schemas';
import { parseInput } from '../http/validate';
import type { RouteDeps } from './deps';

export const PUSH_TOO_LARGE = `A push is at most ${SYNC_PUSH_MAX_BYTES} bytes: send fewer mutations at a time`;
const SINCE_MESSAGE = 'since must be a cursor returned by posts/changes';
const CURSOR_MESSAGE = 'cursor must be a cursor returned by sync/pull';

const changesQuery = z.object({
  since: z.string({ message: SINCE_MESSAGE }).transform((text, ctx) => {
    const cursor = decodeCursor(text);
    if (cursor === undefined) ctx.addIssue({ code: 'custom', message: SINCE_MESSAGE, params: { code: 'sync.invalid_cursor' } });
    return cursor ?? z.NEVER;
  }).optional(),
});

const pullQuery = z.object({
  cursor: z.string({ message: CURSOR_MESSAGE }).transform((text, ctx) => {
    const cursor = decodeSyncCursor(text);
    if (cursor === undefined) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE, params: { code: 'sync.invalid_cursor' } });
    return cursor ?? z.NEVER;
  }).optional(),
  since: newCountQuerySchema.shape.since.optional(),
  full: flag.optional().default(false),
});

/** The batch's own 413 says what to do; everything else is the API's one error shape. */
function pushErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, { message: PUSH_TOO_LARGE, status: 413, code: 'sync.push_too_large' });
  return handleError(error, request, reply);
}

export function registerSyncRoutes(app: FastifyInstance, { db, config, metrics }: RouteDeps, registry: MutationRegistry): void {
  // The batch is larger than any single call: its own body limit (the global one is 64 KB).
  app.post('/sync/push', { bodyLimit: SYNC_PUSH_MAX_BYTES, errorHandler: pushErrorHandler }, async (request): Promise<Envelope<PushResponse>> => {
    // One session for the whole batch, looked up once: no valid session is a 401 for all of it.
    const session = await requireSession(db, request);
    const token = bearerToken(request);
    if (token === undefined) throw new HttpError(401, UNAUTHENTICATED);
    const planned = planPush(registry, parsePush(request.body));
    const results = await applyPush(db, planned, { session, token, headers: request.headers, log: request.log });
    metrics.syncPush(results);
    return { data: { results } };
  });

  // Public like GET posts: an anonymous caller sees the public changes of the channel.
  app.get('/posts/changes', async (request): Promise<Envelope<PostChanges>> => {
    const session = await optionalSession(db, request);
    const { since } = parseInput(changesQuery, request.query);
    if (since === undefined) return { data: { posts: [], deleted: [], cursor: await currentCursor(db), has_more: false } };
    return { data: await listPostChanges(db, resolveChannel(request, session), session?.user.id ?? null, since) };
  });

  // Public like posts/changes: an anonymous caller gets the posts, the new count and the public sections.
  app.get('/sync/pull', async (request): Promise<Envelope<SyncPull>> => {
    const session = await optionalSession(db, request);
    const query = parseInput(pullQuery, request.query);
    return { data: await syncPull({ db, config, session, channelId: resolveChannel(request, session) }, query, Date.now(), (how) => metrics.syncPull(how)) };
  });
}
