// GET /metrics in Prometheus's text format (issue #27 item 2, docs/deploy.md 'Metrics',
// docs/decisions/0178-metrics-one-token-the-app-s-own-port.md). Off unless METRICS_TOKEN is set:
// then it answers only `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time; 401
// otherwise); off, it is the 404 of any unknown address, so nothing reveals it. prom-client is
// loaded only when metrics are on.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../common/contract';
import type { PushResult } from '../../common/sync-contract';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { safeEqual, sha256 } from '../domain/signed-links';
import type { PullAnswer } from '../domain/sync-pull';
import { NO_LIVE_METRICS, type LiveMetrics } from '../live/hub';
import type { PushSender } from '../push/sender';
import { bearerToken } from './auth-context';
import { sendError, sendNotFound, UNAUTHENTICATED } from './errors';
import { createMetricSet, type MetricSet } from './metrics-registry';
import { REPLAYED_HEADER } from './mutation';
import { routeOf } from './request-log';

/** What the routes report; a no-op when metrics are off. */
export type AppMetrics = {
  /** An applied sync/push batch: its items, their replays and refusals. */
  syncPush(results: readonly PushResult[]): void;
  /** A sync/pull answered from the change stamps alone or by reading its sections (issue #50 item 2). */
  syncPull(answer: PullAnswer): void;
  /** The sender with every send's result counted (sent, unregistered, failed, skipped; error: it threw). */
  countSends(sender: PushSender): PushSender;
  /** The live streams open, the pokes sent and the streams refused (issue #48). */
  live: LiveMetrics;
};

export const NO_METRICS: AppMetrics = { syncPush: () => undefined, syncPull: () => undefined, countSends: (sender) => sender, live: NO_LIVE_METRICS };

function liveMetrics(set: MetricSet): LiveMetrics {
  return {
    streamOpened: () => set.liveStreams.inc(),
    streamClosed: () => set.liveStreams.dec(),
    poked(poke) {
      if (poke.counts !== undefined) set.livePokes.inc({ kind: 'counts' });
      if (poke.new_posts !== undefined) set.livePokes.inc({ kind: 'new_posts' });
      if (poke.pull !== undefined) set.livePokes.inc({ kind: 'pull' });
    },
    refused: (reason) => set.liveRefused.inc({ reason }),
  };
}

const UNAUTHORIZED: ApiError = { message: UNAUTHENTICATED, status: 401, code: 'auth.unauthenticated' };

/** The `code` of an error answer's JSON body, read only for error answers; undefined when it has none. */
function errorCodeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const body: unknown = JSON.parse(payload);
    const code: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'code') : undefined;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function recordingMetrics(set: MetricSet): AppMetrics {
  return {
    live: liveMetrics(set),
    syncPull: (answer) => set.syncPulls.inc({ answer }),
    syncPush(results) {
      set.syncBatches.inc();
      set.syncItems.inc(results.length);
      for (const result of results) {
        if (result.replayed) set.replays.inc({ via: 'sync_push' });
        const code = result.status >= 400 && typeof result.body === 'object' && result.body !== null ? Reflect.get(result.body, 'code') : undefined;
        if (typeof code === 'string') set.refusals.inc({ code, via: 'sync_push' });
      }
    },
    countSends(sender) {
      return {
        async send(target, message) {
          try {
            const result = await sender.send(target, message);
            set.pushSends.inc({ result });
            return result;
          } catch (error) {
            set.pushSends.inc({ result: 'error' });
            throw error;
          }
        },
      };
    },
  };
}

function countRequests(app: FastifyInstance, set: MetricSet): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) {
      const code = errorCodeOf(payload);
      if (code !== undefined) set.refusals.inc({ code, via: 'request' });
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    set.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    set.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (reply.getHeader(REPLAYED_HEADER) === 'true') set.replays.inc({ via: 'request' });
  });
}

/** Registers GET /metrics (and, when on, the hooks that count every request); returns what the routes report to. */
export async function registerMetrics(app: FastifyInstance, { db, config }: { db: Db; config: Pick<AppConfig, 'metricsToken'> }): Promise<AppMetrics> {
  const token = config.metricsToken;
  if (token === null) {
    app.get('/metrics', (request: FastifyRequest, reply: FastifyReply) => sendNotFound(request, reply));
    return NO_METRICS;
  }
  const set = createMetricSet(await import('prom-client'), db, app.log);
  const expected = sha256(token);
  countRequests(app, set);
  app.get('/metrics', async (request, reply) => {
    const given = bearerToken(request);
    // Hashed first: the comparison takes the same time whatever the length of what was sent.
    if (given === undefined || !safeEqual(sha256(given), expected)) return sendError(reply.header('WWW-Authenticate', 'Bearer'), UNAUTHORIZED);
    const text = await set.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(set.registry.contentType).send(text);
  });
  return recordingMetrics(set);
}
