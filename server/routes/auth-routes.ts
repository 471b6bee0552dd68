// Member auth under /api/v1/auth (docs/product.md §4, §7 Auth, §8). Thin adapters over domain/auth.
// These routes do not go through mutation(): their responses carry bearer tokens, which must
// never be stored in clear, so an Idempotency-Key is ignored here (docs/api.md).
import type { FastifyInstance } from 'fastify';
import type { AuthResponse, Envelope } from '../../common/contract';
import { login, logout, refreshSession, register } from '../domain/auth';
import { toApiUser } from '../domain/users';
import { bearerToken, requireSession } from '../http/auth-context';
import { botCheck } from '../http/bot-check';
import { loginSchema, registerSchema } from '../http/schemas';
import { parseInput } from '../http/validate';
import { authRateLimit, type RouteDeps } from './deps';

export function registerAuthRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.post('/auth/register', { ...authRateLimit(config), ...botCheck({ db, config }, 'register') }, async (request, reply): Promise<Envelope<AuthResponse>> => {
    const body = parseInput(registerSchema, request.body);
    const input = { name: body.name, email: body.email, password: body.password, channelId: body.channel_id, language: body.language };
    const data = await db.transaction((tx) => register(tx, config, input, bearerToken(request)));
    reply.code(201);
    return { data };
  });

  app.post('/auth/login', { ...authRateLimit(config), ...botCheck({ db, config }, 'login') }, async (request): Promise<Envelope<AuthResponse>> => {
    const body = parseInput(loginSchema, request.body);
    return { data: await db.transaction((tx) => login(tx, config, body)) };
  });

  app.get('/auth/me', async (request) => {
    const session = await requireSession(db, request, 'member');
    return { data: { user: await toApiUser(db, session.user, config) } };
  });

  app.post('/auth/refresh', async (request): Promise<Envelope<AuthResponse>> => {
    return { data: await db.transaction((tx) => refreshSession(tx, config, bearerToken(request), 'member')) };
  });

  // Revokes whichever token is presented, member or guest (docs/product.md §4 logout clears both).
  app.post('/auth/logout', async (request) => {
    await db.transaction((tx) => logout(tx, bearerToken(request)));
    return { data: { message: 'Logged out' } };
  });
}
