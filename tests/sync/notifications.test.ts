// Issue #6 client side against the real server: the worker pulls notifications and the unread
// count, and marking read is local-first (shown at once, offline too) and reaches the server
// through the outbox.
import { describe, expect, it } from 'vitest';
import type { PostResponse } from '../../common/contract';
import type { UnreadCountResponse } from '../../common/notifications-contract';
import { markAllNotificationsRead, markNotificationRead } from '../../src/commands';
import { db } from '../../src/model/db';
import { readNotifications, readUnreadNotifications } from '../../src/db/notification-reads';
import { drainOutbox } from '../../worker/drain';
import { checkNotifications, pullNotifications } from '../../worker/pull-notifications';
import { direct, otherGuestToken, useHarness } from './support';

const h = useHarness();

/** A request of this device's guest that another person prays for: one notification for us. */
async function prayedRequest(text: string): Promise<number> {
  const post = await direct<PostResponse>(h, { method: 'POST', path: 'post', body: { text, type: 'REQUEST' } });
  await direct(h, { method: 'POST', path: `post/${post.post.id}/pray`, token: await otherGuestToken(h) });
  return post.post.id;
}

async function serverUnread(): Promise<number> {
  return (await direct<UnreadCountResponse>(h, { path: 'notifications/unread-count' })).unread_count;
}

describe('notifications on the device', () => {
  it('the poll stores the unread count and pulls the list when it changed', async () => {
    expect(await checkNotifications(h.api)).toBe(true);
    expect(await readUnreadNotifications()).toBe(0);
    const postId = await prayedRequest('Pray for my exams.');
    expect(await checkNotifications(h.api)).toBe(true);
    expect(await readUnreadNotifications()).toBe(1);
    const [shown] = await readNotifications();
    expect(shown).toMatchObject({ kind: 'prayed', post_id: postId, isRead: false, post_excerpt: 'Pray for my exams.' });
  });

  it('marking read offline shows at once, survives a pull, and reaches the server when back online', async () => {
    await prayedRequest('Offline read.');
    await pullNotifications(h.api);
    const [row] = await readNotifications();
    if (!row) throw new Error('no notification pulled');

    h.setFault(() => 'offline');
    await markNotificationRead(row.id);
    await markNotificationRead(row.id); // already shown read: nothing more is queued
    expect(await db.outbox.where('op').equals('notifications.read').count()).toBe(1);
    expect((await readNotifications())[0]?.isRead).toBe(true);
    expect(await readUnreadNotifications()).toBe(0);
    await drainOutbox(h.api);
    expect(await db.outbox.count()).toBe(1);

    h.setFault(() => 'pass');
    await pullNotifications(h.api); // the server still says unread: the waiting entry keeps it read
    expect((await readNotifications())[0]?.isRead).toBe(true);
    await drainOutbox(h.api, { ignoreBackoff: true });
    expect(await db.outbox.count()).toBe(0);
    expect(await serverUnread()).toBe(0);
    expect((await db.notifications.get(row.id))?.read_at).not.toBeNull();
  });

  it('mark all read covers what was shown when tapped, not what arrived on the server after', async () => {
    await prayedRequest('First of two.');
    await pullNotifications(h.api);
    h.setFault(() => 'offline');
    await markAllNotificationsRead();
    expect(await readUnreadNotifications()).toBe(0);

    h.setFault(() => 'pass');
    // Arrives on the server while the entry waits; its change is later than the tap's `until`.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await prayedRequest('Second of two.');
    await drainOutbox(h.api, { ignoreBackoff: true });
    expect(await serverUnread()).toBe(1);
    await pullNotifications(h.api);
    const shown = await readNotifications();
    expect(shown.map((n) => [n.kind === 'reminder' ? n.label : n.post_excerpt, n.isRead])).toEqual([['Second of two.', false], ['First of two.', true]]);
  });
});
