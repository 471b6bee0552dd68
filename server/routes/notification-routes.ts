// In-app notifications and their push (issue #6; docs/api.md 'Notifications'). PUT
// notifications/token (docs/product.md §7) lives in user-routes.ts; this adds the list, the unread count
// and marking read, the push configuration the page subscribes with (issue #13 point 1), and
// wakes the push dispatcher after every successful write.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Envelope } from '../../common/contract';
import type { PushConfigResponse } from '../../common/push-config';
import type {
  NotificationPage, NotificationReadResponse, NotificationsReadAllResponse, UnreadCountResponse,
} from '../../common/notifications-contract';
import { listNotifications, markAllRead, markRead, unreadCount } from '../domain/notifications';
import { requireSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { idParam } from '../http/schemas';
import { parseInput } from '../http/validate';
import { createPushDispatcher } from '../push/dispatch';
import { createPushSender, pushProvider } from '../push/sender';
import { vapidKeys } from '../push/vapid';
import type { RouteDeps } from './deps';

const pageSchema = z.object({ page: z.coerce.number({ message: 'page must be a number' }).int().min(1).max(100_000).optional().default(1) });
const idSchema = z.object({ id: idParam });
const readAllSchema = z.object({ until: z.iso.datetime({ offset: true, message: 'until must be an ISO date-time' }).optional() }).optional();

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Wakes the push dispatcher after every successful write. The sender is FCM when configured, else
 * Web Push with the server's VAPID keys (server/push/sender.ts); rows are marked for push only for
 * recipients with a registered device, and marks older than PUSH_MAX_AGE_MS are never sent late.
 */
export function registerPushDispatch(app: FastifyInstance, { db, config, metrics }: RouteDeps): void {
  const dispatcher = createPushDispatcher(db, metrics.countSends(createPushSender(config)), config.publicUrl, app.log);
  // onResponse runs after the reply is sent, so after mutation()'s transaction has committed.
  app.addHook('onResponse', async (request, reply) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 300) dispatcher.wake();
  });
  app.addHook('onClose', async () => dispatcher.idle());
}

/** Public (no session): the page needs the key before it subscribes (src/platform/web-push.ts). */
function registerPushConfigRoute(app: FastifyInstance, config: RouteDeps['config']): void {
  const provider = pushProvider(config);
  const answer: PushConfigResponse = { provider, vapid_public_key: provider === 'webpush' ? vapidKeys(config).publicKey : null };
  app.get('/notifications/push-config', async (): Promise<Envelope<PushConfigResponse>> => ({ data: answer }));
}

export function registerNotificationRoutes(app: FastifyInstance, { db, config }: RouteDeps): void {
  registerPushConfigRoute(app, config);

  app.get('/notifications', async (request): Promise<Envelope<NotificationPage>> => {
    const session = await requireSession(db, request);
    const { page } = parseInput(pageSchema, request.query);
    return { data: await listNotifications(db, session.user.id, page) };
  });

  app.get('/notifications/unread-count', async (request): Promise<Envelope<UnreadCountResponse>> => {
    const session = await requireSession(db, request);
    return { data: { unread_count: await unreadCount(db, session.user.id) } };
  });

  app.post('/notifications/read-all', mutation(db, async ({ tx, session, request }): Promise<{ data: NotificationsReadAllResponse }> => {
    const body = parseInput(readAllSchema, request.body);
    await markAllRead(tx, session.user.id, body?.until === undefined ? undefined : new Date(body.until));
    return { data: { unread_count: await unreadCount(tx, session.user.id) } };
  }));

  app.post('/notifications/:id/read', mutation(db, async ({ tx, session, request }): Promise<{ data: NotificationReadResponse }> => {
    const { id } = parseInput(idSchema, request.params);
    const notification = await markRead(tx, session.user.id, id);
    return { data: { notification, unread_count: await unreadCount(tx, session.user.id) } };
  }));
}
