// In-app notifications (issue #6) into the local `notifications` table, and the unread count
// into meta.notificationsUnread. Only for a signed-in account (member or guest): an anonymous
// call would be a 401 and run the docs/product.md §4 unauthorized rule for nothing.
import { SYNC_LOCK } from '../common/constants';
import type { NotificationPage, UnreadCountResponse } from '../common/notifications-contract';
import { db, writeTables } from '../src/model/db';
import { getAuth, getMeta, setMeta, viewerId } from '../src/model/meta';
import { toNotificationRow } from '../src/model/notification-types';
import type { ApiClient } from './api-client';
import type { PullResult } from './api-types';
import { withLock } from './locks';
import { createSingleFlight } from './single-flight';

const inFlight = createSingleFlight<boolean>();

const NO_SESSION = { status: 401, message: 'Sign in to see your notifications' };

async function currentViewer(): Promise<number | null> {
  return viewerId(await getAuth());
}

/**
 * GET notifications?page. Page 1 replaces the account's rows (what the server no longer lists,
 * e.g. of a deleted post, goes); later pages are added. Fetch and write under SYNC_LOCK, so no
 * ack of a 'notifications.read' lands between them.
 */
export async function pullNotifications(api: ApiClient, page = 1): Promise<PullResult> {
  const viewer = await currentViewer();
  if (viewer === null) return { ok: false, error: NO_SESSION };
  return withLock(SYNC_LOCK, async () => {
    const result = await api.call<NotificationPage>({ path: 'notifications', query: { page } });
    if (!result.ok) return { ok: false, error: result.error };
    const { data } = result;
    await storeNotificationPage(data, viewer, page);
    return { ok: true, currentPage: data.current_page, lastPage: data.last_page, total: data.total, count: data.data.length };
  });
}

/** A page of the viewer's notifications and the unread count (also GET sync/pull's, worker/sync-pull.ts). */
export async function storeNotificationPage(data: NotificationPage, viewer: number, page: number): Promise<void> {
  await db.transaction('rw', writeTables(), async () => {
    if (page === 1) await db.notifications.where('viewerId').equals(viewer).delete();
    // Rows of an account that is not signed in any more are of no use here.
    await db.notifications.where('viewerId').notEqual(viewer).delete();
    await db.notifications.bulkPut(data.data.map((n) => toNotificationRow(n, viewer)));
    await setMeta('notificationsUnread', { viewerId: viewer, count: data.unread_count });
  });
}

/**
 * The poll (worker/poll.ts, with the new-post count): GET notifications/unread-count; when it
 * changed, the first page is pulled too, so the list is fresh when the bell is opened offline.
 * A failure is logged and yields false, like the new-post count.
 */
async function checkUnread(api: ApiClient, viewer: number): Promise<boolean> {
  const result = await api.call<UnreadCountResponse>({ path: 'notifications/unread-count' });
  if (!result.ok) {
    console.warn(`notifications/unread-count failed (${result.status}): ${result.error.message}`);
    return false;
  }
  const stored = await getMeta('notificationsUnread');
  if (stored?.viewerId === viewer && stored.count === result.data.unread_count) return true;
  await setMeta('notificationsUnread', { viewerId: viewer, count: result.data.unread_count });
  return (await pullNotifications(api)).ok;
}

/** The viewer's unread count once at a time: the poll's tick and a session's adoption may ask at once (worker/single-flight.ts). */
export async function checkNotifications(api: ApiClient): Promise<boolean> {
  const viewer = await currentViewer();
  if (viewer === null) return false;
  return inFlight(String(viewer), () => checkUnread(api, viewer));
}
