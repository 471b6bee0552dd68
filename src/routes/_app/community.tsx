// '/community': the community feed from the local database (live query), with filters, the
// new-posts control, and pray / bookmark on each post. Nothing here waits for the network.
import { useDeferredValue, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFeed, useNewCount, type ShownPost } from '../../db/queries';
import { FeedToolbar, type FeedKindFilter } from '../../components/feed-toolbar';
import { useFeedPull } from '../-feed-pull';
import { FeedPost } from '../-feed-post';

export const Route = createFileRoute('/_app/community')({ component: CommunityScreen });

function CommunityScreen() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<FeedKindFilter>('ALL');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim()) || undefined;
  const type = kind === 'ALL' ? undefined : kind;
  const posts = useFeed({ type, search: deferredSearch });
  const pull = useFeedPull(type, deferredSearch);
  const newCount = useNewCount();
  const isFiltered = deferredSearch !== undefined || type !== undefined;
  const lastServerId = posts?.filter((post) => post.id > 0).at(-1)?.id;
  return (
    <section className="feed" aria-labelledby="feed-heading">
      <title>{`${t('feed.title')} · ${t('app.name')}`}</title>
      <h1 id="feed-heading" className="feed__heading">
        {t('feed.heading')}
      </h1>
      <FeedToolbar kind={kind} search={search} onKindChange={setKind} onSearchChange={setSearch} />
      {newCount > 0 && !isFiltered && (
        <button type="button" className="new-posts" onClick={pull.showNew}>
          {t('feed.newPosts', { count: newCount })}
        </button>
      )}
      <FeedPosts posts={posts} isFiltered={isFiltered} />
      {pull.hasMore && posts && posts.length > 0 && (
        <button
          type="button"
          className="button button--secondary load-more"
          disabled={pull.isLoadingMore}
          onClick={() => pull.loadMore(lastServerId)}
        >
          {pull.isLoadingMore ? t('feed.loadingMore') : t('feed.loadMore')}
        </button>
      )}
    </section>
  );
}

function FeedPosts({ posts, isFiltered }: { posts: ShownPost[] | undefined; isFiltered: boolean }) {
  const { t } = useTranslation();
  if (!posts) return <p className="feed__note">{t('feed.loading')}</p>;
  if (posts.length === 0) {
    return <p className="feed__note">{isFiltered ? t('feed.emptySearch') : t('feed.empty')}</p>;
  }
  return (
    <ol className="feed__list">
      {posts.map((post) => (
        <li key={post.id}>
          <FeedPost post={post} />
        </li>
      ))}
    </ol>
  );
}
