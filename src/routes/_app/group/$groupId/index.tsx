// '/group/{id}' (issue #28 items 2-3; docs/product.md §11): a prayer group's page from the local
// database: its name, description and member count, "Post to this group" (the composer, posting
// into it), "Invite people" (its link), "Group settings", "Leave group" (asked first), its prayer lists and
// "Pray through this group" (issue #28 item 4, -group-lists.tsx), and its feed with the community
// feed's cards. A group made here opens at its temporary id, offline too, and the address follows
// its real id once the server has it. The texts come with the route (src/i18n/load-group-texts.ts).
import { useEffect, useId, useState } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useGroup } from '../../../../db/group-queries';
import type { ShownGroup } from '../../../../db/group-reads';
import { lazyCommand } from '../../../../commands/lazy';
import { loadGroupTexts } from '../../../../i18n/load-group-texts';
import { ArrowLeftIcon, PlusIcon } from '../../../../components/icons';
import { bannerMessage } from '../../../../components/api-error';
import { useBanner } from '../../../../components/banner-provider';
import { ComposerDialog, type ComposerValues } from '../../../../components/composer-dialog';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { GroupPicture } from '../../../../components/group-picture';
import { postTexts, useChangeToast } from '../../../-change-toast';
import { FormBotCheckNotice } from '../../../-bot-check';
import { parseLocalIdParam } from '../../lists/-list-params';
import { GroupGone } from '../-group-ended';
import { GroupFeed } from '../-group-feed';
import { GroupLists } from '../-group-lists';
import { InvitePanel } from '../-invite-panel';
import { groupChangeTexts } from '../-group-texts';
import { useGroupSeen } from '../../../../state/group-seen';

const createRequest = lazyCommand('createRequest');
const leaveGroup = lazyCommand('leaveGroup');

export const Route = createFileRoute('/_app/group/$groupId/')({
  // An id that is not one fails route validation: page-not-found (docs/product.md §2, §8).
  beforeLoad: ({ params }) => void parseLocalIdParam(params.groupId),
  loader: loadGroupTexts,
  component: GroupScreen,
});

function GroupScreen() {
  const { t } = useTranslation();
  const groupId = parseLocalIdParam(Route.useParams().groupId);
  const group = useGroup(groupId);
  useRealGroupAddress(groupId, group?.id);
  if (group === undefined) return <p className="feed__note">{t('groups.screens.page.loading')}</p>;
  // Issue #49 major 4: a former member is told why (removed, left); anyone else gets "not found".
  if (group === null) return <GroupGone groupId={groupId} back={<BackToGroups />} missing={<GroupMissing />} />;
  return <GroupPage group={group} />;
}

/** A group made here opens at its temporary id; once it has its real one, the address follows (replacing the entry). */
function useRealGroupAddress(addressId: number, shownId: number | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (addressId < 0 && shownId !== undefined && shownId > 0) void navigate({ to: '/group/$groupId', params: { groupId: String(shownId) }, replace: true });
  }, [addressId, shownId, navigate]);
}

function BackToGroups() {
  const { t } = useTranslation();
  return (
    <Link to="/groups" className="back-link">
      <ArrowLeftIcon size={18} />
      <span>{t('groups.screens.page.back')}</span>
    </Link>
  );
}

function GroupMissing() {
  const { t } = useTranslation();
  return (
    <section className="lists" aria-labelledby="group-missing-heading">
      <title>{`${t('groups.screens.page.missingTitle')} · ${t('app.name')}`}</title>
      <BackToGroups />
      <h1 id="group-missing-heading" className="feed__heading">
        {t('groups.screens.page.missingTitle')}
      </h1>
      <p className="feed__note">{t('groups.screens.page.missingText')}</p>
    </section>
  );
}

function GroupPage({ group }: { group: ShownGroup }) {
  const { t } = useTranslation();
  const headingId = useId();
  const feedHeadingId = useId();
  const listsHeadingId = useId();
  // Issue #49 item 4: the group's posts are seen while its page is open (the Groups badge drops them).
  useGroupSeen(group.id);
  return (
    <section className="lists group" aria-labelledby={headingId}>
      <title>{`${group.name} · ${t('app.name')}`}</title>
      <BackToGroups />
      <GroupHeader group={group} headingId={headingId} />
      <GroupLists groupId={group.id} headingId={listsHeadingId} />
      <h2 id={feedHeadingId} className="lists__subheading">
        {t('groups.screens.page.feedLabel')}
      </h2>
      <GroupFeed groupId={group.id} isPending={group.isPending} headingId={feedHeadingId} />
    </section>
  );
}

function GroupHeader({ group, headingId }: { group: ShownGroup; headingId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const announce = useChangeToast();
  const [isPosting, setPosting] = useState(false);
  const [isInviting, setInviting] = useState(false);
  const [isLeaving, setLeaving] = useState(false);

  const post = async (values: ComposerValues) => {
    await announce(() => createRequest(values), postTexts(t, values.groupName));
    setPosting(false);
  };
  const leave = () => {
    setLeaving(false);
    void announce(() => leaveGroup(group.id), groupChangeTexts(t, 'left')).then(
      () => navigate({ to: '/groups' }),
      (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('groups.screens.page.leaveFailed')) }),
    );
  };

  return (
    <header className="group-head">
      <div className="group-identity">
        <GroupPicture name={group.name} picture={group.picture} size={56} />
        <h1 id={headingId} className="feed__heading group-head__title">
          {group.name}
        </h1>
      </div>
      {group.description && <p className="group-head__about">{group.description}</p>}
      <p className="group-head__meta">
        <span>{t('groups.screens.members', { count: group.member_count })}</span>
        <span className="badge lists-badge">{t(`groups.screens.role.${group.my_role}`)}</span>
      </p>
      {group.isPending && <p className="post-card__pending">{t('groups.screens.page.pendingNote')}</p>}
      <div className="group-head__actions">
        <button type="button" className="button button--primary" onClick={() => setPosting(true)}>
          <PlusIcon />
          <span>{t('groups.screens.page.post')}</span>
        </button>
        <button type="button" className="button button--secondary" onClick={() => setInviting(true)}>
          {t('groups.screens.page.invite')}
        </button>
        <Link to="/group/$groupId/settings" params={{ groupId: String(group.id) }} className="button button--secondary">
          {t('groups.screens.page.settings')}
        </Link>
        <button type="button" className="button button--quiet" onClick={() => setLeaving(true)}>
          {t('groups.screens.page.leave')}
        </button>
      </div>
      <ComposerDialog open={isPosting} onOpenChange={setPosting} onSubmit={post} groupId={group.id} notice={<FormBotCheckNotice />} />
      <InvitePanel group={group} open={isInviting} onOpenChange={setInviting} />
      <ConfirmDialog
        open={isLeaving}
        title={t('groups.screens.page.leaveTitle')}
        description={t('groups.screens.page.leaveText')}
        confirmLabel={t('groups.screens.page.leaveConfirm')}
        cancelLabel={t('groups.screens.page.cancel')}
        onConfirm={leave}
        onCancel={() => setLeaving(false)}
      />
    </header>
  );
}
