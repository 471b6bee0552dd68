// A group's feed (issue #28 item 3; docs/product.md §11): the community feed's list and cards
// (../../-feed-list.tsx: pray, comments, notes, bookmark, answered, report) over the group's posts
// in the local store (useGroupFeed), read a window at a time; past the local end it asks the engine
// for the next server page (the 'groupFeed' pull, GET group/{id}/posts). A group made here and not
// yet sent has only what was posted here. Nothing waits for the network.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupFeed } from '../../../db/group-queries';
import type { FeedItem } from '../../../db/feed-reads';
import type { VirtualListApi } from '../../../components/virtual-list';
import { pulls } from '../../../sync/client';
import { preloadCommands } from '../../../commands/lazy';
import { FeedList } from '../../-feed-list';
import { usePagedPull } from '../../-feed-pull';
// Here, not in the route file: a route file's side-effect imports stay in its part in the first load.
import '../../../styles/groups.css';

// Posts read at first, and added each time the reader nears the end of what is read.
const WINDOW_STEP = 40;

/**
 * The server pages of this group (the 'groupFeed' pull, GET group/{id}/posts): the first when it
 * opens, then "load more" from the last post held. Not while the group is pending here (made
 * offline, or a join not yet acknowledged): the server would answer 404 and the pull drop the
 * group; the first page is pulled once it is acknowledged. Offline or refused: the held rows are
 * what there is (a 404 drops the group: the screen says it is gone).
 */
function useGroupFeedPull(groupId: number, canPull: boolean) {
  const pull = useCallback((loadMore?: number) => (loadMore === undefined ? pulls.groupFeed(groupId) : pulls.groupFeed(groupId, { loadMore })), [groupId]);
  return usePagedPull(String(groupId), pull, canPull);
}

export function GroupFeed({ groupId, isPending, headingId }: { groupId: number; isPending: boolean; headingId: string }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(WINDOW_STEP);
  const posts = useGroupFeed(groupId, limit);
  const { hasMore, isLoadingMore, loadMore } = useGroupFeedPull(groupId, groupId > 0 && !isPending);
  const listApi = useRef<VirtualListApi>(null);
  const items = useMemo<FeedItem[] | undefined>(() => posts?.map((post) => ({ id: post.id, createdAtMs: post.createdAtMs, collapsedIds: [] })), [posts]);
  const isLocalEnd = posts !== undefined && posts.length < limit;
  // The keyset cursor of GET group/{id}/posts: the oldest post the server sent (a post written here has no server id yet).
  const cursor = posts?.reduce<number | undefined>((last, post) => (post.id > 0 ? post.id : last), undefined);
  const autoPull = useRef<string | undefined>(undefined);

  const onEndReached = useCallback(() => {
    if (!isLocalEnd) return setLimit((n) => n + WINDOW_STEP);
    const state = `${String(cursor)}:${String(posts?.length)}`;
    if (!hasMore || isLoadingMore || cursor === undefined || autoPull.current === state) return;
    autoPull.current = state;
    loadMore(cursor);
  }, [isLocalEnd, cursor, posts?.length, hasMore, isLoadingMore, loadMore]);

  if (!items) return <p className="feed__note">{t('groups.screens.page.loading')}</p>;
  return (
    // Pray and bookmark load their commands on a touch or a focus here, as in the community feed.
    <div className="feed" onPointerDown={preloadCommands} onFocus={preloadCommands}>
      {items.length === 0 ? (
        <p className="feed__note">{t('groups.screens.page.feedEmpty')}</p>
      ) : (
        <FeedList items={items} setSize={items.length} labelledBy={headingId} onEndReached={onEndReached} apiRef={listApi} />
      )}
      {hasMore && isLocalEnd && cursor !== undefined && (
        <button type="button" className="button button--secondary load-more" disabled={isLoadingMore} onClick={() => loadMore(cursor)}>
          {isLoadingMore ? t('feed.loadingMore') : t('feed.loadMore')}
        </button>
      )}
    </div>
  );
}
