// The members of a group on its settings screen (issue #28 item 1; docs/product.md §11 'Roles'):
// each with their role; an admin sets anyone's role with a select ('group.setRole') and removes
// someone else after a confirmation ('group.removeMember'). Both show at once, marked as waiting
// until the server has them; a refused one comes back as it was and is listed among refused changes.
// The only admin cannot change their own role here (docs/product.md §11 'Always an admin').
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ApiUserSummary } from '../../common/contract';
import { GROUP_ROLES, type GroupRole } from '../../common/group-contract';
import type { ShownGroup } from '../db/group-reads';
import type { GroupAdminView, ShownMember } from '../db/group-admin-reads';
import { lazyCommand } from '../commands/lazy';
import { bannerMessage } from '../components/api-error';
import { useBanner } from '../components/banner-provider';
import { ConfirmDialog } from '../components/confirm-dialog';
import { personName } from '../i18n/person-name';
import type { MembersLoad } from './-group-admin';
import { useChangeToast, type ChangeTexts } from './-change-toast';

const setMemberRole = lazyCommand('setMemberRole');
const removeMember = lazyCommand('removeMember');

/** An admin action's confirmation, naming whom it was done to (issue #49, review m1), then where it stands. */
export function memberChangeTexts(t: TFunction, action: string): ChangeTexts {
  return {
    waiting: `${action} ${t('syncFeedback.delivery.m.waiting')}`,
    sending: `${action} ${t('syncFeedback.delivery.m.sending')}`,
    sent: `${action} ${t('syncFeedback.delivery.m.sent')}`,
    local: action,
  };
}

/** `me`: the signed-in account's id (null while unknown). */
type MembersProps = { group: ShownGroup; view: GroupAdminView | undefined; load: MembersLoad; isAdmin: boolean; me: number | null };

export function GroupMembers({ group, view, load, isAdmin, me }: MembersProps) {
  const { t } = useTranslation();
  const banner = useBanner();
  const announce = useChangeToast();
  const headingId = useId();
  const [removing, setRemoving] = useState<ApiUserSummary | null>(null);
  const members = view?.members ?? [];
  const admins = members.filter((m) => m.role === 'admin').length;
  const fail = (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('groups.admin.failed')) });
  const remove = () => {
    const member = removing;
    setRemoving(null);
    const said = member ? t('groups.admin.members.removed', { name: personName(member, t) }) : '';
    if (member) void announce(() => removeMember(group.id, member), memberChangeTexts(t, said)).catch(fail);
  };
  return (
    <section className="group-admin__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="lists__subheading">
        {t('groups.admin.members.heading')}
      </h2>
      <p className="group-head__meta">{t('groups.admin.members.count', { count: view?.membersTotal || group.member_count })}</p>
      {members.length === 0 && (group.id < 0 ? <p className="feed__note">{t('groups.admin.members.notYet')}</p> : <MembersNote load={load} />)}
      {members.length > 0 && load.status === 'failed' && <p className="feed__note">{t('groups.admin.lastRead')}</p>}
      <ul className="group-admin__members">
        {members.map((member) => (
          <MemberRow
            key={member.user.id}
            member={member}
            isMe={member.user.id === me}
            canEdit={isAdmin && !(member.user.id === me && member.role === 'admin' && admins <= 1)}
            canRemove={isAdmin && member.user.id !== me}
            onRole={(role) => {
              const said = t('groups.admin.members.roleSet', { name: personName(member.user, t), role: t(`groups.admin.roles.${role}`) });
              void announce(() => setMemberRole(group.id, member.user, role), memberChangeTexts(t, said)).catch(fail);
            }}
            onRemove={() => setRemoving(member.user)}
          />
        ))}
      </ul>
      {isAdmin && members.some((m) => m.user.id === me && m.role === 'admin') && admins <= 1 && members.length > 1 && (
        <p className="field__hint">{t('groups.admin.members.onlyAdmin')}</p>
      )}
      {view?.hasMoreMembers && (
        <button type="button" className="button button--secondary" onClick={load.more}>
          {t('groups.admin.members.more')}
        </button>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('groups.admin.members.removeTitle', { name: removing ? personName(removing, t) : '' })}
        description={t('groups.admin.members.removeText', { name: removing ? personName(removing, t) : '' })}
        confirmLabel={t('groups.admin.members.removeConfirm')}
        cancelLabel={t('groups.admin.cancel')}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

function MembersNote({ load }: { load: MembersLoad }) {
  const { t } = useTranslation();
  if (load.status === 'loading') return <p className="feed__note">{t('groups.admin.loading')}</p>;
  if (load.status === 'ok') return <p className="feed__note">{t('groups.admin.members.none')}</p>;
  return (
    <p className="feed__note" role="alert">
      {t('groups.admin.members.loadFailed')}{' '}
      <button type="button" className="button button--quiet" onClick={load.retry}>
        {t('groups.admin.members.retry')}
      </button>
    </p>
  );
}

type MemberRowProps = {
  member: ShownMember; isMe: boolean; canEdit: boolean; canRemove: boolean; onRole: (role: GroupRole) => void; onRemove: () => void;
};

function MemberRow({ member, isMe, canEdit, canRemove, onRole, onRemove }: MemberRowProps) {
  const { t } = useTranslation();
  const selectId = useId();
  // A guest who chose no name is "Guest 7109" here too, as in the feed (issue #49 major 3).
  const shown = personName(member.user, t);
  const name = isMe ? t('groups.admin.members.you', { name: shown }) : shown;
  const chooseRole = (value: string) => {
    const role = GROUP_ROLES.find((r) => r === value);
    if (role) onRole(role);
  };
  return (
    <li className="group-admin__member">
      <span className="group-admin__member-name">{name}</span>
      {canEdit ? (
        <span className="field group-admin__role">
          <label htmlFor={selectId} className="visually-hidden">
            {t('groups.admin.members.roleOf', { name: shown })}
          </label>
          <select id={selectId} value={member.role} onChange={(event) => chooseRole(event.target.value)}>
            {GROUP_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`groups.admin.roles.${role}`)}
              </option>
            ))}
          </select>
        </span>
      ) : (
        <span className="badge lists-badge">{t(`groups.admin.roles.${member.role}`)}</span>
      )}
      {member.isPending && <span className="post-card__pending">{t('groups.admin.waiting')}</span>}
      {canRemove && (
        <button type="button" className="button button--quiet" aria-label={t('groups.admin.members.removeOf', { name: shown })} onClick={onRemove}>
          {t('groups.admin.members.remove')}
        </button>
      )}
    </li>
  );
}
