// The caller's own account under /api/v1/user and notifications/token (docs/product.md §7 User). Thin
// adapters over domain/. Every write goes through mutation() (auth, one transaction,
// Idempotency-Key; docs/architecture/sync-protocol.md 'Outbox and sync protocol'). Guests may
// change locale, channel and session size, record sessions and register push tokens; profile, email
// and password are member-only (403).
import type { FastifyInstance } from 'fastify';
import type { ApiPublicProfile, ApiStatistics, ApiUserSettings, UserResponse } from '../../common/account-contract';
import type { Envelope } from '../../common/contract';
import type { Db } from '../db/client';
import { changePassword, getSettings, requireMember, updateProfile, updateSettings } from '../domain/account-settings';
import { finishSession, startTodaySession } from '../domain/prayer-sessions';
import { publicProfile } from '../domain/profiles';
import { registerPushToken } from '../domain/push-tokens';
import { myStatistics } from '../domain/statistics';
import type { UserRow } from '../domain/tokens';
import { toApiUser, type ModeratorConfig } from '../domain/users';
import {
  channelSchema, localeSchema, passwordChangeSchema, profileParams, profileSchema, pushTokenSchema, sessionFinishedSchema,
  sessionItemsQtdSchema, todaySessionSchema,
} from '../http/account-schemas';
import { optionalSession, requireSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { parseInput } from '../http/validate';
import { WEBPUSH_PLATFORM } from '../../common/push-config';
import { webPushRegistration, webPushTokenSchema } from '../push/registration-schema';
import { registerAvatarRoutes } from './avatar-routes';
import { registerHiddenPeopleRoutes } from './hidden-people-routes';
import type { RouteDeps } from './deps';

async function userResponse(db: Db, row: UserRow, config: ModeratorConfig): Promise<UserResponse> {
  return { user: await toApiUser(db, row, config) };
}

function registerSettingsRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  app.get('/user/settings', async (request): Promise<Envelope<{ settings: ApiUserSettings }>> => {
    const session = await requireSession(db, request);
    return { data: { settings: await getSettings(db, session.user, config) } };
  });

  app.put('/user/locale', mutation(db, async ({ tx, session, request }) => {
    const { locale } = parseInput(localeSchema, request.body);
    return { data: await userResponse(tx, await updateSettings(tx, session.user.id, { language: locale }), config) };
  }));

  app.put('/user/channel', mutation(db, async ({ tx, session, request }) => {
    const { channel_id: channelId } = parseInput(channelSchema, request.body);
    return { data: await userResponse(tx, await updateSettings(tx, session.user.id, { channelId }), config) };
  }));

  app.put('/user/prayer-session-items-qtd', mutation(db, async ({ tx, session, request }) => {
    const { qtd } = parseInput(sessionItemsQtdSchema, request.body);
    const user = await updateSettings(tx, session.user.id, { prayerSessionItemsQtd: qtd });
    return { data: { ...(await userResponse(tx, user, config)), session_items_qtd: user.prayerSessionItemsQtd } };
  }));

  app.put('/user/password', mutation(db, async ({ tx, session, request }) => {
    requireMember(session.user);
    const body = parseInput(passwordChangeSchema, request.body);
    await changePassword(tx, session, body.current_password, body.password);
    return { data: { message: 'Your password was changed' } };
  }));

  // A guest may send only a name (server/domain/account-settings.ts updateProfile); the rest is a member's.
  app.put('/user/profile', mutation(db, async ({ tx, session, request }) => {
    const body = parseInput(profileSchema, request.body);
    const input = {
      name: body.name, nickname: body.nickname, username: body.username, email: body.email, imgShow: body.img_show, currentPassword: body.current_password,
    };
    return { data: await userResponse(tx, await updateProfile(tx, session.user, input), config) };
  }));
}

function registerActivityRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.put('/user/today-session', mutation(db, async ({ tx, session, request }) => {
    const { items_qtd: itemsQtd } = parseInput(todaySessionSchema, request.body);
    return { data: await startTodaySession(tx, session.user, itemsQtd) };
  }));

  app.put('/user/session-finished', mutation(db, async ({ tx, session, request }) => {
    const body = parseInput(sessionFinishedSchema, request.body);
    const input = { sessionId: body.session_id, itemsPrayed: body.items_prayed, durationSeconds: body.duration_seconds, finishedAt: body.finished_at };
    return { data: await finishSession(tx, session.user, input) };
  }));

  app.get('/user/my-statistics', async (request): Promise<Envelope<{ statistics: ApiStatistics }>> => {
    const session = await requireSession(db, request);
    return { data: { statistics: await myStatistics(db, session.user) } };
  });

  // Anyone may read a profile (docs/product.md §2 /profile/{slug}): {id} is a numeric id or a username.
  app.get('/user/profile/:id', async (request): Promise<Envelope<{ profile: ApiPublicProfile }>> => {
    const session = await optionalSession(db, request);
    const { id } = parseInput(profileParams, request.params);
    return { data: { profile: await publicProfile(db, id, session?.user.id ?? null) } };
  });

  app.put('/notifications/token', mutation(db, async ({ tx, session, request }) => {
    const { token, platform, ...extra } = parseInput(pushTokenSchema, request.body);
    // A Web Push subscription is checked in full: the server will POST to its endpoint (issue #13).
    const registration = platform === WEBPUSH_PLATFORM ? webPushRegistration(parseInput(webPushTokenSchema, request.body)) : { token, platform, extra };
    await registerPushToken(tx, session.user.id, registration);
    return { data: { registered: true } };
  }));
}

export function registerUserRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerSettingsRoutes(app, deps);
  registerActivityRoutes(app, deps);
  registerAvatarRoutes(app, deps);
  registerHiddenPeopleRoutes(app, deps);
}
