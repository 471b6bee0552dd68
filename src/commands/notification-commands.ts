// Marking in-app notifications read (issue #6): local-first like every write (docs/architecture.md 'The shape'), one
// outbox entry each, so a notification opened offline stays read and the server hears of it
// when the network returns. Shown read at once by src/db/notification-reads.ts.
import { readNotifications } from '../db/notification-reads';
import { commitOrSettle, newEntry } from './commit';

/** Marks one notification read; already read (or waiting to be): nothing is queued. */
export async function markNotificationRead(notificationId: number): Promise<void> {
  await commitOrSettle(async () => {
    const shown = (await readNotifications()).find((row) => row.id === notificationId);
    if (!shown || shown.isRead) return null;
    return newEntry('notifications.read', {}, { notificationId });
  });
}

/**
 * Marks read everything shown: up to the newest change on this device, so what arrives on the
 * server after the tap (or while the entry waits offline) stays unread.
 */
export async function markAllNotificationsRead(): Promise<void> {
  await commitOrSettle(async () => {
    const shown = await readNotifications();
    if (!shown.some((row) => !row.isRead)) return null;
    const newest = shown.reduce((max, row) => (row.updatedAtMs > max.updatedAtMs ? row : max));
    return newEntry('notifications.readAll', {}, { until: newest.updated_at });
  });
}
