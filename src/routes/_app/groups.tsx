// '/groups' (issue #28 item 1; docs/product.md §11): my prayer groups from the local database, each a
// link to its feed, and "Create a group" (a member's; a guest joins by a link only). A group made
// here shows at once, marked as not sent yet, offline too. The texts come with the route
// (src/i18n/load-group-texts.ts).
import { useState } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMyGroups } from '../../db/group-queries';
import { useGroupsUnread } from '../../db/group-unread-queries';
import type { ShownGroup } from '../../db/group-reads';
import { useSession } from '../../db/queries';
import { lazyCommand } from '../../commands/lazy';
import { loadGroupTexts } from '../../i18n/load-group-texts';
import { PlusIcon } from '../../components/icons';
import { GroupPicture } from '../../components/group-picture';
import { useChangeToast } from '../-change-toast';
import { GroupFormDialog, type GroupFormValues } from './group/-group-form-dialog';
import { groupChangeTexts } from './group/-group-texts';

const createGroup = lazyCommand('createGroup');

export const Route = createFileRoute('/_app/groups')({
  loader: loadGroupTexts,
  component: GroupsScreen,
});

function GroupsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const announce = useChangeToast();
  const session = useSession();
  const [isCreating, setCreating] = useState(false);
  const isMember = session.kind === 'member';

  const create = async (values: GroupFormValues) => {
    const { id } = await announce(() => createGroup({ name: values.name, description: values.description || null }), groupChangeTexts(t, 'created'));
    setCreating(false);
    await navigate({ to: '/group/$groupId', params: { groupId: String(id) } });
  };

  return (
    <section className="lists groups" aria-labelledby="groups-heading">
      <title>{`${t('groups.screens.title')} · ${t('app.name')}`}</title>
      <div className="lists__top">
        <h1 id="groups-heading" className="feed__heading">
          {t('groups.screens.heading')}
        </h1>
        {isMember && (
          <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
            <PlusIcon />
            <span>{t('groups.screens.create')}</span>
          </button>
        )}
      </div>
      <p className="lists__lead">{t('groups.screens.lead')}</p>
      {session.kind === 'guest' && (
        // Issue #49 (review m2): a guest can make the account from here, and comes back here.
        <div className="feed__note">
          <p>{t('groups.screens.form.membersOnly')}</p>
          <Link to="/register" search={{ next: '/groups' }} className="button button--secondary">
            {t('account.createAccount')}
          </Link>
        </div>
      )}
      <GroupCards groups={useMyGroups()} />
      <GroupFormDialog open={isCreating} onOpenChange={setCreating} onSubmit={create} />
    </section>
  );
}

function GroupCards({ groups }: { groups: ShownGroup[] | undefined }) {
  const { t } = useTranslation();
  // Issue #49 item 4: each group's posts by others since it was last opened here.
  const unread = useGroupsUnread();
  if (!groups) return <p className="feed__note">{t('groups.screens.loading')}</p>;
  if (groups.length === 0) return <p className="feed__note">{t('groups.screens.empty')}</p>;
  return (
    <ul className="lists__cards" aria-labelledby="groups-heading">
      {groups.map((group) => (
        <li key={group.id}>
          <article className="list-card">
            <div className="group-identity">
              <GroupPicture name={group.name} picture={group.picture} />
              <h2 className="list-card__name">
                <Link to="/group/$groupId" params={{ groupId: String(group.id) }}>
                  {group.name}
                </Link>
              </h2>
            </div>
            {group.description && <p className="list-card__description">{group.description}</p>}
            <p className="list-card__meta">
              <span>{t('groups.screens.members', { count: group.member_count })}</span>
              <span className="badge lists-badge">{t(`groups.screens.role.${group.my_role}`)}</span>
              <UnreadBadge count={unread?.get(group.id) ?? 0} />
            </p>
            {group.isPending && <p className="post-card__pending">{t('groups.screens.pending')}</p>}
          </article>
        </li>
      ))}
    </ul>
  );
}

function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return <span className="badge group-unread">{t('groups.screens.unread', { count, shown: count > 99 ? '99+' : String(count) })}</span>;
}
