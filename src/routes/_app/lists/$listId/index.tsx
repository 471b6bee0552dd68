// '/lists/{id}' (docs/product.md §2): one list and its items from the local database. Everyone who can see
// the list prays and bookmarks its items; its owner (docs/product.md §6; in a group's list every member) adds items, edits, shares or deletes
// the list, and works the items' actions menu (docs/product.md §4), with a view of the archived items.
// Pulls GET list/{id} when it opens and when the view changes; offline, what is held is shown.
import { useEffect, useState } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { addListItem } from '../../../../commands';
import { useList, useListItems } from '../../../../db/list-queries';
import type { ShownList } from '../../../../db/shown-lists';
import { pulls } from '../../../../sync/client';
import { ArrowLeftIcon, FlameIcon, PlusIcon } from '../../../../components/icons';
import { changeTexts, useChangeToast } from '../../../-change-toast';
import { ItemFormDialog, type ItemFormValues } from '../../../../components/item-form-dialog';
import { parseLocalIdParam } from '../-list-params';
import { useRealIdAddress } from '../-real-id-address';
import { useItemActions } from '../-item-actions';
import { ItemList } from '../-item-list';
import { ListHeader } from '../-list-header';
import { draftTarget } from '../../../../state/drafts';

export const Route = createFileRoute('/_app/lists/$listId/')({
  // An id that is not one fails route validation: page-not-found (docs/product.md §2, §8).
  beforeLoad: ({ params }) => void parseLocalIdParam(params.listId),
  component: ListScreen,
});

function ListScreen() {
  const { t } = useTranslation();
  const listId = parseLocalIdParam(Route.useParams().listId);
  const list = useList(listId);
  const [isArchivedView, setArchivedView] = useState(false);
  const shownId = list?.id ?? listId;
  useRealIdAddress({ listId }, { listId: list?.id });
  useEffect(() => {
    if (shownId > 0) void pulls.list(shownId, isArchivedView);
  }, [shownId, isArchivedView]);

  if (list === undefined) return <p className="feed__note">{t('lists.loading')}</p>;
  if (list === null) return <ListNotFound />;
  return (
    <section className="lists" aria-labelledby="list-heading">
      <title>{`${list.name} · ${t('app.name')}`}</title>
      <ListHeader list={list} headingId="list-heading" />
      <ListItems list={list} isArchivedView={canEditItems(list) && isArchivedView} onArchivedViewChange={setArchivedView} />
    </section>
  );
}

function ListNotFound() {
  const { t } = useTranslation();
  return (
    <section className="lists">
      <h1 className="feed__heading">{t('lists.list.notFound')}</h1>
      <p className="feed__note">{t('lists.list.notFoundHint')}</p>
      <Link to="/lists" className="button button--secondary">
        <ArrowLeftIcon />
        <span>{t('lists.list.back')}</span>
      </Link>
    </section>
  );
}

/** The owner works a list's items; a group's list (issue #28 item 4), every member of the group (only they hold it). */
function canEditItems(list: ShownList): boolean {
  return list.is_mine || (list.group_id ?? null) !== null;
}

type ListItemsProps = { list: ShownList; isArchivedView: boolean; onArchivedViewChange: (archived: boolean) => void };

function ListItems({ list, isArchivedView, onArchivedViewChange }: ListItemsProps) {
  const { t } = useTranslation();
  const announce = useChangeToast();
  const items = useListItems(list.id, { archived: isArchivedView });
  const actions = useItemActions();
  const [isAdding, setAdding] = useState(false);

  const add = async (values: ItemFormValues) => {
    const input = { text: values.text, title: values.title || null, reference: values.reference || null };
    await announce(() => addListItem(list.id, input), changeTexts(t, 'itemAdded'));
    setAdding(false);
  };

  const canEdit = canEditItems(list);
  const empty = isArchivedView ? t('lists.list.emptyArchived') : canEdit ? t('lists.list.emptyOwner') : t('lists.list.empty');
  return (
    <>
      <div className="lists__toolbar">
        {!isArchivedView && list.shownItemCount > 0 && (
          <Link className="button button--primary" to="/session" search={{ list: list.id }}>
            <FlameIcon />
            <span>{t('lists.list.pray')}</span>
          </Link>
        )}
        {canEdit && (
          <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
            <PlusIcon />
            <span>{t('lists.list.addItem')}</span>
          </button>
        )}
      </div>
      {canEdit && <ViewToggle isArchived={isArchivedView} onChange={onArchivedViewChange} />}
      <h2 id="list-items-heading" className="visually-hidden">
        {isArchivedView ? t('lists.list.archived') : t('lists.list.active')}
      </h2>
      {!items && <p className="feed__note">{t('lists.loading')}</p>}
      {items?.length === 0 && <p className="feed__note">{empty}</p>}
      {items && items.length > 0 && <ItemList items={items} actions={actions} labelledBy="list-items-heading" />}
      {actions.dialogs}
      <ItemFormDialog open={isAdding} onOpenChange={setAdding} mode="add" draftTarget={draftTarget('item', list.id)} onSubmit={add} />
    </>
  );
}

function ViewToggle({ isArchived, onChange }: { isArchived: boolean; onChange: (archived: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="chips lists__view">
      <legend className="visually-hidden">{t('lists.list.view')}</legend>
      {([false, true] as const).map((archived) => (
        <label key={String(archived)} className="chip">
          <input type="radio" name="list-view" checked={isArchived === archived} onChange={() => onChange(archived)} />
          <span>{archived ? t('lists.list.archived') : t('lists.list.active')}</span>
        </label>
      ))}
    </fieldset>
  );
}
