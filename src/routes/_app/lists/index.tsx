// '/lists' (docs/product.md §2: application layout, welcome and register checks): the member's own lists,
// the community's public lists, a dialog to create a list, and shortcuts to the biblical prayers,
// bookmarks and my prayers. Reads the local database; pulls GET list when it opens (offline: the
// lists already held are shown).
import { useEffect, useState } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { createList } from '../../../commands';
import { useCommunityLists, useMyLists } from '../../../db/list-queries';
import type { ShownList } from '../../../db/shown-lists';
import { pulls } from '../../../sync/client';
import { OverviewListCard } from '../../../components/list-card';
import { toListCard } from './-list-card-data';
import { ListFormDialog, type ListFormValues } from '../../../components/list-form-dialog';
import { PlusIcon } from '../../../components/icons';
import { changeTexts, useChangeToast } from '../../-change-toast';
import { requireRegistered } from '../../-checks';
import { draftTarget } from '../../../state/drafts';

export const Route = createFileRoute('/_app/lists/')({
  beforeLoad: requireRegistered,
  component: ListsScreen,
});

function ListsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const announce = useChangeToast();
  const [isCreating, setCreating] = useState(false);
  useEffect(() => {
    void pulls.lists();
  }, []);

  const create = async (values: ListFormValues) => {
    const input = { name: values.name, description: values.description || null, visibility: values.visibility };
    const { id } = await announce(() => createList(input), changeTexts(t, 'listCreated'));
    setCreating(false);
    await navigate({ to: '/lists/$listId', params: { listId: String(id) } });
  };

  return (
    <section className="lists" aria-labelledby="lists-heading">
      <title>{`${t('lists.title')} · ${t('app.name')}`}</title>
      <div className="lists__top">
        <h1 id="lists-heading" className="feed__heading">
          {t('lists.heading')}
        </h1>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          <PlusIcon />
          <span>{t('lists.newList')}</span>
        </button>
      </div>
      <p className="lists__lead">{t('lists.lead')}</p>
      <QuickLinks />
      <ListsSection id="my-lists-heading" heading={t('lists.myLists')} lists={useMyLists()} empty={t('lists.myListsEmpty')} />
      <ListsSection id="community-lists-heading" heading={t('lists.community')} lists={useCommunityLists()} empty={t('lists.communityEmpty')} />
      <ListFormDialog open={isCreating} onOpenChange={setCreating} mode="create" draftTarget={draftTarget('list')} onSubmit={create} />
    </section>
  );
}

function QuickLinks() {
  const { t } = useTranslation();
  return (
    <nav className="lists-links" aria-label={t('lists.quickLinks')}>
      <Link to="/lists/biblical-prayers" className="lists-links__item">
        <span className="lists-links__name">{t('lists.biblicalLink')}</span>
        <span className="lists-links__hint">{t('lists.biblicalHint')}</span>
      </Link>
      <Link to="/lists/bookmarks" className="lists-links__item">
        <span className="lists-links__name">{t('lists.bookmarksLink')}</span>
        <span className="lists-links__hint">{t('lists.bookmarksHint')}</span>
      </Link>
      <Link to="/lists/my-prayers" className="lists-links__item">
        <span className="lists-links__name">{t('lists.myPrayersLink')}</span>
        <span className="lists-links__hint">{t('lists.myPrayersHint')}</span>
      </Link>
    </nav>
  );
}

/** One section of the overview (mine, the community's): its heading and its lists' cards. */
function ListsSection({ id, heading, lists, empty }: { id: string; heading: string; lists: ShownList[] | undefined; empty: string }) {
  const { t } = useTranslation();
  return (
    <section className="lists__section" aria-labelledby={id}>
      <h2 id={id} className="lists__subheading">
        {heading}
      </h2>
      {!lists ? (
        <p className="feed__note">{t('lists.loading')}</p>
      ) : lists.length === 0 ? (
        <p className="feed__note">{empty}</p>
      ) : (
        <ul className="lists__cards">
          {lists.map((list) => (
            <li key={list.id}>
              <OverviewListCard list={toListCard(list)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
