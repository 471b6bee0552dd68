// What happens after a mutation commits happens after a push commits too (issue #10): a prayer
// sent in a batch notifies the author in-app and wakes the push dispatcher (issue #6), exactly
// as its single call does (tests/server/notifications.test.ts).
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { NotificationPage } from '../../common/notifications-contract';
import { useApi } from './api';
import { useFakeFcm } from './notifications-fake-fcm';
import { newRequest } from './post-actors';
import { pushOk } from './sync-support';

const fcm = useFakeFcm();
const api = useApi(() => ({ push: fcm.config }));

describe('POST sync/push and the push dispatcher', () => {
  it('notifies the author of a batched prayer in-app and on their device', async () => {
    const author = (await api.register('Author Ada')).authorization.token;
    const device = `device-batch-${process.pid}`;
    expect((await api.call('PUT', 'notifications/token', { token: author, body: { token: device, platform: 'web' } })).status).toBe(200);
    const post = await newRequest(api, author, 'Please pray for my exams.');
    const friend = (await api.register('Friend Fran')).authorization.token;
    const results = await pushOk(api, friend, [{ key: 'batched-pray', method: 'POST', path: `post/${post.id}/pray` }]);
    expect(results[0]?.status).toBe(200);

    const page = (await api.call<Envelope<NotificationPage>>('GET', 'notifications', { token: author })).json.data;
    expect(page.data[0]).toMatchObject({ kind: 'prayed', post_id: post.id, actor_count: 1 });
    const pushes = await fcm.waitForSent(device, 1);
    expect(pushes).toHaveLength(1);
    expect(JSON.stringify(pushes[0]?.body)).toContain('Friend Fran prayed for your request');
  });
});
