// Issue #28 (docs/product.md §11 Prayer groups): a group's life, its members and roles, the last
// admin rule, validation at the edge and exactly-once (Idempotency-Key, POST sync/push).
import { describe, expect, it } from 'vitest';
import type { ApiError, DeletedResponse, Envelope } from '../../common/contract';
import { GROUP_LIMITS, type GroupMembersResponse, type GroupResponse, type MembershipResponse } from '../../common/group-contract';
import { ok, useApi } from './api';
import { castGroup, createGroup, person } from './groups-support';
import { pushOk } from './sync-support';

const api = useApi();

describe('POST group', () => {
  it('creates a group (201): the creator is its admin, with an invite link; unknown fields are ignored', async () => {
    const { token } = await person(api, 'Greta Creator');
    const r = await api.call<Envelope<GroupResponse>>('POST', 'group', {
      token, body: { name: '  Smith family  ', description: 'We pray on Sundays', my_role: 'member', member_count: 99, colour: 'red' },
      headers: { 'x-channel-id': '2' },
    });
    expect(r.status).toBe(201);
    expect(r.json.data.group).toMatchObject({ name: 'Smith family', description: 'We pray on Sundays', channel_id: 2, picture: null, member_count: 1, my_role: 'admin' });
    expect(r.json.data.group).not.toHaveProperty('colour');
    expect(r.json.data.group.invite).toMatchObject({ expires_at: null, max_uses: null, uses: 0 });
    expect(r.json.data.group.invite?.code).toMatch(/^[\w-]{12}$/);
    const explicit = await createGroup(api, token, { channel_id: 3, picture: '/api/v1/user/photo/1/a.png', description: '' });
    expect(explicit).toMatchObject({ channel_id: 3, picture: '/api/v1/user/photo/1/a.png', description: null });
  });

  it.each([
    ['a missing name', {}, 'name', 'Give your group a name'],
    ['an empty name', { name: '   ' }, 'name', 'Give your group a name'],
    ['a name over the limit', { name: 'n'.repeat(GROUP_LIMITS.name + 1) }, 'name', `Keep it under ${GROUP_LIMITS.name} characters`],
    ['a description over the limit', { name: 'x', description: 'd'.repeat(GROUP_LIMITS.description + 1) }, 'description', `Keep it under ${GROUP_LIMITS.description} characters`],
    ['an unknown channel', { name: 'x', channel_id: 9 }, 'channel_id', undefined],
    ['a picture of another site', { name: 'x', picture: 'https://tracker.example/p.png' }, 'picture', undefined],
    ['a picture path that climbs', { name: 'x', picture: '/api/v1/../secrets' }, 'picture', undefined],
    ['a name that is not text', { name: 42 }, 'name', 'Give your group a name'],
  ])('refuses %s with a 422 naming the field', async (_what, body, field, message) => {
    const { token } = await person(api, 'Val Idator');
    const r = await api.call<ApiError>('POST', 'group', { token, body });
    expect(r.status).toBe(422);
    expect(r.json.errors?.[field]).toBeDefined();
    if (message !== undefined) expect(r.json.errors?.[field]).toEqual([message]);
  });

  it('accepts a name of exactly the limit', async () => {
    const { token } = await person(api, 'Max Length');
    expect((await createGroup(api, token, { name: 'n'.repeat(GROUP_LIMITS.name) })).name).toHaveLength(GROUP_LIMITS.name);
  });

  it('honours Idempotency-Key: one group for a replay, 422 for the key reused with another body', async () => {
    const { token } = await person(api, 'Ida Empotent');
    const headers = { 'idempotency-key': 'group-create-1' };
    const first = await api.call<Envelope<GroupResponse>>('POST', 'group', { token, body: { name: 'Once' }, headers });
    const second = await api.call<Envelope<GroupResponse>>('POST', 'group', { token, body: { name: 'Once' }, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.call('POST', 'group', { token, body: { name: 'Twice' }, headers })).status).toBe(422);
    const mine = ok(await api.call<Envelope<{ groups: { name: string }[] }>>('GET', 'groups', { token })).data.groups;
    expect(mine.map((g) => g.name)).toEqual(['Once']);
  });
});

describe('PUT, DELETE group/{id} and bad ids', () => {
  it('an admin renames, describes and pictures the group; an edit with no known field is refused', async () => {
    const cast = await castGroup(api);
    const r = ok(await api.call<Envelope<GroupResponse>>('PUT', `group/${cast.group.id}`, {
      token: cast.tokens.admin, body: { name: 'Renamed', description: '', picture: null },
    })).data.group;
    expect(r).toMatchObject({ name: 'Renamed', description: null, picture: null, member_count: 3 });
    const empty = await api.call<ApiError>('PUT', `group/${cast.group.id}`, { token: cast.tokens.admin, body: { colour: 'red' } });
    expect(empty.status).toBe(422);
    expect(empty.json.errors?.body).toEqual(['Send name, description or picture to change']);
  });

  it.each([
    ['GET', 'group/abc'], ['GET', 'group/0'], ['GET', 'group/-1'], ['GET', 'group/2147483648'], ['PUT', 'group/1.5'],
    ['DELETE', 'group/abc'], ['GET', 'group/abc/members'], ['PUT', 'group/1/member/abc'], ['DELETE', 'group/1/member/0'],
    ['POST', 'group/x/invite'], ['POST', 'group/x/join-request'], ['POST', 'group/1/join-request/x/decide'],
    ['GET', 'invite/short'], ['POST', 'invite/has%20spaces!!/join'], ['GET', 'group/1/members?page=0'],
  ])('%s %s is a 422 (malformed id, code or page)', async (method, path) => {
    const { token } = await person(api, 'Bad Ids');
    const body = method === 'GET' ? {} : { body: { name: 'x', role: 'member', decision: 'approve' } };
    expect((await api.call(method, path, { token, ...body })).status).toBe(422);
  });

  it('refuses an unknown role, a bad decision, max_uses below 1 and an expiry in the past', async () => {
    const cast = await castGroup(api);
    const { id } = cast.group;
    const as = { token: cast.tokens.admin };
    expect((await api.call<ApiError>('PUT', `group/${id}/member/${cast.ids.member}`, { ...as, body: { role: 'owner' } })).json.errors?.role).toBeDefined();
    expect((await api.call<ApiError>('POST', `group/${id}/join-request/1/decide`, { ...as, body: { decision: 'maybe' } })).json.errors?.decision).toBeDefined();
    expect((await api.call<ApiError>('POST', `group/${id}/invite`, { ...as, body: { max_uses: 0 } })).json.errors?.max_uses).toBeDefined();
    const past = await api.call<ApiError>('POST', `group/${id}/invite`, { ...as, body: { expires_at: '2020-01-01T00:00:00Z' } });
    expect(past.json).toMatchObject({ status: 422, code: 'validation.past' });
  });

  it('deleting the group answers its id; the admin no longer sees it', async () => {
    const cast = await castGroup(api);
    const r = await api.call<Envelope<DeletedResponse>>('DELETE', `group/${cast.group.id}`, { token: cast.tokens.admin });
    expect(r.json).toEqual({ data: { id: cast.group.id, deleted: true } });
    expect((await api.call('GET', `group/${cast.group.id}`, { token: cast.tokens.admin })).status).toBe(404);
  });
});

describe('members and roles', () => {
  it('lists live members admins first, with img_show respected; a former member is gone', async () => {
    const cast = await castGroup(api);
    const page = ok(await api.call<Envelope<GroupMembersResponse>>('GET', `group/${cast.group.id}/members`, { token: cast.tokens.member })).data.members;
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
    expect(page.data.map((m) => [m.user.id, m.role])).toEqual([[cast.ids.admin, 'admin'], [cast.ids.moderator, 'moderator'], [cast.ids.member, 'member']]);
    expect(page.data.map((m) => m.user.id)).not.toContain(cast.ids.former);
  });

  it('the last admin can neither step down nor leave without naming a successor (422), and can with one', async () => {
    const cast = await castGroup(api);
    const { id } = cast.group;
    const as = { token: cast.tokens.admin };
    const demote = await api.call<ApiError>('PUT', `group/${id}/member/${cast.ids.admin}`, { ...as, body: { role: 'member' } });
    expect(demote.json).toMatchObject({ status: 422, code: 'group.last_admin' });
    expect(demote.json.message).toContain('successor_id');
    expect((await api.call<ApiError>('DELETE', `group/${id}/member/${cast.ids.admin}`, as)).json.code).toBe('group.last_admin');
    const notMember = await api.call<ApiError>('DELETE', `group/${id}/member/${cast.ids.admin}`, { ...as, body: { successor_id: cast.ids.former } });
    expect(notMember.json).toMatchObject({ status: 422, code: 'group.last_admin' });
    const left = await api.call('DELETE', `group/${id}/member/${cast.ids.admin}`, { ...as, body: { successor_id: cast.ids.member } });
    expect(left.status).toBe(200);
    const group = ok(await api.call<Envelope<GroupResponse>>('GET', `group/${id}`, { token: cast.tokens.member })).data.group;
    expect(group).toMatchObject({ my_role: 'admin', member_count: 2 });
  });

  it('a second admin lets the first step down; a successor named by a plain member is never promoted', async () => {
    const cast = await castGroup(api);
    const { id } = cast.group;
    ok(await api.call('PUT', `group/${id}/member/${cast.ids.moderator}`, { token: cast.tokens.admin, body: { role: 'admin' } }));
    const down = ok(await api.call<Envelope<MembershipResponse>>('PUT', `group/${id}/member/${cast.ids.admin}`, { token: cast.tokens.admin, body: { role: 'member' } }));
    expect(down.data.membership).toMatchObject({ user_id: cast.ids.admin, role: 'member' });
    ok(await api.call('DELETE', `group/${id}/member/${cast.ids.admin}`, { token: cast.tokens.admin, body: { successor_id: cast.ids.member } }));
    const members = ok(await api.call<Envelope<GroupMembersResponse>>('GET', `group/${id}/members`, { token: cast.tokens.member })).data.members.data;
    expect(members.map((m) => [m.user.id, m.role])).toEqual([[cast.ids.moderator, 'admin'], [cast.ids.member, 'member']]);
  });

  it('the only member cannot leave: they delete the group instead', async () => {
    const { token, id } = await person(api, 'Solo Sam');
    const group = await createGroup(api, token);
    const r = await api.call<ApiError>('DELETE', `group/${group.id}/member/${id}`, { token });
    expect(r.json).toMatchObject({ status: 422, code: 'group.last_admin', message: expect.stringContaining('delete the group') });
  });

  it('removing a member who is not in the group is a 404', async () => {
    const cast = await castGroup(api);
    expect((await api.call('DELETE', `group/${cast.group.id}/member/${cast.ids.nonMember}`, { token: cast.tokens.admin })).status).toBe(404);
    expect((await api.call('PUT', `group/${cast.group.id}/member/${cast.ids.former}`, { token: cast.tokens.admin, body: { role: 'admin' } })).status).toBe(404);
  });
});

describe('POST sync/push', () => {
  it('applies every group mutation inside a push, answered as the single calls would be', async () => {
    const cast = await castGroup(api);
    const { id } = cast.group;
    const newcomer = await person(api, 'Push Newcomer');
    const [created, renamed, promoted, rotated] = await pushOk(api, cast.tokens.admin ?? '', [
      { key: 'g-create', method: 'POST', path: 'group', body: { name: 'Pushed group' } },
      { key: 'g-rename', method: 'PUT', path: `group/${id}`, body: { name: 'Pushed name' } },
      { key: 'g-role', method: 'PUT', path: `group/${id}/member/${cast.ids.member}`, body: { role: 'moderator' } },
      { key: 'g-invite', method: 'POST', path: `group/${id}/invite`, body: { max_uses: 5 } },
    ]);
    expect([created?.status, renamed?.status, promoted?.status, rotated?.status]).toEqual([201, 200, 200, 201]);
    const code = (rotated?.body as Envelope<{ invite: { code: string } }>).data.invite.code;
    const [joined, asked] = await pushOk(api, newcomer.token, [
      { key: 'n-join', method: 'POST', path: `invite/${code}/join` },
      { key: 'n-ask', method: 'POST', path: `group/${id}/join-request` },
    ]);
    expect([joined?.status, asked?.status]).toEqual([201, 409]);
    const outsider = cast.tokens.nonMember ?? '';
    const [request] = await pushOk(api, outsider, [{ key: 'o-ask', method: 'POST', path: `group/${id}/join-request` }]);
    const requestId = (request?.body as Envelope<{ request: { id: number } }>).data.request.id;
    const [decided, removed, deleted] = await pushOk(api, cast.tokens.admin ?? '', [
      { key: 'g-decide', method: 'POST', path: `group/${id}/join-request/${requestId}/decide`, body: { decision: 'decline' } },
      { key: 'g-remove', method: 'DELETE', path: `group/${id}/member/${newcomer.id}` },
      { key: 'g-delete', method: 'DELETE', path: `group/${id}` },
    ]);
    expect([decided?.status, removed?.status, deleted?.status]).toEqual([200, 200, 200]);
    const [left] = await pushOk(api, cast.tokens.member ?? '', [{ key: 'm-leave', method: 'DELETE', path: `group/${id}/member/${cast.ids.member}` }]);
    expect(left?.body).toMatchObject({ status: 404, code: 'group.not_found' });
  });
});
