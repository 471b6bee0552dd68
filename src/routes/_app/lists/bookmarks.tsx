// '/lists/bookmarks' (docs/product.md §2: application layout, welcome and register checks): what the member
// bookmarked, prayers from lists (GET list/item/bookmark) and community posts (the BOOKMARKED
// feed filter of docs/product.md §3). Both are pulled when the screen opens; offline, what is held is shown.
import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useBookmarkedItems } from '../../../db/list-queries';
import { useBookmarkedPosts } from '../../../db/post-queries';
import { useSavedSessionCounts } from '../../../db/queries';
import { pulls } from '../../../sync/client';
import { requireRegistered } from '../../-checks';
import { useItemActions } from './-item-actions';
import { ItemList } from './-item-list';
import { ListsBack } from './-lists-back';
import { PostList } from './-post-list';
import { PrayThroughLink } from './-pray-through';

export const Route = createFileRoute('/_app/lists/bookmarks')({
  beforeLoad: requireRegistered,
  component: BookmarksScreen,
});

function BookmarksScreen() {
  const { t } = useTranslation();
  const items = useBookmarkedItems();
  const posts = useBookmarkedPosts();
  const actions = useItemActions();
  const sessionCounts = useSavedSessionCounts();
  useEffect(() => {
    void pulls.bookmarkedItems();
    void pulls.feed({ type: 'BOOKMARKED' });
  }, []);
  return (
    <section className="lists" aria-labelledby="bookmarks-heading">
      <title>{`${t('lists.bookmarks.title')} · ${t('app.name')}`}</title>
      <ListsBack />
      <h1 id="bookmarks-heading" className="feed__heading">
        {t('lists.bookmarks.heading')}
      </h1>
      {(sessionCounts?.bookmarks ?? 0) > 0 && <PrayThroughLink source="bookmarks" />}
      <section className="lists__section" aria-labelledby="bookmarked-items-heading">
        <h2 id="bookmarked-items-heading" className="lists__subheading">
          {t('lists.bookmarks.items')}
        </h2>
        {!items && <p className="feed__note">{t('lists.loading')}</p>}
        {items?.length === 0 && <p className="feed__note">{t('lists.bookmarks.itemsEmpty')}</p>}
        {items && items.length > 0 && <ItemList items={items} actions={actions} labelledBy="bookmarked-items-heading" />}
      </section>
      <section className="lists__section" aria-labelledby="bookmarked-posts-heading">
        <h2 id="bookmarked-posts-heading" className="lists__subheading">
          {t('lists.bookmarks.posts')}
        </h2>
        {!posts && <p className="feed__note">{t('lists.loading')}</p>}
        {posts?.length === 0 && <p className="feed__note">{t('lists.bookmarks.postsEmpty')}</p>}
        {posts && posts.length > 0 && <PostList posts={posts} />}
      </section>
      {actions.dialogs}
    </section>
  );
}
