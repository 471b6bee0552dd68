// A full GET sync/pull (issue #25 item 1, issue #28 item 4) reads each kind of section once for
// all the lists and groups it carries (issue #50: a new device's pull): these check that what it
// carries is still what the single routes show, by role, and where an item section stops.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, ListDetailResponse, PostPage } from '../../common/contract';
import { SYNC_PULL_MAX_PAGES, type SyncPull } from '../../common/sync-contract';
import { PAGE_SIZE } from '../../common/constants';
import type { ApiList } from '../../common/contract';
import { ok, useApi } from './api';
import { castGroup, type Cast } from './groups-support';
import { createItem, createList } from './lists-support';

const api = useApi();
let cast: Cast;
let groupList: ApiList;

async function fullPull(token: string | undefined): Promise<SyncPull> {
  return ok(await api.call<Envelope<SyncPull>>('GET', 'sync/pull?full=1', token === undefined ? {} : { token })).data;
}

beforeAll(async () => {
  cast = await castGroup(api);
  const admin = cast.tokens.admin ?? '';
  groupList = ok(await api.call<Envelope<{ list: ApiList }>>('POST', 'list', { token: admin, body: { name: 'Our sick', group_id: cast.group.id } }), 201).data.list;
  await createItem(api, admin, groupList.id, { text: 'Uncle Joe' });
  ok(await api.call('POST', 'post', { token: admin, body: { type: 'REQUEST', text: 'A request for the group only', group_id: cast.group.id } }), 201);
});

describe('a full pull: the groups’ sections by role', () => {
  it('a live member gets the group’s lists, their items and session, and its session feed, as the group’s routes show them', async () => {
    for (const role of ['member', 'moderator'] as const) {
      const token = cast.tokens[role] ?? '';
      const pulled = await fullPull(token);
      expect(pulled.group_lists?.find((g) => g.group_id === cast.group.id)?.lists.map((l) => l.id)).toEqual([groupList.id]);
      const items = pulled.list_items?.find((section) => section.list?.id === groupList.id);
      const detail = ok(await api.call<Envelope<ListDetailResponse>>('GET', `list/${groupList.id}`, { token })).data;
      expect(items?.items.map((i) => i.id)).toEqual(detail.items.data.map((i) => i.id));
      expect(items?.complete).toBe(true);
      expect(pulled.list_sessions?.map((s) => s.key)).toContain(`list:${groupList.id}`);
      const session = ok(await api.call<Envelope<PostPage>>('GET', `post/session/group/${cast.group.id}`, { token })).data;
      const feed = pulled.group_sessions?.find((g) => g.group_id === cast.group.id)?.posts;
      expect(feed?.map((p) => p.id)).toEqual(session.data.map((p) => p.id));
      expect(feed?.length).toBe(1);
    }
  });

  it('a former member, an outsider, a guest and an anonymous caller get nothing of the group', async () => {
    for (const role of ['former', 'nonMember', 'guest', 'anonymous'] as const) {
      const pulled = await fullPull(cast.tokens[role]);
      expect(pulled.group_lists?.some((g) => g.group_id === cast.group.id) ?? false, role).toBe(false);
      expect(pulled.group_sessions?.some((g) => g.group_id === cast.group.id) ?? false, role).toBe(false);
      expect(pulled.list_items?.some((section) => section.list?.id === groupList.id) ?? false, role).toBe(false);
      expect(pulled.list_sessions?.some((s) => s.key === `list:${groupList.id}`) ?? false, role).toBe(false);
      expect(JSON.stringify(pulled)).not.toContain('A request for the group only');
    }
  });
});

describe('a full pull: where an item section stops', () => {
  const most = SYNC_PULL_MAX_PAGES * PAGE_SIZE;

  it(`carries a list of ${String(most)} items whole, and of one more the first ${String(most)}, marked incomplete, in list order`, async () => {
    const owner = (await api.register('Many Items')).authorization.token;
    const list = await createList(api, owner, { name: 'Long list', visibility: 'PRIVATE' });
    const first = await createItem(api, owner, list.id, { text: 'Item 0' });
    // The rest by SQL (the API would take a while): positions after the first item's.
    const add = (from: number, to: number) => api.server.handle.db.execute(sql`insert into list_items (post_list_id, text, position)
      select ${list.id}::integer, 'Item ' || n, ${first.position}::integer + n from generate_series(${from}::integer, ${to}::integer) as n`);
    await add(1, most - 1);
    const whole = (await fullPull(owner)).list_items?.find((section) => section.list?.id === list.id);
    expect([whole?.items.length, whole?.complete, whole?.items[0]?.id, whole?.items.at(-1)?.text]).toEqual([most, true, first.id, `Item ${String(most - 1)}`]);

    await add(most, most);
    const cut = (await fullPull(owner)).list_items?.find((section) => section.list?.id === list.id);
    expect([cut?.items.length, cut?.complete, cut?.items.at(-1)?.text]).toEqual([most, false, `Item ${String(most - 1)}`]);
  });
});
