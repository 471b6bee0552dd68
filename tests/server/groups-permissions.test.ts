// Issue #28 item 7: every group route asked as an admin, a moderator, a member, a former member, a
// non-member, a guest and an anonymous visitor (docs/product.md §11 Prayer groups). Whoever is not a
// live member gets the same 404 as for a group that does not exist (a mutation without a session
// is a 401 first, as every mutation); a member short of the role gets 403.
import { describe, expect, it } from 'vitest';
import type { ApiError, Envelope } from '../../common/contract';
import type { GroupResponse, GroupsResponse, JoinRequestResponse } from '../../common/group-contract';
import { ok, useApi } from './api';
import { castGroup, expected, join, OUTSIDERS, person, ROLES, statusesByRole, type Cast } from './groups-support';

const api = useApi();

const NOT_FOUND = { message: 'Group not found', status: 404, code: 'group.not_found' };

/** A join request by the non-member, for the decide route. */
async function pendingRequest(cast: Cast): Promise<number> {
  return ok(await api.call<Envelope<JoinRequestResponse>>('POST', `group/${cast.group.id}/join-request`, { token: cast.tokens.nonMember }), 201).data.request.id;
}

describe('group reads', () => {
  it('GET group/{id} and its members: members only; outsiders get exactly the 404 of an unknown group', async () => {
    const cast = await castGroup(api);
    for (const path of [`group/${cast.group.id}`, `group/${cast.group.id}/members`]) {
      // Issue #49 major 4: a former member is told on GET group/{id} that they left (groups-ended.test.ts).
      const former = path === `group/${cast.group.id}` ? 403 : 404;
      expect(await statusesByRole(api, cast, 'GET', path)).toEqual({ ...expected(404, 200, 200, 200), former });
      for (const role of OUTSIDERS) {
        const token = cast.tokens[role];
        if (role !== 'former' || former === 404) expect((await api.call('GET', path, token === undefined ? {} : { token })).json).toEqual(NOT_FOUND);
      }
    }
    expect((await api.call('GET', 'group/999999', { token: cast.tokens.admin })).json).toEqual(NOT_FOUND);
  });

  it('GET group/{id}/join-requests: admins only', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'GET', `group/${cast.group.id}/join-requests`)).toEqual(expected(404, 403, 403, 200));
  });

  it('GET groups: any session, each sees only the groups they belong to', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'GET', 'groups')).toEqual(expected(200, 200, 200, 200, 401));
    for (const role of ['admin', 'moderator', 'member', 'former', 'nonMember', 'guest'] as const) {
      const mine = ok(await api.call<Envelope<GroupsResponse>>('GET', 'groups', { token: cast.tokens[role] })).data.groups.map((g) => g.id);
      expect(mine.includes(cast.group.id), role).toBe(['admin', 'moderator', 'member'].includes(role));
    }
  });

  it('GET invite/{code}: anyone holding the code, anonymous visitors included', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'GET', `invite/${cast.group.invite?.code ?? ''}`)).toEqual(expected(200, 200, 200, 200));
  });
});

describe('group writes', () => {
  it('PUT group/{id}: admins only', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'PUT', `group/${cast.group.id}`, { body: { name: 'Renamed' } })).toEqual(expected(404, 403, 403, 200, 401));
  });

  it('DELETE group/{id}: admins only', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'DELETE', `group/${cast.group.id}`)).toEqual(expected(404, 403, 403, 200, 401));
  });

  it('PUT group/{id}/member/{userId}: admins only', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'PUT', `group/${cast.group.id}/member/${cast.ids.member}`, { body: { role: 'moderator' } }))
      .toEqual(expected(404, 403, 403, 200, 401));
  });

  it('PUT group/{id}/notify (issue #28 item 6): every live member sets their own; outsiders get the 404 of an unknown group', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'PUT', `group/${cast.group.id}/notify`, { body: { level: 'requests' } }))
      .toEqual(expected(404, 200, 200, 200, 401));
    for (const role of OUTSIDERS) {
      const token = cast.tokens[role];
      if (token !== undefined) expect((await api.call<ApiError>('PUT', `group/${cast.group.id}/notify`, { token, body: { level: 'none' } })).json).toEqual(NOT_FOUND);
    }
    ok(await api.call('DELETE', `group/${cast.group.id}`, { token: cast.tokens.admin }));
    expect(await statusesByRole(api, cast, 'PUT', `group/${cast.group.id}/notify`, { body: { level: 'all' } })).toEqual(expected(404, 404, 404, 404, 401));
  });

  it('DELETE group/{id}/member/{userId} of someone else: admins only', async () => {
    const cast = await castGroup(api);
    const target = await person(api, 'Tara Target');
    await join(api, target.token, cast.group.invite?.code ?? '');
    expect(await statusesByRole(api, cast, 'DELETE', `group/${cast.group.id}/member/${target.id}`)).toEqual(expected(404, 403, 403, 200, 401));
    // Issue #49 major 4: the removed person is told so (groups-ended.test.ts), nothing more.
    expect((await api.call('GET', `group/${cast.group.id}`, { token: target.token })).json).toMatchObject({ status: 403, code: 'group.removed' });
  });

  it('DELETE group/{id}/member/{me}: every live member may leave; outsiders have nothing to leave', async () => {
    for (const role of ['member', 'moderator'] as const) {
      const cast = await castGroup(api);
      expect((await api.call('DELETE', `group/${cast.group.id}/member/${cast.ids[role]}`, { token: cast.tokens[role] })).status).toBe(200);
      for (const outsider of ['guest', 'nonMember', 'former'] as const) {
        const r = await api.call<ApiError>('DELETE', `group/${cast.group.id}/member/${cast.ids[outsider]}`, { token: cast.tokens[outsider] });
        expect(r.json, outsider).toEqual(NOT_FOUND);
      }
    }
  });

  it('POST group/{id}/invite: admins only', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'POST', `group/${cast.group.id}/invite`, { body: {} })).toEqual(expected(404, 403, 403, 201, 401));
  });

  it('POST invite/{code}/join: any session; members answer 200 (already in), newcomers 201', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'POST', `invite/${cast.group.invite?.code ?? ''}/join`)).toEqual(expected(201, 200, 200, 200, 401));
  });

  it('POST group/{id}/join-request: outsiders with a session ask (201); members are already in (409)', async () => {
    const cast = await castGroup(api);
    expect(await statusesByRole(api, cast, 'POST', `group/${cast.group.id}/join-request`)).toEqual(expected(201, 409, 409, 409, 401));
  });

  it('POST group/{id}/join-request/{id}/decide: admins only', async () => {
    const cast = await castGroup(api);
    const id = await pendingRequest(cast);
    expect(await statusesByRole(api, cast, 'POST', `group/${cast.group.id}/join-request/${id}/decide`, { body: { decision: 'approve' } }))
      .toEqual(expected(404, 403, 403, 200, 401));
  });

  it('POST group: members create; a guest is asked to register (403), a visitor to sign in (401)', async () => {
    const cast = await castGroup(api);
    const r = await statusesByRole(api, cast, 'POST', 'group', { body: { name: 'Mine' } });
    expect(r).toEqual({ anonymous: 401, guest: 403, nonMember: 201, former: 201, member: 201, moderator: 201, admin: 201 });
    expect((await api.call<ApiError>('POST', 'group', { token: cast.tokens.guest, body: { name: 'x' } })).json.code).toBe('auth.members_only');
  });

  it('a group deleted by its admin is a 404 for everyone, on every route', async () => {
    const cast = await castGroup(api);
    ok(await api.call('DELETE', `group/${cast.group.id}`, { token: cast.tokens.admin }));
    const id = cast.group.id;
    for (const [method, path] of [['GET', `group/${id}`], ['GET', `group/${id}/members`], ['GET', `group/${id}/join-requests`], ['PUT', `group/${id}`],
      ['POST', `group/${id}/invite`], ['POST', `group/${id}/join-request`], ['DELETE', `group/${id}/member/${cast.ids.member}`]] as const) {
      const statuses = await statusesByRole(api, cast, method, path, method === 'PUT' ? { body: { name: 'x' } } : {});
      expect(statuses, `${method} ${path}`).toEqual(expected(404, 404, 404, 404, method === 'GET' ? 404 : 401));
    }
    const invite = await api.call<ApiError>('GET', `invite/${cast.group.invite?.code ?? ''}`);
    expect(invite.json.code).toBe('invite.not_found');
    expect(ok(await api.call<Envelope<GroupsResponse>>('GET', 'groups', { token: cast.tokens.member })).data.groups).toEqual([]);
  });
});

describe('a group\'s picture (issue #28 item 1)', () => {
  // A WebP's signature is ASCII: 'RIFF', any 4 bytes, 'WEBP' (server/domain/images.ts).
  const WEBP = { rawBody: 'RIFF0000WEBPVP8 body', headers: { 'content-type': 'image/webp' } };

  it('POST and DELETE group/{id}/picture: admins only; outsiders get the 404 of an unknown group', async () => {
    const cast = await castGroup(api);
    const path = `group/${cast.group.id}/picture`;
    expect(await statusesByRole(api, cast, 'POST', path, WEBP)).toEqual(expected(404, 403, 403, 200, 401));
    expect(await statusesByRole(api, cast, 'DELETE', path)).toEqual(expected(404, 403, 403, 200, 401));
    for (const role of ['guest', 'nonMember', 'former'] as const) {
      expect((await api.call('POST', path, { token: cast.tokens[role], ...WEBP })).json, role).toEqual(NOT_FOUND);
    }
    ok(await api.call('DELETE', `group/${cast.group.id}`, { token: cast.tokens.admin }));
    expect(await statusesByRole(api, cast, 'POST', path, WEBP)).toEqual(expected(404, 404, 404, 404, 401));
  });

  it('GET group/{id}/picture/{file}: whoever holds the unguessable path, as the invite preview shows it', async () => {
    const cast = await castGroup(api);
    const group = ok(await api.call<Envelope<GroupResponse>>('POST', `group/${cast.group.id}/picture`, { token: cast.tokens.admin, ...WEBP })).data.group;
    for (const role of ROLES) {
      const token = cast.tokens[role];
      const r = await fetch(`${api.server.url}${group.picture ?? ''}`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
      expect([r.status, await r.text()], role).toEqual([200, WEBP.rawBody]);
    }
  });
});

describe('updates of a group post (issue #28 item 3)', () => {
  it('POST post/{id}/update and DELETE post/{id}/update/{updateId}: the author only; outsiders get the 404 of a post that does not exist', async () => {
    const cast = await castGroup(api);
    const post = await api.createPost(cast.tokens.member ?? '', { text: 'Pray for the retreat', type: 'REQUEST', group_id: cast.group.id });
    expect(await statusesByRole(api, cast, 'POST', `post/${post.id}/update`, { body: { text: 'We leave on Friday' } }))
      .toEqual(expected(404, 201, 403, 403, 401));
    const own = await api.call<Envelope<{ post: { updates: { id: number }[] } }>>('GET', `post/${post.id}`, { token: cast.tokens.member ?? '' });
    const updateId = own.json.data.post.updates[0]?.id ?? 0;
    expect(await statusesByRole(api, cast, 'DELETE', `post/${post.id}/update/${updateId}`)).toEqual(expected(404, 200, 403, 403, 401));
    for (const role of OUTSIDERS) {
      const token = cast.tokens[role];
      if (token !== undefined) expect((await api.call<ApiError>('POST', `post/${post.id}/update`, { token, body: { text: 'x' } })).json.code).toBe('post.not_found');
    }
  });
});

describe('a group\'s lists and its session (issue #28 item 4)', () => {
  it('GET group/{id}/lists and GET post/session/group/{id}: members only; outsiders get the 404 of an unknown group', async () => {
    const cast = await castGroup(api);
    ok(await api.call('POST', 'list', { token: cast.tokens.member, body: { name: 'Our list', group_id: cast.group.id } }), 201);
    for (const path of [`group/${cast.group.id}/lists`, `post/session/group/${cast.group.id}`]) {
      expect(await statusesByRole(api, cast, 'GET', path), path).toEqual(expected(404, 200, 200, 200));
      for (const role of OUTSIDERS) {
        const token = cast.tokens[role];
        expect((await api.call('GET', path, token === undefined ? {} : { token })).json, `${path} ${role}`).toEqual(NOT_FOUND);
      }
    }
  });

  it('POST list with group_id: live members only; anyone else gets a 422 on group_id', async () => {
    const cast = await castGroup(api);
    const statuses = await statusesByRole(api, cast, 'POST', 'list', { body: { name: 'Ours', group_id: cast.group.id } });
    expect(statuses).toEqual(expected(422, 201, 201, 201, 401));
  });
});
