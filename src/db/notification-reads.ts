// What the /notifications screen and the header bell show (issue #6): the signed-in account's
// rows, newest change first, each read when the server says so or while a 'notifications.read' /
// 'notifications.readAll' entry for it waits in the outbox (the ops change no row; see
// src/commands/ops/notifications-read.ts).
import { db } from '../model/db';
import { getAuth, getMeta, isEntryOfViewer, viewerId } from '../model/meta';
import type { NotificationRow } from '../model/notification-types';
import type { OutboxEntry } from '../model/outbox-types';

export type ShownNotification = NotificationRow & { isRead: boolean };

type PendingReads = { ids: Set<number>; untilMs: number | null };

function pendingReadsOf(entries: OutboxEntry[], viewer: number | null): PendingReads {
  const pending: PendingReads = { ids: new Set(), untilMs: null };
  for (const entry of entries) {
    if (!isEntryOfViewer(entry, viewer)) continue;
    if (entry.op === 'notifications.read') pending.ids.add(entry.body.notificationId);
    if (entry.op === 'notifications.readAll') pending.untilMs = Math.max(pending.untilMs ?? 0, Date.parse(entry.body.until));
  }
  return pending;
}

function isShownRead(row: NotificationRow, pending: PendingReads): boolean {
  return row.read_at !== null || pending.ids.has(row.id) || (pending.untilMs !== null && row.updatedAtMs <= pending.untilMs);
}

async function readState(): Promise<{ viewer: number | null; rows: NotificationRow[]; pending: PendingReads }> {
  const viewer = viewerId(await getAuth());
  if (viewer === null) return { viewer, rows: [], pending: { ids: new Set(), untilMs: null } };
  const [rows, entries] = await Promise.all([
    db.notifications.where('viewerId').equals(viewer).toArray(),
    db.outbox.where('op').anyOf('notifications.read', 'notifications.readAll').toArray(),
  ]);
  return { viewer, rows, pending: pendingReadsOf(entries, viewer) };
}

/** Newest change first. */
export async function readNotifications(): Promise<ShownNotification[]> {
  const { rows, pending } = await readState();
  return rows
    .map((row) => ({ ...row, isRead: isShownRead(row, pending) }))
    .sort((a, b) => b.updatedAtMs - a.updatedAtMs || b.id - a.id);
}

/**
 * The server's unread count as last polled, less the local rows it counts as unread that are
 * shown read because their entry waits. 0 when signed out or never polled.
 */
export async function readUnreadNotifications(): Promise<number> {
  const [{ viewer, rows, pending }, stored] = await Promise.all([readState(), getMeta('notificationsUnread')]);
  if (viewer === null || stored?.viewerId !== viewer) return 0;
  const waiting = rows.filter((row) => row.read_at === null && isShownRead(row, pending)).length;
  return Math.max(0, stored.count - waiting);
}
