// Issue #28 item 2 (docs/product.md §11 Prayer groups): joining by the invite link (its preview,
// rotation, expiry and use limit), by a request an admin decides, a removed member's way back, and
// a guest who joins and then registers keeping the membership (server/domain/guest-upgrade.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiError, AuthResponse, Envelope } from '../../common/contract';
import type {
  GroupResponse, GroupsResponse, InvitePreviewResponse, InviteResponse, JoinDecisionResponse, JoinRequestResponse, JoinRequestsResponse,
} from '../../common/group-contract';
import { groupInvites } from '../../server/db/schema/groups';
import { ok, uniqueEmail, useApi } from './api';
import { castGroup, createGroup, join, person } from './groups-support';

const api = useApi();

const preview = async (code: string) => api.call<Envelope<InvitePreviewResponse>>('GET', `invite/${code}`);

describe('the invite link', () => {
  it('shows a visitor the name, description, picture and size of the group, and nothing private', async () => {
    const cast = await castGroup(api);
    const code = cast.group.invite?.code ?? '';
    const r = ok(await preview(code)).data.invite;
    expect(r).toEqual({
      group: { id: cast.group.id, name: 'Friday group', description: null, channel_id: 1, picture: null, member_count: 3 },
      joinable: true, reason: null,
      // Issue #49 major 5: who invited them (the link's admin), for the invite card.
      invited_by: { id: cast.ids.admin, name: 'Ada Admin' },
    });
    expect(JSON.stringify(r)).not.toContain(code);
    expect((await preview('AAAAAAAAAAAA')).json).toMatchObject({ status: 404, code: 'invite.not_found' });
  });

  it('joins once: the second join is no error (200) and uses the link once', async () => {
    const cast = await castGroup(api);
    const code = cast.group.invite?.code ?? '';
    const newcomer = await person(api, 'Nora Newcomer');
    const first = await join(api, newcomer.token, code);
    expect(first.membership).toMatchObject({ group_id: cast.group.id, user_id: newcomer.id, role: 'member' });
    expect(first.group).toMatchObject({ id: cast.group.id, my_role: 'member', member_count: 4 });
    const again = await join(api, newcomer.token, code, 200);
    expect(again.membership).toEqual(first.membership);
    const group = ok(await api.call<Envelope<GroupResponse>>('GET', `group/${cast.group.id}`, { token: newcomer.token })).data.group;
    expect(group.invite?.uses).toBe(4); // castGroup's three joins, and the newcomer's first only
  });

  it('rotating revokes the old code; limits are shown and enforced', async () => {
    const cast = await castGroup(api);
    const old = cast.group.invite?.code ?? '';
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const invite = ok(await api.call<Envelope<InviteResponse>>('POST', `group/${cast.group.id}/invite`, {
      token: cast.tokens.admin, body: { max_uses: 1, expires_at: expiresAt },
    }), 201).data.invite;
    expect(invite).toMatchObject({ max_uses: 1, uses: 0, expires_at: expiresAt });
    expect(invite.code).not.toBe(old);
    expect((await preview(old)).status).toBe(404);
    const late = await person(api, 'Late Larry');
    expect((await api.call<ApiError>('POST', `invite/${old}/join`, { token: late.token })).json.code).toBe('invite.not_found');
    const first = await person(api, 'First Fiona');
    await join(api, first.token, invite.code);
    expect(ok(await preview(invite.code)).data.invite).toMatchObject({ joinable: false, reason: 'used_up' });
    expect((await api.call<ApiError>('POST', `invite/${invite.code}/join`, { token: late.token })).json).toMatchObject({ status: 410, code: 'invite.used_up' });
  });

  it('an expired link shows the group but admits nobody (410); the visitor may ask to join instead', async () => {
    const cast = await castGroup(api);
    const code = cast.group.invite?.code ?? '';
    await api.server.handle.db.update(groupInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(groupInvites.code, code));
    const seen = ok(await preview(code)).data.invite;
    expect(seen).toMatchObject({ joinable: false, reason: 'expired', group: { id: cast.group.id } });
    const visitor = await person(api, 'Vera Visitor');
    expect((await api.call<ApiError>('POST', `invite/${code}/join`, { token: visitor.token })).json).toMatchObject({ status: 410, code: 'invite.expired' });
    expect((await api.call('POST', `group/${seen.group.id}/join-request`, { token: visitor.token })).status).toBe(201);
  });
});

describe('requests to join', () => {
  it('asking twice answers the same pending request; the admin sees the queue and approves', async () => {
    const cast = await castGroup(api);
    const { id } = cast.group;
    const asker = await person(api, 'Asa Asker');
    const first = ok(await api.call<Envelope<JoinRequestResponse>>('POST', `group/${id}/join-request`, { token: asker.token }), 201).data.request;
    expect(first).toMatchObject({ group_id: id, status: 'pending', decided_at: null, user: { id: asker.id, name: 'Asa Asker' } });
    const again = ok(await api.call<Envelope<JoinRequestResponse>>('POST', `group/${id}/join-request`, { token: asker.token }), 200).data.request;
    expect(again.id).toBe(first.id);
    const queue = ok(await api.call<Envelope<JoinRequestsResponse>>('GET', `group/${id}/join-requests`, { token: cast.tokens.admin })).data.requests;
    expect(queue.data.map((r) => r.id)).toEqual([first.id]);
    const decided = ok(await api.call<Envelope<JoinDecisionResponse>>('POST', `group/${id}/join-request/${first.id}/decide`, {
      token: cast.tokens.admin, body: { decision: 'approve' },
    })).data;
    expect(decided.request).toMatchObject({ id: first.id, status: 'approved' });
    expect(decided.membership).toMatchObject({ user_id: asker.id, role: 'member' });
    expect((await api.call('GET', `group/${id}`, { token: asker.token })).status).toBe(200);
    const twice = await api.call<ApiError>('POST', `group/${id}/join-request/${first.id}/decide`, { token: cast.tokens.admin, body: { decision: 'decline' } });
    expect(twice.json).toMatchObject({ status: 409, code: 'group.request_decided' });
  });

  it('a declined person stays out and may ask again; an unknown request is a 404', async () => {
    const cast = await castGroup(api);
    const { id } = cast.group;
    const asker = await person(api, 'Dee Declined');
    const asked = ok(await api.call<Envelope<JoinRequestResponse>>('POST', `group/${id}/join-request`, { token: asker.token }), 201).data.request;
    const decided = ok(await api.call<Envelope<JoinDecisionResponse>>('POST', `group/${id}/join-request/${asked.id}/decide`, {
      token: cast.tokens.admin, body: { decision: 'decline' },
    })).data;
    expect(decided).toMatchObject({ request: { status: 'declined' }, membership: null });
    expect((await api.call('GET', `group/${id}`, { token: asker.token })).status).toBe(404);
    expect((await api.call('POST', `group/${id}/join-request`, { token: asker.token })).status).toBe(201);
    const unknown = await api.call<ApiError>('POST', `group/${id}/join-request/999999/decide`, { token: cast.tokens.admin, body: { decision: 'approve' } });
    expect(unknown.json).toMatchObject({ status: 404, code: 'group.request_not_found' });
  });

  it('a member removed by an admin cannot come back by the link (403), only by an approved request', async () => {
    const cast = await castGroup(api);
    const { id } = cast.group;
    ok(await api.call('DELETE', `group/${id}/member/${cast.ids.member}`, { token: cast.tokens.admin }));
    const code = cast.group.invite?.code ?? '';
    const refused = await api.call<ApiError>('POST', `invite/${code}/join`, { token: cast.tokens.member });
    expect(refused.json).toMatchObject({ status: 403, code: 'group.removed' });
    // Issue #49 major 4: the link's preview tells the removed member so, instead of offering a join
    // that is refused; others (anonymous, someone who left on their own) are offered the join.
    expect(ok(await api.call<Envelope<InvitePreviewResponse>>('GET', `invite/${code}`, { token: cast.tokens.member })).data.invite)
      .toMatchObject({ joinable: false, reason: 'removed', group: { id } });
    expect(ok(await preview(code)).data.invite).toMatchObject({ joinable: true, reason: null });
    expect(ok(await api.call<Envelope<InvitePreviewResponse>>('GET', `invite/${code}`, { token: cast.tokens.former ?? '' })).data.invite)
      .toMatchObject({ joinable: true, reason: null });
    // Someone who left on their own comes back by the link.
    expect((await join(api, cast.tokens.former ?? '', code)).membership.role).toBe('member');
    const asked = ok(await api.call<Envelope<JoinRequestResponse>>('POST', `group/${id}/join-request`, { token: cast.tokens.member }), 201).data.request;
    ok(await api.call('POST', `group/${id}/join-request/${asked.id}/decide`, { token: cast.tokens.admin, body: { decision: 'approve' } }));
    expect((await api.call('GET', `group/${id}`, { token: cast.tokens.member })).status).toBe(200);
  });

  it('joining by the link settles a pending request of the same person', async () => {
    const cast = await castGroup(api);
    const asker = await person(api, 'Link Lena');
    ok(await api.call('POST', `group/${cast.group.id}/join-request`, { token: asker.token }), 201);
    await join(api, asker.token, cast.group.invite?.code ?? '');
    const queue = ok(await api.call<Envelope<JoinRequestsResponse>>('GET', `group/${cast.group.id}/join-requests`, { token: cast.tokens.admin })).data.requests;
    expect(queue.total).toBe(0);
  });
});

describe('a guest in a group', () => {
  it('joins with the link and keeps the membership when registering from the guest session', async () => {
    const { token: adminToken } = await person(api, 'Gil Groupadmin');
    const group = await createGroup(api, adminToken, { name: 'Guests welcome' });
    const guest = await person(api, 'Guest', true);
    await join(api, guest.token, group.invite?.code ?? '');
    const reg = ok(await api.call<Envelope<AuthResponse>>('POST', 'auth/register', {
      token: guest.token, body: { name: 'Former Guest', email: uniqueEmail('group-guest'), password: 'long-enough-pw' },
    }), 201).data;
    expect(reg.user.id).toBe(guest.id);
    const member = reg.authorization.token;
    const mine = ok(await api.call<Envelope<GroupsResponse>>('GET', 'groups', { token: member })).data.groups;
    expect(mine.map((g) => [g.id, g.my_role])).toEqual([[group.id, 'member']]);
    expect((await api.call('GET', `group/${group.id}`, { token: guest.token })).status).toBe(401);
  });
});
