// The head of a list's screen: name, description, counts, and for its owner (docs/product.md §6 list owner
// actions) a menu to edit it, share it with the community or make it private, and delete it. A group's
// list (issue #28 item 4): the menu is its creator's or a group admin's, without sharing (it stays in
// the group), and the way back leads to the group.
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { VISIBILITY } from '../../../../common/contract';
import { deleteList, editList } from '../../../commands';
import { useGroup } from '../../../db/group-queries';
import type { ShownList } from '../../../db/shown-lists';
import { ActionsDropdown, type DropdownEntry } from '../../../components/actions-dropdown';
import { bannerMessage } from '../../../components/api-error';
import { useBanner } from '../../../components/banner-provider';
import { changeTexts, useChangeToast } from '../../-change-toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ArrowLeftIcon } from '../../../components/icons';
import { ListFormDialog, type ListFormValues } from '../../../components/list-form-dialog';
import { draftTarget } from '../../../state/drafts';

type ListHeaderProps = { list: ShownList; headingId: string };

export function ListHeader({ list, headingId }: ListHeaderProps) {
  const { t } = useTranslation();
  const isPublic = list.visibility === VISIBILITY.PUBLIC;
  const groupId = list.group_id ?? null;
  const group = useGroup(groupId ?? 0);
  const owner = useOwnerActions(list);
  const canManage = list.is_mine || group?.my_role === 'admin';
  return (
    <header className="list-head">
      <div className="list-head__top">
        {groupId === null ? (
          <Link to="/lists" className="list-head__back">
            <ArrowLeftIcon />
            <span>{t('lists.list.back')}</span>
          </Link>
        ) : (
          <Link to="/group/$groupId" params={{ groupId: String(groupId) }} className="list-head__back">
            <ArrowLeftIcon />
            <span>{group?.name ?? t('lists.list.back')}</span>
          </Link>
        )}
        {/* Beside the back link, not a line of its own: it comes and goes with each change's sync
            (an archive or a restore counts), and a line above the toolbar and the view toggle
            moved them under a finger or a click on its way (docs/decisions/0167-no-line-comes-and-goes-above-a-list-s-controls.md). */}
        {list.isPending && <span className="post-card__pending">{t('lists.pending')}</span>}
      </div>
      <div className="list-head__title">
        <h1 id={headingId} className="feed__heading">
          {list.name}
        </h1>
        {canManage && <ActionsDropdown label={t('lists.list.menu')} entries={owner.entries} />}
      </div>
      {list.description && <p className="lists__lead">{list.description}</p>}
      <p className="list-card__meta">
        <span>{t('lists.itemCount', { count: list.shownItemCount })}</span>
        {list.qtd > 0 && <span>{t('lists.peopleCount', { count: list.qtd })}</span>}
        {!list.is_mine && list.user && <span>{t('lists.byAuthor', { name: list.user.name })}</span>}
        {/* A group's list is the group's, not "Private" (issue #49, review m12): its badge names the group. */}
        {groupId === null ? (
          <span className="badge lists-badge">{isPublic ? t('lists.public') : t('lists.private')}</span>
        ) : (
          group && <span className="badge lists-badge">{group.name}</span>
        )}
      </p>
      {owner.dialogs}
    </header>
  );
}

function useOwnerActions(list: ShownList) {
  const { t } = useTranslation();
  const banner = useBanner();
  const navigate = useNavigate();
  const [isEditing, setEditing] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const isPublic = list.visibility === VISIBILITY.PUBLIC;
  const isGroupList = (list.group_id ?? null) !== null;
  const announce = useChangeToast();
  const fail = (err: unknown) => banner.show({ kind: 'error', text: bannerMessage(err, t, t('lists.item.actionFailed')) });

  const save = async (values: ListFormValues) => {
    await announce(
      () => editList(list.id, { name: values.name, description: values.description || null, visibility: values.visibility }),
      changeTexts(t, 'listUpdated'),
    );
    setEditing(false);
  };
  // Issue #12: 'shared with the community' only once the server has the change.
  const visibilityTexts = (area: 'listPublic' | 'listPrivate') => ({
    waiting: t(`syncFeedback.${area}.waiting`),
    sending: t(`syncFeedback.${area}.sending`),
    sent: t(`syncFeedback.${area}.sent`),
  });
  const share = () =>
    void announce(() => editList(list.id, { visibility: isPublic ? 'PRIVATE' : 'PUBLIC' }), visibilityTexts(isPublic ? 'listPrivate' : 'listPublic')).then(
      undefined,
      fail,
    );
  const remove = () => {
    setDeleting(false);
    void announce(() => deleteList(list.id, { undoable: true }), changeTexts(t, 'listDeleted'), {}).then(async () => {
      if (isGroupList) await navigate({ to: '/group/$groupId', params: { groupId: String(list.group_id) } });
      else await navigate({ to: '/lists' });
    }, fail);
  };

  const entries: DropdownEntry[] = [
    { key: 'edit', label: t('lists.list.edit'), onSelect: () => setEditing(true) },
    ...(isGroupList ? [] : [{ key: 'share', label: isPublic ? t('lists.list.makePrivate') : t('lists.list.makePublic'), onSelect: share }]),
    { key: 'delete', label: t('lists.list.delete'), onSelect: () => setDeleting(true), isDanger: true },
  ];
  const initial: ListFormValues = { name: list.name, description: list.description ?? '', visibility: isPublic ? 'PUBLIC' : 'PRIVATE' };
  const dialogs = (
    <>
      <ListFormDialog open={isEditing} onOpenChange={setEditing} mode="edit" draftTarget={draftTarget('editList', list.id)} initial={initial} inGroup={isGroupList} onSubmit={save} />
      <ConfirmDialog
        open={isDeleting}
        title={t('lists.list.deleteTitle')}
        description={t('lists.list.deleteBody')}
        confirmLabel={t('lists.list.deleteConfirm')}
        cancelLabel={t('lists.list.keep')}
        onConfirm={remove}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
  return { entries, dialogs };
}
