// In-app notifications and their push (issue #6; docs/api.md 'Notifications'). PUT
// notifications/token (SPEC §7) lives in user-routes.ts; this adds the list, the unread count
// and marking read, and wakes the push dispatcher after every successful write.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Envelope } from '../../common/contract';
import type {
  NotificationPage, NotificationReadResponse, NotificationsReadAllResponse, UnreadCountResponse,
} from '../../common/notifications-contract';
import { listNotifications, markAllRead, markRead, unreadCount } from '../domain/notifications';
import { requireSession } from '../http/auth-context';
import { mutation } from '../http/mutation';
import { idParam } from '../http/schemas';
import { parseInput } from '../http/validate';
import { createPushDispatcher } from '../push/dispatch';
import { createPushSender } from '../push/sender';
import type { RouteDeps } from './deps';

const pageSchema = z.object({ page: z.coerce.number({ message: 'page must be a number' }).int().min(1).max(100_000).optional().default(1) });
const idSchema = z.object({ id: idParam });
const readAllSchema = z.object({ until: z.iso.datetime({ offset: true, message: 'until must be an ISO date-time' }).optional() }).optional();

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * With FCM configured, wakes the push dispatcher after every successful write. Without it nothing
 * is sent, and rows are marked for push only for recipients with a registered device; pending
 * marks older than PUSH_MAX_AGE_MS are dropped when push is turned on, never sent late.
 */
export function registerPushDispatch(app: FastifyInstance, { db, config }: RouteDeps): void {
  const sender = createPushSender(config);
  if (sender === null) return;
  const dispatcher = createPushDispatcher(db, sender, config.publicUrl, app.log);
  // onResponse runs after the reply is sent, so after mutation()'s transaction has committed.
  app.addHook('onResponse', async (request, reply) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 300) dispatcher.wake();
  });
  app.addHook('onClose', async () => dispatcher.idle());
}

export function registerNotificationRoutes(app: FastifyInstance, { db }: RouteDeps): void {
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
