// '/lists/my-prayers' (docs/product.md §2: application layout, welcome and register checks): the member's own
// prayer requests, from every channel, answered ones included (useMyRequests). The engine's
// prefetch pulls them (post/session/my-prayers); the screen asks for a fresh prefetch on open.
import { useEffect } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMyRequests } from '../../../db/post-queries';
import { useSavedSessionCounts } from '../../../db/queries';
import { syncEngine } from '../../../sync/client';
import { requireRegistered } from '../../-checks';
import { ListsBack } from './-lists-back';
import { PostList } from './-post-list';
import { PrayThroughLink } from './-pray-through';

export const Route = createFileRoute('/_app/lists/my-prayers')({
  beforeLoad: requireRegistered,
  component: MyPrayersScreen,
});

function MyPrayersScreen() {
  const { t } = useTranslation();
  const posts = useMyRequests();
  const sessionCounts = useSavedSessionCounts();
  useEffect(() => {
    void syncEngine().then((engine) => engine.prefetch());
  }, []);
  return (
    <section className="lists" aria-labelledby="my-prayers-heading">
      <title>{`${t('lists.myPrayers.title')} · ${t('app.name')}`}</title>
      <ListsBack />
      <h1 id="my-prayers-heading" className="feed__heading">
        {t('lists.myPrayers.heading')}
      </h1>
      <p className="lists__lead">{t('lists.myPrayers.lead')}</p>
      {(sessionCounts?.myPrayers ?? 0) > 0 && <PrayThroughLink source="my-prayers" />}
      {!posts && <p className="feed__note">{t('lists.loading')}</p>}
      {posts?.length === 0 && (
        <>
          <p className="feed__note">{t('lists.myPrayers.empty')}</p>
          <Link to="/community" className="button button--secondary">
            {t('lists.myPrayers.toCommunity')}
          </Link>
        </>
      )}
      {posts && posts.length > 0 && <PostList posts={posts} />}
    </section>
  );
}
