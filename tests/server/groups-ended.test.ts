// Issue #49 major 4: a former member who opens the group's page learns why they are out. GET
// group/{id} and GET group/{id}/posts answer a member an admin removed 403 `group.removed`, and one
// who left 403 `group.left`, with the group's name and whether their request to join waits, and
// nothing else of the group; an outsider (registered or guest), an anonymous visitor and everyone
// after the group is deleted keep the 404 of a group that does not exist (docs/product.md §11
// 'Private'; server/domain/groups.ts readGroup). Runs on PGlite, and on PostgreSQL through
// scripts/with-postgres.sh.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/contract';
import type { GroupResponse, JoinRequestResponse } from '../../common/group-contract';
import { ok, useApi } from './api';
import { createGroup, join, person } from './groups-support';

const NAME = 'Tuesday Small Group';
const NOT_FOUND = { message: 'Group not found', status: 404, code: 'group.not_found' };
const REMOVED = { message: 'An admin removed you from this group: ask to join instead', status: 403, code: 'group.removed' };
const LEFT = { message: 'You left this group: open its invite link again, or ask to join', status: 403, code: 'group.left' };

const api = useApi();

type Person = { token: string; id: number };
type Cast = { admin: Person; removed: Person; former: Person; guestRemoved: Person; outsider: Person; guest: Person; groupId: number };

async function cast(): Promise<Cast> {
  const [admin, removed, former, guestRemoved, outsider, guest] = await Promise.all([
    person(api, 'Ada Admin'), person(api, 'Ana Lima'), person(api, 'Fay Former'), person(api, 'Guest', true),
    person(api, 'Nils Outsider'), person(api, 'Guest', true),
  ]);
  const group = await createGroup(api, admin.token, { name: NAME, description: 'Secret words of the group' });
  const code = group.invite?.code ?? '';
  for (const p of [removed, former, guestRemoved]) await join(api, p.token, code);
  await api.createPost(admin.token, { text: 'Pray for the surgery', type: 'REQUEST', group_id: group.id });
  ok(await api.call('DELETE', `group/${group.id}/member/${former.id}`, { token: former.token }));
  ok(await api.call('DELETE', `group/${group.id}/member/${removed.id}`, { token: admin.token }));
  ok(await api.call('DELETE', `group/${group.id}/member/${guestRemoved.id}`, { token: admin.token }));
  return { admin, removed, former, guestRemoved, outsider, guest, groupId: group.id };
}

const get = (path: string, token?: string) => api.call<unknown>('GET', path, token === undefined ? {} : { token });
const pages = (groupId: number) => [`group/${groupId}`, `group/${groupId}/posts`];

describe('GET group/{id} and its posts to whoever is not a live member (issue #49 major 4)', () => {
  let c: Cast;
  beforeAll(async () => { c = await cast(); });

  it('tells a member an admin removed, a guest too, that they were removed, with the group\'s name only', async () => {
    for (const path of pages(c.groupId)) {
      for (const who of [c.removed, c.guestRemoved]) {
        const r = await get(path, who.token);
        expect(r.status, path).toBe(403);
        // Exactly the error shape: no description, members, posts or invite.
        expect(r.json, path).toEqual({ ...REMOVED, params: { group: NAME, requested: 0 } });
      }
    }
  });

  it('tells a member who left that they left', async () => {
    for (const path of pages(c.groupId)) expect((await get(path, c.former.token)).json, path).toEqual({ ...LEFT, params: { group: NAME, requested: 0 } });
  });

  it('says a request to join waits once they asked; asking again answers the same request', async () => {
    const first = ok(await api.call<Envelope<JoinRequestResponse>>('POST', `group/${c.groupId}/join-request`, { token: c.removed.token }), 201);
    const again = ok(await api.call<Envelope<JoinRequestResponse>>('POST', `group/${c.groupId}/join-request`, { token: c.removed.token }));
    expect(again.data.request.id).toBe(first.data.request.id);
    for (const path of pages(c.groupId)) expect((await get(path, c.removed.token)).json, path).toEqual({ ...REMOVED, params: { group: NAME, requested: 1 } });
  });

  it('gives an outsider, a guest who never joined and an anonymous visitor the 404 of a group that does not exist', async () => {
    for (const path of pages(c.groupId)) {
      for (const token of [c.outsider.token, c.guest.token, undefined]) expect((await get(path, token)).json, path).toEqual(NOT_FOUND);
    }
    expect((await get('group/999999', c.removed.token)).json).toEqual(NOT_FOUND);
  });

  it('keeps every other read of the group a 404 to a former member (members, lists, requests, reports)', async () => {
    for (const tail of ['members', 'lists', 'join-requests', 'reports']) {
      for (const who of [c.removed, c.former]) expect((await get(`group/${c.groupId}/${tail}`, who.token)).status, tail).toBe(404);
    }
  });
});

describe('after the membership changes again', () => {
  it('a removed member an admin approves sees the group again', async () => {
    const c = await cast();
    const asked = ok(await api.call<Envelope<JoinRequestResponse>>('POST', `group/${c.groupId}/join-request`, { token: c.removed.token }), 201);
    ok(await api.call('POST', `group/${c.groupId}/join-request/${asked.data.request.id}/decide`, { token: c.admin.token, body: { decision: 'approve' } }));
    const group = ok(await api.call<Envelope<GroupResponse>>('GET', `group/${c.groupId}`, { token: c.removed.token })).data.group;
    expect(group).toMatchObject({ id: c.groupId, name: NAME, my_role: 'member' });
  });

  it('a deleted group is a 404 for its former members too', async () => {
    const c = await cast();
    ok(await api.call('DELETE', `group/${c.groupId}`, { token: c.admin.token }));
    for (const path of pages(c.groupId)) {
      for (const who of [c.removed, c.former, c.guestRemoved]) expect((await get(path, who.token)).json, path).toEqual(NOT_FOUND);
    }
  });
});
