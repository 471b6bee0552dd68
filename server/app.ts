// Builds the /api/v1 server (DESIGN.md §6) without listening: start.ts and the tests listen.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { HttpError, registerErrorHandlers, sendNotFound } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { registerSecurityHeaders } from './http/security';
import { registerAuthRoutes } from './routes/auth-routes';
import { registerGuestRoutes } from './routes/guest-routes';
import { registerPostRoutes } from './routes/post-routes';
import { registerStatic } from './static';

export type AppOptions = { db: Db; config: AppConfig };

export const API_PREFIX = '/api/v1';

export async function buildApp({ db, config }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: config.logger, bodyLimit: config.bodyLimitBytes, trustProxy: config.trustProxy });
  registerErrorHandlers(app);
  registerJsonBodyParser(app);
  await registerSecurityHeaders(app);
  if (config.rateLimit.enabled) {
    // Only routes that opt in are limited (login, register, guest login: see routes/deps.ts).
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => new HttpError(429, `Too many attempts. Try again in ${context.after}.`),
    });
  }
  await app.register(async (api) => {
    const deps = { db, config };
    registerAuthRoutes(api, deps);
    registerGuestRoutes(api, deps);
    registerPostRoutes(api, deps);
    api.setNotFoundHandler(sendNotFound);
  }, { prefix: API_PREFIX });
  if (config.staticDir === undefined) app.setNotFoundHandler(sendNotFound);
  else await registerStatic(app, config.staticDir);
  return app;
}
