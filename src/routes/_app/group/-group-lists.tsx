// A group's prayer lists and its guided session on the group page (issue #28 item 4; docs/product.md
// §11): "Pray through this group" (the session over the group's open requests, /session?group=<id>),
// the group's lists from the local store (each a link to the list screen, where every member adds
// and prays) and "New list", made in the group offline first (createList with groupId: a group made
// here and not yet sent is waited for). The lists come with the pull and leave with the group.
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { lazyCommand } from '../../../commands/lazy';
import { useGroupLists } from '../../../db/group-list-reads';
import type { ShownList } from '../../../db/shown-lists';
import { FlameIcon, PlusIcon } from '../../../components/icons';
import { ListCard } from '../../../components/list-card';
import { ListFormDialog, type ListFormValues } from '../../../components/list-form-dialog';
import { changeTexts, useChangeToast } from '../../-change-toast';
import { draftTarget } from '../../../state/drafts';

const createList = lazyCommand('createList');

export function GroupLists({ groupId, headingId }: { groupId: number; headingId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const announce = useChangeToast();
  const lists = useGroupLists(groupId);
  const [isCreating, setCreating] = useState(false);

  const create = async (values: ListFormValues) => {
    const input = { name: values.name, description: values.description || null, groupId };
    const { id } = await announce(() => createList(input), changeTexts(t, 'listCreated'));
    setCreating(false);
    await navigate({ to: '/lists/$listId', params: { listId: String(id) } });
  };

  return (
    <div className="group-lists">
      <h2 id={headingId} className="lists__subheading">
        {t('groups.screens.lists.heading')}
      </h2>
      <p className="group-head__about">{t('groups.screens.lists.lead')}</p>
      <div className="group-head__actions">
        <Link to="/session" search={{ group: groupId }} className="button button--primary">
          <FlameIcon />
          <span>{t('groups.screens.lists.pray')}</span>
        </Link>
        <button type="button" className="button button--secondary" onClick={() => setCreating(true)}>
          <PlusIcon />
          <span>{t('groups.screens.lists.new')}</span>
        </button>
      </div>
      {lists?.length === 0 && <p className="feed__note">{t('groups.screens.lists.empty')}</p>}
      {lists && lists.length > 0 && (
        <ul className="group-lists__items" aria-labelledby={headingId}>
          {lists.map((list) => (
            <GroupListLink key={list.id} list={list} />
          ))}
        </ul>
      )}
      <ListFormDialog open={isCreating} onOpenChange={setCreating} mode="create" inGroup draftTarget={draftTarget('list', 'group', groupId)} onSubmit={create} />
    </div>
  );
}

function GroupListLink({ list }: { list: ShownList }) {
  const { t } = useTranslation();
  const meta = (
    <>
      <span>{t('groups.screens.lists.itemCount', { count: list.shownItemCount })}</span>
      {list.isPending && <span className="post-card__pending">{t('groups.screens.pending')}</span>}
    </>
  );
  return <ListCard as="li" list={list} meta={meta} />;
}
