// Issue #28 (docs/product.md §11): a group post's notifications reach its live members only, in the
// app and as pushes: marking a request answered tells everyone who prayed, and a member who prayed
// and then left the group is told nothing of it (server/push/dispatch.ts).
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { NotificationPage } from '../../common/notifications-contract';
import { ok, useApi } from './api';
import { createGroup, join } from './groups-support';
import { personWithDevice, useFakeFcm } from './notifications-fake-fcm';

const fcm = useFakeFcm();
const api = useApi(() => ({ push: fcm.config }));

describe('a group post\'s notifications', () => {
  it('reach a member who prayed, and not one who prayed and left', async () => {
    const author = await personWithDevice(api, 'Aida Author');
    const stays = await personWithDevice(api, 'Sam Stays');
    const leaves = await personWithDevice(api, 'Lou Leaves');
    const group = await createGroup(api, author.token);
    for (const p of [stays, leaves]) await join(api, p.token, group.invite?.code ?? '');
    // Issue #28 item 6: the new post itself would notify them; this test is about the answer's push alone.
    for (const p of [stays, leaves]) ok(await api.call('PUT', `group/${group.id}/notify`, { token: p.token, body: { level: 'none' } }));
    const post = await api.createPost(author.token, { text: 'Pray for the operation', type: 'REQUEST', group_id: group.id });
    for (const p of [stays, leaves]) ok(await api.call('POST', `post/${post.id}/pray`, { token: p.token }));
    ok(await api.call('DELETE', `group/${group.id}/member/${leaves.id}`, { token: leaves.token }));
    ok(await api.call('POST', 'post/answer', { token: author.token, body: { post_id: post.id, answer_text: 'It went well' } }));
    await fcm.waitForSent(stays.device, 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(JSON.stringify(fcm.sentTo(stays.device))).toContain('Pray for the operation');
    expect(fcm.sentTo(leaves.device)).toEqual([]);
    const page = ok(await api.call<Envelope<NotificationPage>>('GET', 'notifications', { token: leaves.token })).data;
    expect([page.total, page.unread_count]).toEqual([0, 0]);
  });
});
