// Prayer groups in the server tests (issue #28): one group with a cast in every role, and calls as
// each of them. The roles are made through the API itself (create, join by the link, promote, leave).
import type { Envelope } from '../../common/contract';
import type { ApiGroup, GroupResponse, JoinResponse } from '../../common/group-contract';
import { ok, type Api, type CallOptions } from './api';

/** Everyone the permission tests ask, in the order their calls are made: the admin always last. */
export const ROLES = ['anonymous', 'guest', 'nonMember', 'former', 'member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The people who are not live members: every group route answers them alike. */
export const OUTSIDERS = ['anonymous', 'guest', 'nonMember', 'former'] as const;

export type Cast = { tokens: Record<Role, string | undefined>; ids: Record<Exclude<Role, 'anonymous'>, number>; group: ApiGroup };

export async function createGroup(api: Api, token: string, body: Record<string, unknown> = {}): Promise<ApiGroup> {
  return ok(await api.call<Envelope<GroupResponse>>('POST', 'group', { token, body: { name: 'Friday group', ...body } }), 201).data.group;
}

export async function join(api: Api, token: string, code: string, status = 201): Promise<JoinResponse> {
  return ok(await api.call<Envelope<JoinResponse>>('POST', `invite/${code}/join`, { token }), status).data;
}

/** A person with a session: a registered member (or a guest), with their id. */
export async function person(api: Api, name: string, guest = false): Promise<{ token: string; id: number }> {
  if (guest) {
    const g = await api.guest();
    return { token: g.authorization.token, id: g.guest.id };
  }
  const r = await api.register(name);
  return { token: r.authorization.token, id: r.user.id };
}

/** A fresh group: an admin, a moderator, a member, a former member (left), and three outsiders. */
export async function castGroup(api: Api): Promise<Cast> {
  const [admin, moderator, member, former, nonMember, guest] = await Promise.all([
    person(api, 'Ada Admin'), person(api, 'Mo Moderator'), person(api, 'Mel Member'), person(api, 'Fay Former'),
    person(api, 'Nils Outsider'), person(api, 'Guest', true),
  ]);
  const group = await createGroup(api, admin.token);
  const code = group.invite?.code ?? '';
  for (const p of [moderator, member, former]) await join(api, p.token, code);
  ok(await api.call('PUT', `group/${group.id}/member/${moderator.id}`, { token: admin.token, body: { role: 'moderator' } }));
  ok(await api.call('DELETE', `group/${group.id}/member/${former.id}`, { token: former.token }));
  const tokens = {
    anonymous: undefined, guest: guest.token, nonMember: nonMember.token, former: former.token,
    member: member.token, moderator: moderator.token, admin: admin.token,
  };
  const ids = { guest: guest.id, nonMember: nonMember.id, former: former.id, member: member.id, moderator: moderator.id, admin: admin.id };
  return { tokens, ids, group };
}

/** The status each role gets for one call, asked in ROLES order (so the admin's effect comes last). */
export async function statusesByRole(api: Api, cast: Cast, method: string, path: string, options: Omit<CallOptions, 'token'> = {}): Promise<Record<Role, number>> {
  const out = {} as Record<Role, number>;
  for (const role of ROLES) {
    const token = cast.tokens[role];
    out[role] = (await api.call(method, path, { ...options, ...(token === undefined ? {} : { token }) })).status;
  }
  return out;
}

/** The expected statuses: outsiders one way, the three member roles each their own. */
export function expected(outsiders: number, member: number, moderator: number, admin: number, anonymous = outsiders): Record<Role, number> {
  return { anonymous, guest: outsiders, nonMember: outsiders, former: outsiders, member, moderator, admin };
}
