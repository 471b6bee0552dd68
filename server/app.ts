// Builds the /api/v1 server (docs/architecture/server.md 'Reference server') without listening:
// start.ts and the tests listen.
import { createServer as createHttpsServer } from 'node:https';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerFactory, type RouteOptions } from 'fastify';
import type { AppConfig, TlsConfig } from './config';
import { listenerOf, type Db, type DbHandle } from './db/client';
import { HttpError, registerErrorHandlers, sendFrameworkError, sendNotFound } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { registerApiCompression } from './http/compression';
import { cspFeatures, registerSecurityHeaders } from './http/security';
import { registerMetrics } from './http/metrics';
import { frameworkReply, loggingOptions, registerRequestLog, type LogSink } from './http/request-log';
import { registerAuthRoutes } from './routes/auth-routes';
import { registerGuestRoutes } from './routes/guest-routes';
import { registerPostRoutes } from './routes/post-routes';
import { registerCommentRoutes } from './routes/comment-routes';
import { registerNoteRoutes } from './routes/note-routes';
import { registerPostUpdateRoutes } from './routes/post-update-routes';
import { registerPostOwnerRoutes } from './routes/post-owner-routes';
import { registerPostSessionRoutes } from './routes/post-session-routes';
import { registerListRoutes } from './routes/list-routes';
import { registerGroupRoutes } from './routes/group-routes';
import { registerListItemRoutes } from './routes/list-item-routes';
import { registerListItemSocialRoutes } from './routes/list-item-social-routes';
import { registerUserRoutes } from './routes/user-routes';
import { registerAccountRoutes } from './routes/account-routes';
import { registerProviderRoutes } from './routes/provider-routes';
import { registerNotificationRoutes, registerPushDispatch } from './routes/notification-routes';
import { registerReminderRoutes } from './routes/reminder-routes';
import { registerReminderScheduler } from './push/reminder-scheduler';
import { registerHousekeeping } from './http/housekeeping';
import { registerSyncRoutes } from './routes/sync-routes';
import { registerLiveRoutes } from './routes/live-routes';
import { LiveHub } from './live/hub';
import { registerModerationRoutes } from './routes/moderation-routes';
import { registerHealthRoutes } from './routes/health-routes';
import { createMutationRegistry } from './http/mutation-registry';
import { registerStatic } from './static';
import { API_PREFIX } from './http/prefix';
import { ReadCache, registerWriteGeneration, writeGenerationFor } from './http/read-cache';
import { API_ANSWER_HEADER, API_ANSWER_VALUE } from '../common/constants';
import { setPasswordHashCost } from './domain/passwords';

type AppOptions = {
  db: Db;
  config: AppConfig;
  /** Sees every route as it is registered; the fuzz test enumerates the API with it. */
  onRoute?: (route: RouteOptions) => void;
  /** On PostgreSQL the abuse limits count in the database, shared by every API process (issue #14). */
  dbKind?: DbHandle['kind'];
  /** Where the log lines go instead of standard output (tests read them; issue #27 item 3). */
  logSink?: LogSink;
};

export { API_PREFIX };

/** TLS_CERT/TLS_KEY (server/config.ts): the same app, served over https. */
function httpsServer(tls: TlsConfig): FastifyServerFactory {
  return (handler) => createHttpsServer({ cert: tls.cert, key: tls.key }, handler);
}

export async function buildApp({ db, config, onRoute, dbKind = 'pglite', logSink }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, logSink), bodyLimit: config.bodyLimitBytes,
    // TRUST_PROXY=N: the address N hops back in X-Forwarded-For is the client's (docs/deploy.md).
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    frameworkErrors: (error, request, reply) => sendFrameworkError(error, frameworkReply(request, reply)),
    ...(config.tls === null ? {} : { serverFactory: httpsServer(config.tls) }),
  });
  if (onRoute !== undefined) app.addHook('onRoute', onRoute);
  setPasswordHashCost(config.passwordHashCost);
  registerErrorHandlers(app);
  registerRequestLog(app);
  const metrics = await registerMetrics(app, { db, config });
  registerJsonBodyParser(app);
  await registerSecurityHeaders(app, cspFeatures(config));
  if (config.rateLimit.enabled) {
    // Only routes that opt in are limited (login, register, guest login: see routes/deps.ts).
    await app.register(rateLimit, {
      global: false,
      ...(dbKind === 'postgres' ? { store: databaseRateLimitStore(db, (error) => app.log.warn({ err: error }, 'rate limit prune failed')) } : {}),
      errorResponseBuilder: (_request, context) => new HttpError(429, `Too many attempts. Try again in ${context.after}.`),
    });
  }
  await app.register(async (api) => {
    const writes = writeGenerationFor(db, dbKind);
    const deps = { db, config, readCache: new ReadCache(writes, config.readCache), metrics };
    registerWriteGeneration(api, writes);
    // Every answer of /api/v1, errors and unknown routes included, says it is the API's: the client
    // counts no other answer as the network being back (a captive portal's page, a proxy's 502).
    api.addHook('onSend', async (_request, reply, payload) => {
      reply.header(API_ANSWER_HEADER, API_ANSWER_VALUE);
      return payload;
    });
    // Sees every route of /api/v1 as it is registered: POST sync/push applies them by path.
    const mutations = createMutationRegistry();
    api.addHook('onRoute', mutations.onRoute);
    // After the registry's onRoute: compression's own per-route hook is not a check of the route's.
    await registerApiCompression(api);
    registerPushDispatch(api, deps);
    registerHealthRoutes(api, deps);
    registerAuthRoutes(api, deps);
    registerGuestRoutes(api, deps);
    registerPostRoutes(api, deps);
    registerPostOwnerRoutes(api, deps);
    registerCommentRoutes(api, deps);
    registerNoteRoutes(api, deps);
    registerPostUpdateRoutes(api, deps);
    registerPostSessionRoutes(api, deps);
    registerListRoutes(api, deps);
    registerGroupRoutes(api, deps);
    registerListItemRoutes(api, deps);
    registerListItemSocialRoutes(api, deps);
    registerUserRoutes(api, deps);
    registerAccountRoutes(api, deps);
    registerProviderRoutes(api, deps);
    registerNotificationRoutes(api, deps);
    registerReminderRoutes(api, deps);
    registerReminderScheduler(api, deps);
    registerHousekeeping(api, deps);
    registerModerationRoutes(api, deps);
    registerSyncRoutes(api, deps, mutations);
    // The live channel (issue #48): the hub listens to the database's announcements; on close its
    // streams say bye 'shutdown' first, or the server would wait for them to end.
    const hub = new LiveHub({ db, listen: listenerOf(db), metrics: metrics.live, log: api.log, maxPerAddress: config.liveMaxStreamsPerAddress });
    await hub.start();
    api.addHook('preClose', async () => hub.stop());
    api.addHook('onClose', async () => hub.stop());
    registerLiveRoutes(api, deps, hub);
    api.setNotFoundHandler(sendNotFound);
  }, { prefix: API_PREFIX });
  if (config.staticDir === undefined) app.setNotFoundHandler(sendNotFound);
  else await registerStatic(app, config.staticDir, { db, publicUrl: config.publicUrl });
  return app;
}
