// GET /api/v1/sync/live (issue #48; common/live-contract.ts, docs/api.md 'Live'): the stream of
// pokes of one device. Only for a valid, active session (401 in the API's one error shape
// otherwise, never a hung connection), capped per account and per address (429
// 'live.too_many_streams'), in the channel of the request (an x-channel-id that names no channel is
// a 400 here: a stream in a channel the device did not mean would be silently wrong for hours).
// The body is a PassThrough that Fastify pipes, so the API's hooks (its answer header, the request
// log line when the stream ends) run as for every answer; compression is off for it (a compressor
// buffers, and a poke must leave at once).
import type { FastifyInstance } from 'fastify';
import { CHANNELS } from '../../common/contract';
import { LIVE_PATH } from '../../common/live-contract';
import { requireSession } from '../http/auth-context';
import { headerChannel, resolveChannel } from '../http/channel';
import { httpError } from '../http/errors';
import type { LiveHub } from '../live/hub';
import type { RouteDeps } from './deps';

const BAD_CHANNEL = `x-channel-id must be one of ${CHANNELS.map((c) => c.id).join(', ')}`;
const TOO_MANY = {
  account: (max: number) => `This account already holds ${String(max)} live connections. Close the app on a device you no longer use; updates still arrive every 30 seconds meanwhile.`,
  address: (max: number) => `This network already holds ${String(max)} live connections. Updates still arrive every 30 seconds; try again later.`,
};

export function registerLiveRoutes(app: FastifyInstance, { db }: RouteDeps, hub: LiveHub): void {
  // compress: false: @fastify/compress would buffer the stream (server/http/compression.ts).
  // No HEAD route: a stream has no headers-only form worth holding a connection for.
  app.get(`/${LIVE_PATH}`, { compress: false, exposeHeadRoute: false }, async (request, reply) => {
    const session = await requireSession(db, request);
    if (request.headers['x-channel-id'] !== undefined && headerChannel(request) === undefined) {
      throw httpError(400, 'request.invalid', BAD_CHANNEL);
    }
    if (!hub.available) throw httpError(503, 'service.unavailable', 'Live updates are not available on this server; updates arrive every 30 seconds.');
    const refusal = hub.refusal(session.user.id, request.ip);
    if (refusal !== null) {
      hub.refused(refusal);
      const max = hub.caps[refusal];
      throw httpError(429, 'live.too_many_streams', TOO_MANY[refusal](max), { max });
    }
    const stream = hub.open({
      userId: session.user.id, tokenId: session.token.id, channelId: resolveChannel(request, session),
      address: request.ip, expiresAt: session.token.expiresAt,
    });
    // The device went (or a proxy dropped it): the stream is forgotten at once.
    reply.raw.once('close', () => stream.drop());
    return reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-store')
      // nginx buffers a proxied answer unless told not to (docs/deploy.md has the location too).
      .header('X-Accel-Buffering', 'no')
      .send(stream.body);
  });
}
