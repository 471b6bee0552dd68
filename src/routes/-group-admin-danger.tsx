// Leaving and deleting, at the end of a group's settings screen (issue #28 items 1, 2; docs/product.md
// §11 'Always an admin', 'Deleting'). Every member may leave, after a confirmation; the only member
// deletes the group instead, and the only admin names who becomes admin in the same step (the
// server's successor_id). An admin deletes the
// group after a confirmation that says what goes (its posts with their prayers, comments and notes,
// its link, pending requests); both hide the group at once and its rows leave this device when the
// server confirms. Not a route (the '-' prefix keeps the router out).
import { useId, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ShownGroup } from '../db/group-reads';
import type { GroupAdminView } from '../db/group-admin-reads';
import { lazyCommand } from '../commands/lazy';
import { bannerMessage } from '../components/api-error';
import { personName } from '../i18n/person-name';
import { useBanner } from '../components/banner-provider';
import { ConfirmDialog } from '../components/confirm-dialog';

const leaveGroup = lazyCommand('leaveGroup');
const deleteGroup = lazyCommand('deleteGroup');

type DangerProps = { group: ShownGroup; view: GroupAdminView | undefined; isAdmin: boolean; me: number | null };

/** Why leaving is not offered now (null: it is). */
function leaveBlock(group: ShownGroup, view: GroupAdminView | undefined, me: number | null): 'onlyMember' | 'onlyAdmin' | null {
  if (group.member_count <= 1) return 'onlyMember';
  if (group.my_role !== 'admin' || !view || view.members.length === 0) return null;
  const otherAdmins = view.members.filter((m) => m.role === 'admin' && m.user.id !== me).length;
  return otherAdmins === 0 ? 'onlyAdmin' : null;
}

export function GroupLeaveAndDelete({ group, view, isAdmin, me }: DangerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const leaveHeadingId = useId();
  const deleteHeadingId = useId();
  const successorId = useId();
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);
  const blocked = leaveBlock(group, view, me);
  const others = blocked === 'onlyAdmin' ? (view?.members ?? []).filter((m) => m.user.id !== me) : [];
  const [chosen, setChosen] = useState<number | null>(null);
  const successor = others.find((m) => m.user.id === chosen)?.user.id ?? others[0]?.user.id;
  const act = (work: () => Promise<void>) => {
    setAsking(null);
    void work().then(
      () => navigate({ to: '/groups' }),
      (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('groups.admin.failed')) }),
    );
  };
  return (
    <>
      <section className="group-admin__section" aria-labelledby={leaveHeadingId}>
        <h2 id={leaveHeadingId} className="lists__subheading">
          {t('groups.admin.leave.heading')}
        </h2>
        {blocked === 'onlyMember' && <p className="field__hint">{t('groups.admin.leave.onlyMember')}</p>}
        {blocked === 'onlyAdmin' && successor !== undefined && (
          <div className="field">
            <label htmlFor={successorId}>{t('groups.admin.leave.successor')}</label>
            <select id={successorId} value={successor} aria-describedby={`${successorId}-hint`} onChange={(event) => setChosen(Number(event.target.value))}>
              {others.map((m) => (
                <option key={m.user.id} value={m.user.id}>
                  {personName(m.user, t)}
                </option>
              ))}
            </select>
            <p id={`${successorId}-hint`} className="field__hint">
              {t('groups.admin.leave.onlyAdmin')}
            </p>
          </div>
        )}
        <button type="button" className="button button--secondary" disabled={blocked === 'onlyMember'} onClick={() => setAsking('leave')}>
          {t('groups.admin.leave.button')}
        </button>
      </section>
      {isAdmin && (
        <section className="group-admin__section" aria-labelledby={deleteHeadingId}>
          <h2 id={deleteHeadingId} className="lists__subheading">
            {t('groups.admin.delete.heading')}
          </h2>
          <p className="field__hint">{t('groups.admin.delete.intro')}</p>
          <button type="button" className="button button--danger" onClick={() => setAsking('delete')}>
            {t('groups.admin.delete.button')}
          </button>
        </section>
      )}
      <ConfirmDialog
        open={asking === 'leave'}
        title={t('groups.admin.leave.title')}
        description={t('groups.admin.leave.text')}
        confirmLabel={t('groups.admin.leave.confirm')}
        cancelLabel={t('groups.admin.cancel')}
        onConfirm={() => act(() => leaveGroup(group.id, blocked === 'onlyAdmin' ? successor : undefined))}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        title={t('groups.admin.delete.title', { name: group.name })}
        description={t('groups.admin.delete.text', { count: group.member_count })}
        confirmLabel={t('groups.admin.delete.confirm')}
        cancelLabel={t('groups.admin.cancel')}
        onConfirm={() => act(() => deleteGroup(group.id))}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
