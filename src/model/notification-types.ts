// Local rows of in-app notifications (issue #6; Dexie version 4, src/model/db.ts) and the payloads
// of their outbox ops. A row belongs to the account it was pulled for (`viewerId`): reads show
// only the signed-in account's, so a sign-in as someone else never shows another's list.
import type { ApiNotification, NotificationReadResponse, NotificationsReadAllResponse } from '../../common/notifications-contract';

export type NotificationRow = ApiNotification & { viewerId: number; updatedAtMs: number };

/** The server's unread count as last polled, for one account. */
export type NotificationsUnreadMeta = { viewerId: number; count: number };

/**
 * 'notifications.read': POST notifications/{id}/read. Notification ids are always server ids
 * (never temporary), so the id travels in the body and the op requires nothing.
 * 'notifications.readAll': POST notifications/read-all up to the newest change shown when tapped.
 */
export type NotificationOps = {
  'notifications.read': { target: Record<string, never>; body: { notificationId: number }; response: NotificationReadResponse };
  'notifications.readAll': { target: Record<string, never>; body: { until: string }; response: NotificationsReadAllResponse };
};

export function toNotificationRow(notification: ApiNotification, viewerId: number): NotificationRow {
  return { ...notification, viewerId, updatedAtMs: Date.parse(notification.updated_at) };
}
