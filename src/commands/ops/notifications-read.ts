// 'notifications.read' and 'notifications.readAll' (issue #6): marking in-app notifications read,
// through the outbox so it works offline. They change no row optimistically: the reads
// (src/db/notification-reads.ts) show a notification read while its entry waits, so a refusal
// needs no undo (the entry is gone, the row shows what the server said) and the rebase never
// has to know about this table. The ack stores what the server answered.
import { db } from '../../model/db';
import { getAuth, setMeta, viewerId } from '../../model/meta';
import { toNotificationRow } from '../../model/notification-types';
import type { OpModule } from './op-types';

async function storeUnread(count: number): Promise<void> {
  const viewer = viewerId(await getAuth());
  if (viewer !== null) await setMeta('notificationsUnread', { viewerId: viewer, count });
}

export const notificationsRead: OpModule<'notifications.read'> = {
  name: 'notifications.read',
  rows: () => [],
  async apply() {
    // Shown read by the reads while the entry waits (see above).
  },
  request: (entry) => ({ method: 'POST', path: `notifications/${entry.body.notificationId}/read` }),
  requires: () => [],
  async onAck(_entry, response) {
    const viewer = viewerId(await getAuth());
    if (viewer === null) return;
    await db.notifications.put(toNotificationRow(response.notification, viewer));
    await setMeta('notificationsUnread', { viewerId: viewer, count: response.unread_count });
  },
  async onRefuse(entry, error) {
    // 404: the notification's post was deleted; it goes from the list.
    if (error.status === 404) await db.notifications.delete(entry.body.notificationId);
  },
};

export const notificationsReadAll: OpModule<'notifications.readAll'> = {
  name: 'notifications.readAll',
  rows: () => [],
  async apply() {
    // Shown read by the reads while the entry waits.
  },
  request: (entry) => ({ method: 'POST', path: 'notifications/read-all', body: { until: entry.body.until } }),
  requires: () => [],
  async onAck(entry, response) {
    const viewer = viewerId(await getAuth());
    if (viewer === null) return;
    const until = Date.parse(entry.body.until);
    const readAt = new Date(entry.createdAt).toISOString();
    await db.notifications.where('viewerId').equals(viewer)
      .filter((row) => row.read_at === null && row.updatedAtMs <= until)
      .modify((row) => { row.read_at = readAt; });
    await storeUnread(response.unread_count);
  },
  async onRefuse() {
    // Nothing was changed locally.
  },
};
