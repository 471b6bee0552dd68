// Issue #28 items 1, 2: the group settings screen's sections as each language renders them: an admin
// gets the form, a role select per member but themself as the only admin, Remove for the others,
// the live link `/g/<code>` with its limits, and the pending requests; a member reads the roles only;
// a waiting change is marked. Static markup (the app's i18next catalogues, no network).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiGroupMember } from '../../common/group-contract';
import { guestNumber } from '../../common/guest-name';
import type { ShownGroup } from '../../src/db/group-reads';
import type { GroupAdminView } from '../../src/db/group-admin-reads';
import { BannerProvider } from '../../src/components/banner-provider';
import { GroupDetails } from '../../src/routes/-group-admin-details';
import { GroupMembers } from '../../src/routes/-group-admin-members';
import { GroupInvite } from '../../src/routes/-group-admin-invite';
import { GroupRequests } from '../../src/routes/-group-admin-requests';
import { localeRender, type LocaleRender } from '../helpers/locale-render';

const at = '2026-11-29T10:00:00.000Z';
const person = (id: number, name: string) => ({ id, username: name.toLowerCase(), name, avatar: null });
const group: ShownGroup = {
  id: 7, name: 'Tuesday group', description: 'We pray for each other', channel_id: 1, picture: null, created_at: at, updated_at: at,
  member_count: 3, my_role: 'admin', my_notify: 'all', isPending: false,
  invite: { code: 'abcdefghijkl', expires_at: '2026-12-06T10:00:00.000Z', max_uses: 5, uses: 2, created_at: at },
};
const member = (id: number, name: string, role: ApiGroupMember['role'], isPending = false) => ({ user: person(id, name), role, joined_at: at, isPending });
const view: GroupAdminView = {
  members: [member(1, 'Abigail', 'admin'), member(2, 'Ann', 'moderator', true), member(3, 'Ben', 'member')],
  membersTotal: 3, hasMoreMembers: false, membersPage: 1, isRotating: false, pulledAt: 1,
  requests: [{ id: 9, group_id: 7, user: person(4, 'Carl'), status: 'pending', created_at: at, decided_at: null }], requestsTotal: 1,
};
const load = { status: 'ok' as const, retry: () => undefined, more: () => undefined };

let rendering: LocaleRender;
beforeAll(async () => { rendering = await localeRender(); });

const screen = (locale: string, isAdmin: boolean, shown: GroupAdminView = view) =>
  rendering.render(locale, (
    <BannerProvider>
      <GroupDetails group={group} isAdmin={isAdmin} />
      <GroupMembers group={{ ...group, my_role: isAdmin ? 'admin' : 'member' }} view={shown} load={load} isAdmin={isAdmin} me={isAdmin ? 1 : 3} />
      {isAdmin && <GroupInvite group={group} isRotating={shown.isRotating} />}
      {isAdmin && <GroupRequests group={group} view={shown} failed={false} />}
    </BannerProvider>
  ));

describe('the group settings screen', () => {
  it.each(['en-US', 'pt-BR', 'es-ES'])('%s: an admin gets every control, with no raw key', async (locale) => {
    const html = await screen(locale, true);
    expect(html).not.toMatch(/groups\.admin\./);
    expect(html).toContain('value="Tuesday group"');
    // Ann's and Ben's roles and the link's expiry: Abigail, the only admin, cannot change her own here.
    expect(html.match(/<select/g)).toHaveLength(3);
    expect(html).toContain('/g/abcdefghijkl');
    expect(html).toMatch(/Carl/);
    const t = rendering.instance.getFixedT(locale);
    expect(html).toContain(t('groups.admin.requests.approve'));
    expect(html).toContain(t('groups.admin.waiting'));
    expect(html).toContain(t('groups.admin.invite.uses', { uses: 2, max: 5 }));
    expect(html).toContain(t('groups.admin.members.you', { name: 'Abigail' }));
    expect(html).toContain(t('groups.admin.members.onlyAdmin'));
    expect(html).toContain(t('groups.admin.members.removeOf', { name: 'Ben' }));
    expect(html).not.toContain(t('groups.admin.members.removeOf', { name: 'Abigail' }));
  });

  // Issue #49 major 3: a guest who chose no name was a row with no name ("Role of ", "Remove ").
  it.each([['en-US', 'Guest'], ['pt-BR', 'Visitante'], ['es-ES', 'Invitado']])('%s: a guest member and a guest who asks are named as the feed names them', async (locale, word) => {
    const guest = member(5, '', 'member');
    const html = await screen(locale, true, { ...view, members: [...view.members, guest], requests: [{ id: 10, group_id: 7, user: person(6, ''), status: 'pending', created_at: at, decided_at: null }] });
    const t = rendering.instance.getFixedT(locale);
    const guestName = `${word} ${String(guestNumber(5))}`;
    expect(html).toContain(`>${guestName}<`);
    expect(html).toContain(t('groups.admin.members.roleOf', { name: guestName }));
    expect(html).toContain(t('groups.admin.members.removeOf', { name: guestName }));
    expect(html).toContain(t('groups.admin.requests.approveOf', { name: `${word} ${String(guestNumber(6))}` }));
    expect(html).not.toContain(`aria-label="${t('groups.admin.members.removeOf', { name: '' })}"`);
  });

  it('a member reads the roles and changes none', async () => {
    const html = await screen('en-US', false);
    expect(html).not.toContain('<select');
    expect(html).not.toContain('<form');
    expect(html).toContain('Moderator');
    expect(html).not.toContain('Remove');
    expect(html).not.toContain('/g/');
  });

  it('while a new link waits, the old one is not offered', async () => {
    const html = await screen('en-US', true, { ...view, isRotating: true });
    expect(html).not.toContain('/g/abcdefghijkl');
    expect(html).toContain('A new link will be made when you are online');
  });
});
