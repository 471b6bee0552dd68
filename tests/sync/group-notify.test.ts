// Issue #28 item 6 against the real server: a member's setting of a group's notifications is made
// offline, shown at once on the group's row, and reaches the server exactly once (an answer lost
// after the server applied it is replayed, never applied twice); a refusal shows the server's
// choice again and is listed; and the setting decides what reaches the device's Notifications:
// 'none' nothing of the group's new posts, 'requests' the requests and not the thanks.
import { describe, expect, it, vi } from 'vitest';
import type { GroupResponse } from '../../common/group-contract';
import { setGroupNotify } from '../../src/commands';
import { readGroupNotify } from '../../src/db/group-notify-reads';
import { observeLiveRead } from '../../src/db/live-read';
import { readMyGroups } from '../../src/db/group-reads';
import { readNotifications } from '../../src/db/notification-reads';
import { db } from '../../src/model/db';
import { drainOutbox } from '../../worker/drain';
import { pullNotifications } from '../../worker/pull-notifications';
import { sentMutations, useHarness } from './support';
import { call, deviceToken, joinedGroup, pullOnce } from './groups-support';

const h = useHarness();

const notifyCalls = () => sentMutations(h.calls).filter((c) => /^group\/\d+\/notify$/.test(c.path)).map((c) => `${c.method} ${c.key}`);

/** This device as a member of another person's group, its groups pulled. */
async function memberOfGroup(admin: string, me: string) {
  const { admin: author, group } = await joinedGroup(h, admin, `${admin}'s group`, me);
  await pullOnce(h);
  return { author, group };
}

async function serverLevel(groupId: number): Promise<string> {
  return (await call<GroupResponse>(h, { path: `group/${groupId}`, token: await deviceToken() })).group.my_notify;
}

describe("a group's notification setting on the device", () => {
  it('set offline: shown at once and kept through a pull; sent once online though the answer was lost', async () => {
    const { group } = await memberOfGroup('Lydia', 'Priscilla');
    expect(await readGroupNotify(group.id)).toEqual({ level: 'all', pending: false });
    h.setFault(() => 'offline');

    await setGroupNotify(group.id, 'requests');

    expect(await readGroupNotify(group.id)).toEqual({ level: 'requests', pending: true });
    expect((await readMyGroups()).find((g) => g.id === group.id)?.my_notify).toBe('requests');
    await drainOutbox(h.api);
    expect(await db.outbox.count()).toBe(1);
    h.calls.length = 0;
    // Back online: a pull first (the server still says 'all'): the waiting choice stays on top.
    h.setFault(() => 'pass');
    await pullOnce(h);
    expect(await readGroupNotify(group.id)).toEqual({ level: 'requests', pending: true });
    // The server applies it, and its answer is lost on the way back: the replay answers the same.
    let dropped = false;
    h.setFault((c) => ((c.items ?? [c]).some((item) => item.path.endsWith('/notify')) && !dropped ? ((dropped = true), 'drop-response') : 'pass'));
    await drainOutbox(h.api, { ignoreBackoff: true });
    const report = await drainOutbox(h.api, { ignoreBackoff: true });

    expect(report).toMatchObject({ remaining: 0, refused: 0 });
    const calls = notifyCalls();
    expect(calls).toHaveLength(2);
    expect(new Set(calls).size).toBe(1); // one Idempotency-Key: the server applied it once
    expect(await serverLevel(group.id)).toBe('requests');
    expect(await readGroupNotify(group.id)).toEqual({ level: 'requests', pending: false });
    expect(await db.groups.get(group.id)).toMatchObject({ my_notify: 'requests' });
  });

  // Issue #49 major 2: the screen's live read of the setting must wake on the choice (and on its ack).
  it('a live read of the setting shows the choice at once, then as saved', async () => {
    const { group } = await memberOfGroup('Phoebe', 'Junia');
    const seen: unknown[] = [];
    // As the screen reads it (src/components/group-notify-setting.tsx): a plain arrow over the read.
    const subscription = observeLiveRead(() => readGroupNotify(group.id), { next: (value) => seen.push(value) }, () => undefined);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ level: 'all', pending: false }));
    await setGroupNotify(group.id, 'requests');
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ level: 'requests', pending: true }));
    await drainOutbox(h.api);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ level: 'requests', pending: false }));
    subscription.unsubscribe();
  });

  it('a choice made on another device arrives with the one pull', async () => {
    const { group } = await memberOfGroup('Joanna', 'Susanna');
    await call(h, { method: 'PUT', path: `group/${group.id}/notify`, body: { level: 'none' }, token: await deviceToken() });
    expect(await readGroupNotify(group.id)).toEqual({ level: 'all', pending: false });
    await pullOnce(h);
    expect(await readGroupNotify(group.id)).toEqual({ level: 'none', pending: false });
  });

  it('refused: the server\'s choice shows again and the refused list names the change', async () => {
    const { group } = await memberOfGroup('Martha', 'Mary');
    // As the server would refuse it (alone it goes as its own call; in a batch, as an item of sync/push).
    const refusal = { status: 422, body: { message: 'level must be one of all, requests, none', status: 422, code: 'validation.invalid' } };
    h.setFault((c) => (c.path.endsWith('/notify') ? refusal : 'pass'));
    h.setItemFault((item) => (item.path.endsWith('/notify') ? refusal : 'pass'));
    await setGroupNotify(group.id, 'none');
    expect(await readGroupNotify(group.id)).toEqual({ level: 'none', pending: true });

    const report = await drainOutbox(h.api);

    expect(report).toMatchObject({ remaining: 0, refused: 1 });
    expect(await readGroupNotify(group.id)).toEqual({ level: 'all', pending: false });
    expect((await readMyGroups()).find((g) => g.id === group.id)?.my_notify).toBe('all');
    expect(await db.failed.toArray()).toMatchObject([{ op: 'group.notify', status: 422, target: { groupId: group.id } }]);
    await expect(setGroupNotify(group.id, 'loud' as 'all')).rejects.toMatchObject({ status: 422 });
    await expect(setGroupNotify(999_999, 'none')).rejects.toMatchObject({ status: 404 });
  });

  it("'none' brings no notification of the group's new posts, 'requests' the requests only", async () => {
    const { author, group } = await memberOfGroup('Elizabeth', 'Anna');
    const post = (text: string, type: 'REQUEST' | 'THANK') =>
      call<{ post: { id: number } }>(h, { method: 'POST', path: 'post', body: { text, type, group_id: group.id }, token: author.token });
    const groupPostsHere = async () => (await readNotifications()).flatMap((n) => (n.kind === 'group_post' ? [n.post_id] : []));

    await setGroupNotify(group.id, 'none');
    await drainOutbox(h.api);
    await post('A request while muted', 'REQUEST');
    await post('Thanks while muted', 'THANK');
    await pullNotifications(h.api);
    expect(await groupPostsHere()).toEqual([]);

    await setGroupNotify(group.id, 'requests');
    await drainOutbox(h.api);
    const request = await post('Pray for the harvest', 'REQUEST');
    await post('Thanks for the rain', 'THANK');
    await pullNotifications(h.api);
    expect(await groupPostsHere()).toEqual([request.post.id]);
    const [shown] = (await readNotifications()).filter((n) => n.kind === 'group_post');
    expect(shown).toMatchObject({ group: { id: group.id, name: "Elizabeth's group" }, last_actor: { id: author.id }, isRead: false });
  });
});
