// Guest sessions under /api/v1/guest (docs/product.md §4, §6 Roles, §7 Auth). A guest is a user row with
// is_guest; it posts, prays and bookmarks like a member. Idempotency-Key is ignored (tokens).
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CHANNEL_ID } from '../../common/constants';
import type { Envelope, GuestAuthResponse } from '../../common/contract';
import { guestLogin, refreshSession } from '../domain/auth';
import { toApiUser } from '../domain/users';
import { bearerToken, requireSession } from '../http/auth-context';
import { headerChannel } from '../http/channel';
import { guestLoginSchema } from '../http/schemas';
import { parseInput } from '../http/validate';
import { authRateLimit, type RouteDeps } from './deps';

export function registerGuestRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.post('/guest/login', authRateLimit(config), async (request): Promise<Envelope<GuestAuthResponse>> => {
    const body = parseInput(guestLoginSchema, request.body);
    const input = {
      guestToken: body.guest_token,
      channelId: body.channel_id ?? headerChannel(request) ?? DEFAULT_CHANNEL_ID,
      language: body.language,
    };
    return { data: await db.transaction((tx) => guestLogin(tx, config, input)) };
  });

  app.get('/guest/me', async (request) => {
    const session = await requireSession(db, request, 'guest');
    return { data: { guest: await toApiUser(db, session.user, config) } };
  });

  app.post('/guest/refresh', async (request): Promise<Envelope<GuestAuthResponse>> => {
    const { authorization, user } = await db.transaction((tx) => refreshSession(tx, config, bearerToken(request), 'guest'));
    return { data: { authorization, guest: user } };
  });
}
