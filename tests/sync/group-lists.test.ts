// Issue #28 item 4, a group's prayer lists and its session on the device, against the real server
// (docs/product.md §11; docs/decisions/0196-group-lists.md): a list made offline in a group made
// offline waits for the group and reaches the server once, in it; an item another member adds on
// their device reaches this one through the one pull, and this member prays for it offline; the
// group's session is pulled with the group's page; a former member's device drops the group's lists.
import { describe, expect, it } from 'vitest';
import type { ApiList, ListDetailResponse, ListItemChangeResponse, ListResponse } from '../../common/contract';
import type { SyncPull } from '../../common/sync-contract';
import { addListItem, createGroup, createList, deleteList, editList, joinGroup, prayForListItem } from '../../src/commands';
import { readGroupLists } from '../../src/db/group-list-reads';
import { readListItems, readMyLists } from '../../src/db/list-reads';
import { readSessionEntries } from '../../src/db/prayer-reads';
import { db } from '../../src/model/db';
import { getMeta } from '../../src/model/meta';
import { drainOutbox } from '../../worker/drain';
import { pullGroupFeed } from '../../worker/pull-groups';
import { catchUp, forgetCatchUps } from '../../worker/sync-pull';
import { sentMutations, useHarness, type Harness } from './support';
import { call, deviceMember, deviceToken, groupOf, otherMember } from './groups-support';

const h = useHarness();


/** A full catch-up (the item and session sections too), as the start or a screen's prefetch asks. */
async function fullPull(harness: Harness): Promise<void> {
  forgetCatchUps();
  expect((await catchUp(harness.api, 'full')).ok).toBe(true);
}

async function joined(name: string) {
  const admin = await otherMember(h, 'Ruth');
  const group = await groupOf(h, admin.token, name);
  const meId = await deviceMember(h, 'Naomi');
  await joinGroup(group.invite?.code ?? '', { id: group.id, name: group.name, description: null, channel_id: group.channel_id, picture: null, member_count: 1 });
  await drainOutbox(h.api);
  return { admin, group, meId };
}

describe('a group\'s lists on the device', () => {
  it('a list made offline in a group made offline waits for the group, then is created once in it, with its item', async () => {
    await deviceMember(h, 'Miriam');
    h.calls.length = 0;
    const { id: groupId } = await createGroup({ name: 'Small group' });
    const { id: listId } = await createList({ name: 'Tuesday prayers', description: null, visibility: 'PUBLIC', groupId });
    await addListItem(listId, { text: 'The new building' });
    expect((await readGroupLists(groupId)).map((l) => [l.id, l.name, l.group_id, l.visibility, l.isPending])).toEqual([[listId, 'Tuesday prayers', groupId, 2, true]]);
    expect((await readMyLists()).map((l) => l.id)).not.toContain(listId);

    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });
    expect(sentMutations(h.calls).map((c) => `${c.method} ${c.path.replace(/\d+/g, 'N')}`)).toEqual(['POST group', 'POST list', 'POST list/N/item']);
    const [group] = (await call<{ groups: { id: number }[] }>(h, { path: 'groups', token: await deviceToken() })).groups;
    const onServer = await call<{ lists: ApiList[] }>(h, { path: `group/${group?.id ?? 0}/lists`, token: await deviceToken() });
    expect(onServer.lists.map((l) => [l.name, l.group_id, l.config.qtd])).toEqual([['Tuesday prayers', group?.id, 1]]);
    const local = await readGroupLists(group?.id ?? 0);
    expect(local.map((l) => [l.id, l.group_id, l.isPending])).toEqual([[onServer.lists[0]?.id, group?.id, false]]);
    expect((await readListItems(local[0]?.id ?? 0)).map((i) => i.text)).toEqual(['The new building']);
  });

  it('an item another member adds reaches this device through the pull; this member prays for it offline; a quiet pull carries no lists', async () => {
    const { admin, group } = await joined('Family');
    const { list } = await call<ListResponse>(h, { method: 'POST', path: 'list', body: { name: 'Grandma', group_id: group.id }, token: admin.token });
    await fullPull(h);
    expect((await readGroupLists(group.id)).map((l) => l.name)).toEqual(['Grandma']);
    const { item } = await call<ListItemChangeResponse>(h, { method: 'POST', path: `list/${list.id}/item`, body: { text: 'Her hip surgery' }, token: admin.token });
    await fullPull(h);
    expect((await readListItems(list.id)).map((i) => [i.id, i.text, i.is_mine])).toEqual([[item.id, 'Her hip surgery', true]]);

    await prayForListItem(item.id);
    await addListItem(list.id, { text: 'Her recovery' });
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });
    const detail = await call<ListDetailResponse>(h, { path: `list/${list.id}`, token: admin.token });
    expect(detail.items.data.map((i) => [i.text, i.prayedCount])).toEqual([['Her hip surgery', 1], ['Her recovery', 0]]);

    await fullPull(h);
    const quiet = await h.api.call<SyncPull>({ path: 'sync/pull', query: { cursor: (await getMeta('syncCursor'))?.cursor, full: 1 } });
    expect(quiet.ok && quiet.data.group_lists === undefined && quiet.data.group_sessions === undefined).toBe(true);
  });

  it('renaming or deleting a group\'s list: its creator or a group admin, not another member (refused here, nothing queued)', async () => {
    const { admin, group } = await joined('Elders');
    const { list } = await call<ListResponse>(h, { method: 'POST', path: 'list', body: { name: 'Elders', group_id: group.id }, token: admin.token });
    await fullPull(h);
    await expect(editList(list.id, { name: 'Mine now' })).rejects.toMatchObject({ status: 403 });
    await expect(deleteList(list.id)).rejects.toMatchObject({ status: 403 });
    expect(await db.outbox.count()).toBe(0);
    // Made here, the list is this member's to rename, never to make public.
    const { id } = await createList({ name: 'Ours', groupId: group.id });
    await expect(editList(id, { visibility: 'PUBLIC' })).rejects.toMatchObject({ status: 422 });
    await editList(id, { name: 'Our prayers' });
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });
    const { lists } = await call<{ lists: ApiList[] }>(h, { path: `group/${group.id}/lists`, token: admin.token });
    expect(lists.map((l) => l.name).sort()).toEqual(['Elders', 'Our prayers']);

    // In a group of which this member is the admin, they rename another member's list.
    const { id: tempGroup } = await createGroup({ name: 'Mine' });
    await drainOutbox(h.api);
    const mine = (await call<{ groups: { id: number; name: string; invite: { code: string } | null }[] }>(h, { path: 'groups', token: await deviceToken() }))
      .groups.find((g) => g.name === 'Mine');
    expect(mine !== undefined && tempGroup < 0).toBe(true);
    await call(h, { method: 'POST', path: `invite/${mine?.invite?.code ?? ''}/join`, token: admin.token });
    const theirs = (await call<ListResponse>(h, { method: 'POST', path: 'list', body: { name: 'Theirs', group_id: mine?.id }, token: admin.token })).list;
    await fullPull(h);
    await editList(theirs.id, { name: 'Renamed by the admin' });
    expect(await drainOutbox(h.api)).toMatchObject({ remaining: 0, refused: 0 });
    expect((await call<ListDetailResponse>(h, { path: `list/${theirs.id}`, token: admin.token })).list.name).toBe('Renamed by the admin');
  });

  it('the group\'s session: its open requests come with the group page\'s pull, offline after', async () => {
    const { admin, group } = await joined('Small group');
    await call(h, { method: 'POST', path: 'post', body: { text: 'For the retreat', type: 'REQUEST', group_id: group.id }, token: admin.token });
    await call(h, { method: 'POST', path: 'post', body: { text: 'For everyone', type: 'REQUEST' }, token: admin.token });
    expect((await pullGroupFeed(h.api, group.id)).ok).toBe(true);
    expect((await readSessionEntries({ kind: 'group', groupId: group.id })).map((e) => e.text)).toEqual(['For the retreat']);
  });

  it('a member removed elsewhere: the next pull takes the group\'s lists and their items off this device', async () => {
    const { admin, group, meId } = await joined('Choir');
    const { list } = await call<ListResponse>(h, { method: 'POST', path: 'list', body: { name: 'Choir trip', group_id: group.id }, token: admin.token });
    await call(h, { method: 'POST', path: `list/${list.id}/item`, body: { text: 'Safe travels' }, token: admin.token });
    await fullPull(h);
    expect(await db.listItems.where('post_list_id').equals(list.id).count()).toBe(1);
    await call(h, { method: 'DELETE', path: `group/${group.id}/member/${meId}`, token: admin.token });
    await fullPull(h);
    expect(await db.lists.get(list.id)).toBeUndefined();
    expect(await db.listItems.where('post_list_id').equals(list.id).count()).toBe(0);
    expect(await readGroupLists(group.id)).toEqual([]);
  });
});
