// A group's settings screen (issue #28 items 1, 2; docs/product.md §11 'Roles'), mounted at
// /group/{id}/settings. Every member sees the group's name and description, its members with their
// roles, and "Leave group"; an admin also renames it, sets roles, removes members, makes a new invite
// link, decides requests to join and deletes the group. Changes go through the outbox (offline too,
// shown at once); the members and requests come from the engine's pulls and stay readable offline as
// last loaded (docs/decisions/0193-group-administration-on-the-device.md). Not a route (the '-'
// prefix).
import { useEffect, useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useGroup } from '../db/group-queries';
import { useSession } from '../db/queries';
import type { ShownGroup } from '../db/group-reads';
import { useGroupAdmin } from '../db/group-admin-queries';
import type { GroupAdminView } from '../db/group-admin-reads';
import { loadGroupTexts } from '../i18n/load-group-texts';
import { pulls } from '../sync/client';
import { ArrowLeftIcon } from '../components/icons';
import { GroupDetails } from './-group-admin-details';
import { GroupPictureAdmin } from './-group-admin-picture';
import { GroupMembers } from './-group-admin-members';
import { GroupInvite } from './-group-admin-invite';
import { GroupRequests } from './-group-admin-requests';
import { GroupLeaveAndDelete } from './-group-admin-danger';
import { GroupNotifySetting } from '../components/group-notify-setting';
import '../styles/groups.css';
import '../styles/group-admin.css';

/** Whether the members could be read the last time they were asked for (null: still asking). */
export type MembersLoad = { status: 'loading' | 'ok' | 'failed'; retry: () => void; more: () => void };

export function GroupAdminPage({ groupId }: { groupId: number }) {
  const { t, i18n } = useTranslation();
  const group = useGroup(groupId);
  const ready = i18n.exists('groups.admin.title');
  useEffect(() => {
    // The route's loader normally has them already; asked here too in case this screen is mounted first.
    if (!ready) void loadGroupTexts();
  }, [ready]);
  if (!ready) return null;
  if (group === undefined) return <p className="feed__note">{t('groups.admin.loading')}</p>;
  if (group === null) return <GroupGone />;
  return <GroupAdmin group={group} />;
}

function GroupGone() {
  const { t } = useTranslation();
  return (
    <section className="lists" aria-labelledby="group-admin-missing">
      <title>{`${t('groups.admin.missingTitle')} · ${t('app.name')}`}</title>
      <h1 id="group-admin-missing" className="feed__heading">
        {t('groups.admin.missingTitle')}
      </h1>
      <p className="feed__note">{t('groups.admin.missingText')}</p>
    </section>
  );
}

/** Reads the group, its members and (for an admin) its requests when the screen opens; the members' pages on demand. */
function useAdminPulls(group: ShownGroup, view: GroupAdminView | undefined): MembersLoad {
  // The outcome of the latest reading, named by what was read (the group, the attempt): another one is still loading.
  const [outcome, setOutcome] = useState<{ key: string; status: MembersLoad['status'] } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const isAdmin = group.my_role === 'admin';
  const { id } = group;
  const key = `${id}:${attempt}`;
  useEffect(() => {
    if (id < 0) return;
    const settle = (status: MembersLoad['status']) => setOutcome({ key, status });
    void pulls.group(id).catch(() => undefined);
    void pulls.groupMembers(id).then((result) => settle(result.ok ? 'ok' : 'failed'), () => settle('failed'));
    if (isAdmin) void pulls.groupJoinRequests(id).catch(() => undefined);
  }, [id, isAdmin, key]);
  const more = () => {
    if (!view) return;
    void pulls.groupMembers(id, view.membersPage + 1).then((result) => setOutcome({ key, status: result.ok ? 'ok' : 'failed' }));
  };
  return { status: outcome?.key === key ? outcome.status : 'loading', retry: () => setAttempt((n) => n + 1), more };
}

function GroupAdmin({ group }: { group: ShownGroup }) {
  const { t } = useTranslation();
  const headingId = useId();
  const view = useGroupAdmin(group.id);
  const load = useAdminPulls(group, view);
  const me = useSession().user?.id ?? null;
  const isAdmin = group.my_role === 'admin';
  return (
    <section className="lists group group-admin" aria-labelledby={headingId}>
      <title>{`${t('groups.admin.title')} · ${group.name} · ${t('app.name')}`}</title>
      <Link to="/group/$groupId" params={{ groupId: String(group.id) }} className="back-link">
        <ArrowLeftIcon size={18} />
        <span>{t('groups.admin.back')}</span>
      </Link>
      <h1 id={headingId} className="feed__heading">
        {t('groups.admin.title')}
      </h1>
      <GroupDetails group={group} isAdmin={isAdmin} />
      {isAdmin && <GroupPictureAdmin group={group} />}
      <GroupNotifySetting groupId={group.id} />
      <GroupMembers group={group} view={view} load={load} isAdmin={isAdmin} me={me} />
      {isAdmin && <GroupInvite group={group} isRotating={view?.isRotating ?? false} />}
      {isAdmin && <GroupRequests group={group} view={view} failed={load.status === 'failed'} />}
      <GroupLeaveAndDelete group={group} view={view} isAdmin={isAdmin} me={me} />
    </section>
  );
}
